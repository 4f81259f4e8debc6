import { ModalRoute } from "~/components/admin/modal-route";
import { blankModel } from "~/lib/admin-models";
import { editorAction } from "~/modules/admin/console.server";
import { MODEL_FORM_MAX_BYTES, saveModelForm } from "~/modules/admin/models.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { ModelForm, type ModelFailure } from "./models.form";
import type { Route } from "./+types/models.new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return editorAction(request, {
    intent: "create",
    maxBytes: MODEL_FORM_MAX_BYTES,
    save: (admin, form) => saveModelForm(admin, form),
    done: ["/admin/models", "model-added"],
  });
}

export default function NewModel({ actionData }: Route.ComponentProps) {
  return (
    <ModalRoute title="Add Model" backTo="/admin/models" wide>
      <ModelForm intent="create" values={blankModel()} failure={actionData as ModelFailure} />
    </ModalRoute>
  );
}
