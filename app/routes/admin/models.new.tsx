import { ModalRoute } from "~/components/admin/modal-route";
import { blankModel, modelForm } from "~/lib/admin-models";
import { formFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { saveModel } from "~/modules/admin/models.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { editorAction } from "./+shared/console-action.server";
import { MODEL_FORM, ModelForm } from "./+shared/model-form";
import type { Route } from "./+types/models.new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return editorAction(request, modelForm("create"), {
    limit: MODEL_FORM,
    save: (admin, { key, ...model }) => saveModel(admin, model, key),
    done: ["/admin/models", "model-added"],
  });
}

export default function NewModel({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <ModalRoute title={t("catalogue.models.add")} backTo="/admin/models" wide>
      <ModelForm intent="create" values={blankModel()} failure={formFailure(actionData)} />
    </ModalRoute>
  );
}
