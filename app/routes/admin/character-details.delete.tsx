import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { deleteDetail, getDetail } from "~/modules/admin/character-details.server";
import { formFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
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
  const t = useT();
  const failure = formFailure(actionData);
  return (
    <ConfirmDelete
      title={t("catalogue.details.delete.title")}
      question={t("catalogue.details.delete.question")}
      name={loaderData.name}
      error={failure ? t("catalogue.details.delete.failed", { error: failure.error }) : undefined}
      backTo="/admin/character-details"
    />
  );
}
