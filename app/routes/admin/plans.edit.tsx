import { ModalRoute } from "~/components/admin/modal-route";
import { planTexts } from "~/lib/admin-catalogue";
import { editorAction, editorLoader } from "~/modules/admin/console.server";
import { getPlanForEdit, parsePlanForm, updatePlan } from "~/modules/admin/plans.server";
import { PLAN_FORM_MAX_BYTES, PlanForm, type PlanFailure } from "./plans.form";
import type { Route } from "./+types/plans.edit";

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => ({ plan: await getPlanForEdit(params.planId) }));
}

export async function action({ request, params }: Route.ActionArgs) {
  return editorAction(request, {
    intent: "update",
    maxBytes: PLAN_FORM_MAX_BYTES,
    save: (admin, form) => updatePlan(admin, params.planId, parsePlanForm(form)),
    done: ["/admin/plans", "plan-updated"],
    failed: planTexts.updateFailed,
  });
}

export default function EditPlan({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ModalRoute title="Edit Plan" backTo="/admin/plans" wide>
      <PlanForm intent="update" values={loaderData.plan} failure={actionData as PlanFailure} backTo="/admin/plans" />
    </ModalRoute>
  );
}
