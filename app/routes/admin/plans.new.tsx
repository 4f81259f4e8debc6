import { ModalRoute } from "~/components/admin/modal-route";
import { planForm, planTexts } from "~/lib/admin-catalogue";
import { formFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { createPlan } from "~/modules/admin/plans.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { editorAction } from "./+shared/console-action.server";
import { blankPlan, PLAN_FORM, PlanForm } from "./+shared/plan-form";
import type { Route } from "./+types/plans.new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  return editorAction(request, planForm("create"), {
    limit: PLAN_FORM,
    save: (admin, plan) => createPlan(admin, plan),
    done: ["/admin/plans", "plan-created"],
    failed: planTexts.updateFailed,
  });
}

export default function NewPlan({ actionData }: Route.ComponentProps) {
  const t = useT();
  return (
    <ModalRoute title={t("admin.plans.new")} backTo="/admin/plans" wide>
      <PlanForm intent="create" values={blankPlan} failure={formFailure(actionData)} backTo="/admin/plans" />
    </ModalRoute>
  );
}
