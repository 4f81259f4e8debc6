import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { FormAlert, FormField } from "~/components/ui/form";
import { deletionEffects } from "~/lib/account";
import { formFailure } from "~/lib/forms";
import { pageMeta } from "~/lib/i18n/meta";
import { Rich, useT } from "~/lib/i18n/react";
import { withToast } from "~/lib/toasts";
import { deleteOwnAccount } from "~/modules/account/deletion.server";
import { ACCOUNT_FORM } from "~/modules/auth/account-form.server";
import { endLoginSession, requireUser } from "~/modules/auth/login-session.server";
import { hasPassword } from "~/modules/auth/password-change.server";
import { errorData } from "~/modules/http/errors.server";
import { parseForm } from "~/modules/http/form.server";
import type { Route } from "./+types/settings.delete";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "dashboard.deleteAccount.meta.title");

/** The page that asks before an account is deleted, with or without JavaScript: what goes, what stays, and the password. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  return { email: user.email, hasPassword: await hasPassword(user.id), isAdmin: user.role === "admin" };
}

/** The Delete button's form, with the password (or, without one, the e-mail) typed to confirm. */
const deleteAccountForm = z.object({ intent: z.literal("delete-account", { error: "Unknown action" }), confirmation: z.string().default("") });

export async function action({ request, url }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  try {
    const { confirmation } = await parseForm(request, deleteAccountForm, ACCOUNT_FORM);
    await deleteOwnAccount(user.id, confirmation);
  } catch (error) {
    return errorData(error);
  }
  // Every device was signed out with the account; this one's cookie goes too.
  return redirect(withToast("/", "account-deleted"), { headers: { "Set-Cookie": await endLoginSession(request) } });
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  const refusal = formFailure(actionData);
  const fieldError = refusal?.fields?.confirmation;
  return (
    <div className="flex max-w-xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("dashboard.deleteAccount.heading")}</h1>
      <section className="card flex flex-col gap-4 p-5" aria-labelledby="goes-heading">
        <h2 id="goes-heading" className="font-semibold">
          {t("dashboard.deleteAccount.removedHeading")}
        </h2>
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
          {deletionEffects.removed.map((effect) => (
            <li key={effect}>{t(effect)}</li>
          ))}
        </ul>
        <h2 className="font-semibold">{t("dashboard.deleteAccount.keptHeading")}</h2>
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm text-muted">
          {deletionEffects.kept.map((effect) => (
            <li key={effect}>{t(effect)}</li>
          ))}
        </ul>
        <p className="text-sm">
          <Rich
            id="dashboard.deleteAccount.keepCopy"
            tags={{
              link: (text) => (
                <a href="/dashboard/settings/data" download>
                  {text}
                </a>
              ),
            }}
          />
        </p>
      </section>

      {loaderData.isAdmin ? (
        <FormAlert tone="error">{t("dashboard.account.adminAccount")}</FormAlert>
      ) : (
        <Form method="post" className="card flex flex-col gap-4 p-5" noValidate>
          <input type="hidden" name="intent" value="delete-account" />
          {refusal && !fieldError ? <FormAlert tone="error">{refusal.error}</FormAlert> : null}
          {loaderData.hasPassword ? (
            <FormField
              label={t("dashboard.deleteAccount.password")}
              name="confirmation"
              type="password"
              autoComplete="current-password"
              required
              error={fieldError}
            />
          ) : (
            <FormField
              label={t("dashboard.deleteAccount.typeEmail", { email: loaderData.email })}
              name="confirmation"
              type="email"
              autoComplete="off"
              required
              error={fieldError}
            />
          )}
          {/* On a narrow screen the two buttons stack, the one that deletes first. */}
          <div className="flex flex-col-reverse gap-2 @md:flex-row @md:justify-end">
            <Link to="/dashboard/settings" className="btn-secondary">
              {t("dashboard.deleteAccount.cancel")}
            </Link>
            <button type="submit" className="btn-primary from-danger to-danger" disabled={busy}>
              {t("dashboard.deleteAccount.submit")}
            </button>
          </div>
        </Form>
      )}
    </div>
  );
}
