import { data } from "react-router";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { deletePlan, getPlanForDelete } from "~/modules/admin/plans.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { errorData, redirectWithToast } from "~/modules/http/errors.server";
import { readFormWithin } from "~/modules/http/form.server";
import type { Route } from "./+types/plans.delete";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  try {
    return { plan: await getPlanForDelete(params.planId) };
  } catch (error) {
    throw errorData(error);
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const form = await readFormWithin(request, 4096);
  if (!form) return data({ error: "This form is too large." }, { status: 413 });
  switch (form.get("intent")) {
    case "delete":
      return remove(admin, params.planId);
    default:
      return data({ error: "Unknown action" }, { status: 400 });
  }
}

async function remove(admin: { id: string; email: string }, planId: string) {
  try {
    await deletePlan(admin, planId);
  } catch (error) {
    return errorData(error);
  }
  throw redirectWithToast("/admin/plans", "plan-deleted");
}

export default function DeletePlan({ loaderData, actionData }: Route.ComponentProps) {
  const { plan } = loaderData;
  const subscribers = plan.subscribers === 1 ? "1 person is subscribed" : `${plan.subscribers} people are subscribed`;
  return (
    <ConfirmDelete
      title="Delete Plan"
      question="Are you sure you want to delete this plan?"
      name={plan.name}
      note={plan.subscribers > 0 ? `${subscribers} to this plan.` : undefined}
      error={actionData?.error}
      backTo="/admin/plans"
    />
  );
}
