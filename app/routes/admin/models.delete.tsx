import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { formFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { deleteModel, getModel } from "~/modules/admin/models.server";
import { deleteForm, editorAction, editorLoader } from "./+shared/console-action.server";
import type { Route } from "./+types/models.delete";

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => ({ name: (await getModel(params.modelId)).chatModel }));
}

export async function action({ request, params }: Route.ActionArgs) {
  return editorAction(request, deleteForm, { save: (admin) => deleteModel(admin, params.modelId), done: ["/admin/models", "model-deleted"] });
}

export default function DeleteModel({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const failure = formFailure(actionData);
  return (
    <ConfirmDelete
      title={t("catalogue.models.delete.title")}
      question={t("catalogue.models.delete.question")}
      name={loaderData.name}
      error={failure ? t("catalogue.models.delete.failed", { error: failure.error }) : undefined}
      backTo="/admin/models"
    />
  );
}
