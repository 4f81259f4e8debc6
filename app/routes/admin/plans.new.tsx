import { data } from "react-router";
import { ModalRoute } from "~/components/admin/modal-route";
import { createPlan, parsePlanForm } from "~/modules/admin/plans.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { errorData, redirectWithToast } from "~/modules/http/errors.server";
import { readFormWithin } from "~/modules/http/form.server";
import { blankPlan, PLAN_FORM_MAX_BYTES, PlanForm, type PlanFailure } from "./plans.form";
import type { Route } from "./+types/plans.new";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormWithin(request, PLAN_FORM_MAX_BYTES);
  if (!form) return data({ error: "This form is too large." }, { status: 413 });
  switch (form.get("intent")) {
    case "create":
      return create(admin, form);
    default:
      return data({ error: "Unknown action" }, { status: 400 });
  }
}

async function create(admin: { id: string; email: string }, form: FormData) {
  try {
    await createPlan(admin, parsePlanForm(form));
  } catch (error) {
    return errorData(error);
  }
  throw redirectWithToast("/admin/plans", "plan-created");
}

export default function NewPlan({ actionData }: Route.ComponentProps) {
  return (
    <ModalRoute title="New Plan" backTo="/admin/plans" wide>
      <PlanForm intent="create" values={blankPlan} failure={actionData as PlanFailure} backTo="/admin/plans" />
    </ModalRoute>
  );
}
