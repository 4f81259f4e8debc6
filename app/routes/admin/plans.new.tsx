import { ModalRoute } from "~/components/admin/modal-route";
import { planTexts } from "~/lib/admin-catalogue";
import { editorAction } from "~/modules/admin/console.server";
import { createPlan, parsePlanForm } from "~/modules/admin/plans.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { blankPlan, PLAN_FORM_MAX_BYTES, PlanForm, type PlanFailure } from "./plans.form";
import type { Route } from "./+types/plans.new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return editorAction(request, {
    intent: "create",
    maxBytes: PLAN_FORM_MAX_BYTES,
    save: (admin, form) => createPlan(admin, parsePlanForm(form)),
    done: ["/admin/plans", "plan-created"],
    failed: planTexts.updateFailed,
  });
}

export default function NewPlan({ actionData }: Route.ComponentProps) {
  return (
    <ModalRoute title="New Plan" backTo="/admin/plans" wide>
      <PlanForm intent="create" values={blankPlan} failure={actionData as PlanFailure} backTo="/admin/plans" />
    </ModalRoute>
  );
}
