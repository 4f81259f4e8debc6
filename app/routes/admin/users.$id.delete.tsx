import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/ui/form";
import { pageMeta } from "~/lib/i18n/meta";
import { useT } from "~/lib/i18n/react";
import type { AuditActor } from "~/modules/audit/audit.server";
import { deleteUser } from "~/modules/admin/user-changes.server";
import { getUserForAdmin } from "~/modules/admin/users.server";
import { changeWithToast, consoleAction, deleteForm, editorLoader, USERS_FORM } from "./+shared/console-action.server";
import type { Route } from "./+types/users.$id.delete";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "admin.user.delete.meta.title");

/** The confirmation page a delete asks on without JavaScript (with it, the user page asks in a dialog and posts here). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => {
    const { user } = await getUserForAdmin(params.id);
    return { user: { id: user.id, email: user.email, name: user.name, deleted: user.deleted } };
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  const remove = (admin: AuditActor) => changeWithToast(() => deleteUser(admin, params.id), "/admin/users", "user-deleted");
  return consoleAction(request, deleteForm, remove, { limit: USERS_FORM, oversized: "throw" });
}

export default function DeleteUserPage({ loaderData: { user }, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const back = `/admin/users/${user.id}`;
  return (
    <div className="card flex max-w-lg flex-col gap-4 p-6">
      <h1 className="text-xl font-bold wrap-break-word">
        {user.deleted ? t("admin.user.delete.already") : t("admin.user.delete.question", { email: user.email })}
      </h1>
      {user.deleted ? null : <p className="text-sm text-muted">{t("admin.users.error.deleteConfirm")}</p>}
      {actionData?.error ? <FormAlert tone="error">{actionData.error}</FormAlert> : null}
      <Form method="post" className="flex justify-end gap-2">
        <Link to={back} className="btn-secondary">
          {t("admin.action.cancel")}
        </Link>
        {user.deleted ? null : (
          <button type="submit" name="intent" value="delete" className="btn-primary from-danger to-danger" disabled={busy}>
            {t("admin.action.delete")}
          </button>
        )}
      </Form>
    </div>
  );
}
