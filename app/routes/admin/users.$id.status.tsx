import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { EmailText } from "~/components/admin/admin-table";
import { FormAlert } from "~/components/ui/form";
import { adminUserTexts, statusChangeFor, statusChangeIds } from "~/lib/admin-users";
import { metaLanguage } from "~/lib/i18n/meta";
import { Rich, useT } from "~/lib/i18n/react";
import { translate } from "~/lib/i18n/store";
import type { AuditActor } from "~/modules/audit/audit.server";
import { reactivateUser, suspendUser } from "~/modules/admin/user-changes.server";
import { getUserForAdmin } from "~/modules/admin/users.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import { changeWithToast, consoleAction, editorLoader, USERS_FORM } from "./+shared/console-action.server";
import type { Route } from "./+types/users.$id.status";

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const lang = metaLanguage(matches);
  const name = translate(lang, page ? statusChangeIds[page.change].title : "admin.user.meta.user");
  return [{ title: translate(lang, "admin.user.meta.title", { name }) }];
};

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
      blocked: user.id === admin.id ? translateMessage(adminUserTexts.cannotSuspendSelf) : null,
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
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const texts = statusChangeIds[change];
  const error = actionData && "error" in actionData ? String(actionData.error) : undefined;
  const refusal = user.deleted ? t("admin.users.error.deletedAccount") : change === "suspend" ? blocked : null;
  return (
    <div className="card flex max-w-lg flex-col gap-4 p-6">
      <h1 className="text-xl font-bold">
        {user.deleted ? (
          t(texts.title)
        ) : (
          <Rich id="admin.user.status.ask" values={{ action: t(texts.button) }} tags={{ email: () => <EmailText email={user.email} /> }} />
        )}
      </h1>
      {refusal ? <p className="text-sm text-muted">{refusal}</p> : <p className="text-sm text-muted">{t(texts.consequence)}</p>}
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      <Form method="post" className="flex justify-end gap-2">
        <Link to={`/admin/users/${user.id}`} className="btn-secondary">
          {t("admin.action.cancel")}
        </Link>
        {refusal ? null : (
          <button type="submit" name="intent" value={change} className="btn-primary" disabled={busy}>
            {t(texts.button)}
          </button>
        )}
      </Form>
    </div>
  );
}
