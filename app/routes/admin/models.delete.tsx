import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { modelTexts } from "~/lib/admin-models";
import { editorAction, editorLoader } from "~/modules/admin/console.server";
import { deleteModel, getModel } from "~/modules/admin/models.server";
import type { Route } from "./+types/models.delete";

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => ({ name: (await getModel(params.modelId)).chatModel }));
}

export async function action({ request, params }: Route.ActionArgs) {
  return editorAction(request, { intent: "delete", save: (admin) => deleteModel(admin, params.modelId), done: ["/admin/models", "model-deleted"] });
}

export default function DeleteModel({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ConfirmDelete
      title="Delete Chat Model"
      question={modelTexts.deleteQuestion}
      name={loaderData.name}
      error={actionData?.error ? `${modelTexts.deleteFailed}: ${actionData.error}` : undefined}
      backTo="/admin/models"
    />
  );
}
