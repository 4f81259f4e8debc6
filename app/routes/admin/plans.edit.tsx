import { data } from "react-router";
import { ModalRoute } from "~/components/admin/modal-route";
import { getPlanForEdit, parsePlanForm, updatePlan } from "~/modules/admin/plans.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { errorData, redirectWithToast } from "~/modules/http/errors.server";
import { readFormWithin } from "~/modules/http/form.server";
import { PLAN_FORM_MAX_BYTES, PlanForm, type PlanFailure } from "./plans.form";
import type { Route } from "./+types/plans.edit";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { plan: await getPlanForEdit(params.planId) };
  } catch (error) {
    throw errorData(error);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormWithin(request, PLAN_FORM_MAX_BYTES);
  if (!form) return data({ error: "This form is too large." }, { status: 413 });
  switch (form.get("intent")) {
    case "update":
      return update(admin, params.planId, form);
    default:
      return data({ error: "Unknown action" }, { status: 400 });
  }
}

async function update(admin: { id: string; email: string }, planId: string, form: FormData) {
  try {
    await updatePlan(admin, planId, parsePlanForm(form));
  } catch (error) {
    return errorData(error);
  }
  throw redirectWithToast("/admin/plans", "plan-updated");
}

export default function EditPlan({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ModalRoute title="Edit Plan" backTo="/admin/plans" wide>
      <PlanForm intent="update" values={loaderData.plan} failure={actionData as PlanFailure} backTo="/admin/plans" />
    </ModalRoute>
  );
}
