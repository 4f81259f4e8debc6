import { ModalRoute } from "~/components/admin/modal-route";
import { editorAction, editorLoader } from "~/modules/admin/console.server";
import { formValuesOf, getModel, MODEL_FORM_MAX_BYTES, saveModelForm } from "~/modules/admin/models.server";
import { ModelForm, type ModelFailure } from "./models.form";
import type { Route } from "./+types/models.edit";

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => {
    const model = await getModel(params.modelId);
    return { values: formValuesOf(model), hasApiKey: model.hasApiKey, name: model.chatModel };
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return editorAction(request, {
    intent: "update",
    maxBytes: MODEL_FORM_MAX_BYTES,
    save: (admin, form) => saveModelForm(admin, form, params.modelId),
    done: ["/admin/models", "model-updated"],
  });
}

export default function EditModel({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ModalRoute title={`Edit ${loaderData.name}`} backTo="/admin/models" wide>
      <ModelForm key={loaderData.name} intent="update" values={loaderData.values} hasApiKey={loaderData.hasApiKey} failure={actionData as ModelFailure} />
    </ModalRoute>
  );
}
