import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { planTexts } from "~/lib/admin-catalogue";
import { formFailure } from "~/lib/forms";
import { deletePlan, getPlanForDelete } from "~/modules/admin/plans.server";
import { deleteForm, editorAction, editorLoader } from "./+shared/console-action.server";
import type { Route } from "./+types/plans.delete";

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => ({ plan: await getPlanForDelete(params.planId) }));
}

export async function action({ request, params }: Route.ActionArgs) {
  return editorAction(request, deleteForm, {
    save: (admin) => deletePlan(admin, params.planId),
    done: ["/admin/plans", "plan-deleted"],
    failed: planTexts.deleteFailed,
  });
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
      error={formFailure(actionData)?.error}
      refusal={plan.refusal}
      backTo="/admin/plans"
    />
  );
}
