import { ModalRoute } from "~/components/admin/modal-route";
import { modelForm } from "~/lib/admin-models";
import { formFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { formValuesOf, getModel, saveModel } from "~/modules/admin/models.server";
import { editorAction, editorLoader } from "./+shared/console-action.server";
import { MODEL_FORM, ModelForm } from "./+shared/model-form";
import type { Route } from "./+types/models.edit";

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => {
    const model = await getModel(params.modelId);
    return { values: formValuesOf(model), hasApiKey: model.hasApiKey, name: model.chatModel };
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return editorAction(request, modelForm("update"), {
    limit: MODEL_FORM,
    save: (admin, { key, ...model }) => saveModel(admin, model, key, params.modelId),
    done: ["/admin/models", "model-updated"],
  });
}

export default function EditModel({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <ModalRoute title={t("catalogue.action.edit", { name: loaderData.name })} backTo="/admin/models" wide>
      <ModelForm key={loaderData.name} intent="update" values={loaderData.values} hasApiKey={loaderData.hasApiKey} failure={formFailure(actionData)} />
    </ModalRoute>
  );
}
