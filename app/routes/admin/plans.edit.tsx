import { ModalRoute } from "~/components/admin/modal-route";
import { planForm, planTexts } from "~/lib/admin-catalogue";
import { formFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { getPlanForEdit, updatePlan } from "~/modules/admin/plans.server";
import { editorAction, editorLoader } from "./+shared/console-action.server";
import { PLAN_FORM, PlanForm } from "./+shared/plan-form";
import type { Route } from "./+types/plans.edit";

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => ({ plan: await getPlanForEdit(params.planId) }));
}

export async function action({ request, params }: Route.ActionArgs) {
  return editorAction(request, planForm("update"), {
    limit: PLAN_FORM,
    save: (admin, plan) => updatePlan(admin, params.planId, plan),
    done: ["/admin/plans", "plan-updated"],
    failed: planTexts.updateFailed,
  });
}

export default function EditPlan({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <ModalRoute title={t("admin.plans.edit")} backTo="/admin/plans" wide>
      <PlanForm intent="update" values={loaderData.plan} failure={formFailure(actionData)} backTo="/admin/plans" />
    </ModalRoute>
  );
}
