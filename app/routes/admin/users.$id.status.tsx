import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { EmailText } from "~/components/admin/admin-table";
import { FormAlert } from "~/components/ui/form";
import { adminUserTexts, statusChangeFor, statusChangeTexts } from "~/lib/admin-users";
import type { AuditActor } from "~/modules/audit/audit.server";
import { reactivateUser, suspendUser } from "~/modules/admin/user-changes.server";
import { getUserForAdmin } from "~/modules/admin/users.server";
import { changeWithToast, consoleAction, editorLoader, USERS_FORM } from "./+shared/console-action.server";
import type { Route } from "./+types/users.$id.status";

export function meta({ data: page }: Route.MetaArgs) {
  return [{ title: `${page ? statusChangeTexts[page.change].title : "User"} · Admin · CharacterVerse` }];
}

/**
 * Suspend or Reactivate, asked first: without JavaScript this page asks the change the account's
 * status calls for; with it, the user page asks in a dialog and posts here.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async (admin) => {
    const { user } = await getUserForAdmin(params.id);
    return {
      user: { id: user.id, email: user.email, deleted: user.deleted },
      change: statusChangeFor(user.status),
      blocked: user.id === admin.id ? adminUserTexts.cannotSuspendSelf : null,
    };
  });
}

const statusForm = z.object({ intent: z.enum(["suspend", "reactivate"]) });

export async function action({ request, params }: Route.ActionArgs) {
  const handle = (admin: AuditActor, { intent }: z.output<typeof statusForm>) =>
    intent === "suspend"
      ? changeWithToast(() => suspendUser(admin, params.id), `/admin/users/${params.id}`, "user-suspended")
      : changeWithToast(() => reactivateUser(admin, params.id), `/admin/users/${params.id}`, "user-reactivated");
  return consoleAction(request, statusForm, handle, { limit: USERS_FORM, oversized: "throw" });
}

export default function AccountStatusPage({ loaderData: { user, change, blocked }, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const texts = statusChangeTexts[change];
  const error = actionData && "error" in actionData ? String(actionData.error) : undefined;
  const refusal = user.deleted ? adminUserTexts.deletedAccount : change === "suspend" ? blocked : null;
  return (
    <div className="card flex max-w-lg flex-col gap-4 p-6">
      <h1 className="text-xl font-bold">
        {user.deleted ? (
          texts.title
        ) : (
          <>
            {texts.button} <EmailText email={user.email} />?
          </>
        )}
      </h1>
      {refusal ? <p className="text-sm text-muted">{refusal}</p> : <p className="text-sm text-muted">{texts.consequence}</p>}
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <Form method="post" className="flex justify-end gap-2">
        <Link to={`/admin/users/${user.id}`} className="btn-secondary">
          Cancel
        </Link>
        {refusal ? null : (
          <button type="submit" name="intent" value={change} className="btn-primary" disabled={busy}>
            {texts.button}
          </button>
        )}
      </Form>
    </div>
  );
}
