import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { planTexts } from "~/lib/admin-catalogue";
import { formFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { deletePlan, getPlanForDelete } from "~/modules/admin/plans.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import { deleteForm, editorAction, editorLoader } from "./+shared/console-action.server";
import type { Route } from "./+types/plans.delete";

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => {
    const plan = await getPlanForDelete(params.planId);
    // Why it cannot go, in the admin's language.
    return { plan: { ...plan, refusal: plan.refusal && translateMessage(plan.refusal) } };
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return editorAction(request, deleteForm, {
    save: (admin) => deletePlan(admin, params.planId),
    done: ["/admin/plans", "plan-deleted"],
    failed: planTexts.deleteFailed,
  });
}

export default function DeletePlan({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { plan } = loaderData;
  return (
    <ConfirmDelete
      title={t("admin.plans.delete.title")}
      question={t("admin.plans.delete.question")}
      name={plan.name}
      note={plan.subscribers > 0 ? t("admin.plans.delete.subscribed", { count: plan.subscribers }) : undefined}
      error={formFailure(actionData)?.error}
      refusal={plan.refusal}
      backTo="/admin/plans"
    />
  );
}
