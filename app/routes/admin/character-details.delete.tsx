import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { detailTexts } from "~/lib/admin-models";
import { deleteDetail, getDetail } from "~/modules/admin/character-details.server";
import { formFailure } from "~/lib/forms";
import { deleteForm, editorAction, editorLoader } from "./+shared/console-action.server";
import type { Route } from "./+types/character-details.delete";

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => ({ name: (await getDetail(params.detailId)).name }));
}

export async function action({ request, params }: Route.ActionArgs) {
  return editorAction(request, deleteForm, {
    save: (admin) => deleteDetail(admin, params.detailId),
    done: ["/admin/character-details", "detail-deleted"],
  });
}

export default function DeleteDetail({ loaderData, actionData }: Route.ComponentProps) {
  const failure = formFailure(actionData);
  return (
    <ConfirmDelete
      title="Delete Character Detail"
      question={detailTexts.deleteQuestion}
      name={loaderData.name}
      error={failure ? `${detailTexts.deleteFailed}: ${failure.error}` : undefined}
      backTo="/admin/character-details"
    />
  );
}
