import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { AuthCard, TermsNotice } from "~/components/auth-card";
import { FormAlert, FormField } from "~/components/ui/form";
import { GoogleButton } from "~/components/google-button";
import { NewPasswordFields } from "~/components/new-password-fields";
import { safeRedirectPath } from "~/lib/auth-forms";
import { pageMeta } from "~/lib/i18n/meta";
import { Rich, useT } from "~/lib/i18n/react";
import { formRefusal } from "~/lib/forms";
import { signUpPageForm } from "~/lib/auth-schemas";
import { ACCOUNT_FORM } from "~/modules/auth/account-form.server";
import { resendVerification, signUp } from "~/modules/auth/accounts.server";
import { errorData } from "~/modules/http/errors.server";
import { browserLanguage } from "~/modules/i18n/request.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import { parseForm } from "~/modules/http/form.server";
import { RateLimitedError } from "~/modules/security/rate-limit.server";
import { loadSignedOutPage } from "./+auth/signed-out-page.server";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "auth.signUp.meta.title");

export function loader({ request, url }: Route.LoaderArgs) {
  return loadSignedOutPage(request, url);
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const form = await parseForm(request, signUpPageForm, ACCOUNT_FORM);
    if (form.intent === "resend") return await resend(form.email, form.redirectTo, context.clientIp);
    // The new account keeps the language the person signs up in (this page's), for its mails.
    await signUp(form.email, form.password, context.clientIp, safeRedirectPath(form.redirectTo), browserLanguage(request));
    return { status: "sent" as const, email: form.email };
  } catch (error) {
    return errorData(error);
  }
}

/** Another link for the "Check your inbox" card, which stays, with the refusal, when the limit holds. */
async function resend(sentEmail: string, redirectTo: string | undefined, clientIp: string | undefined) {
  const email = sentEmail.trim().toLowerCase();
  try {
    await resendVerification(email, clientIp, safeRedirectPath(redirectTo));
    return { status: "sent" as const, email };
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return data({ status: "resend-refused" as const, email, error: translateMessage(error.message) }, { status: error.status, headers: error.headers });
  }
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const submitting = useNavigation().state === "submitting";
  // Where the person was headed (Chat Now, say): it rides along to the mailed link, and so to the confirmation.
  const redirectTo = safeRedirectPath(useSearchParams()[0].get("redirectTo"));
  const back = redirectTo === "/" ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`;
  if (actionData && "status" in actionData) {
    return (
      <AuthCard title={t("auth.inbox.title")}>
        <div className="flex flex-col gap-4">
          {actionData.status === "sent" ? (
            <>
              <FormAlert tone="success">{t("auth.signUpSuccess")}</FormAlert>
              <p className="text-sm text-muted">
                <Rich
                  id="auth.inbox.sent"
                  values={{ email: actionData.email }}
                  tags={{ strong: () => <strong className="text-ink">{actionData.email}</strong> }}
                />
              </p>
            </>
          ) : (
            <FormAlert tone="error">{actionData.error}</FormAlert>
          )}
          <Form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="email" value={actionData.email} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button type="submit" className="btn-secondary" disabled={submitting}>
              {t("auth.inbox.resend")}
            </button>
          </Form>
          <Link to={`/login${back}`} className="btn-primary">
            {t("auth.inbox.toSignIn")}
          </Link>
        </div>
      </AuthCard>
    );
  }
  const { fields: errors, formError } = formRefusal(actionData);
  return (
    <AuthCard title={t("auth.signUp.title")} subtitle={t("auth.signUp.subtitle")}>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormField label={t("auth.field.email")} name="email" type="email" autoComplete="email" required error={errors.email} />
        <NewPasswordFields label={t("auth.field.password")} name="password" confirmLabel={t("auth.field.confirmPassword")} errors={errors} />
        <button type="submit" className="btn-primary h-11" disabled={submitting}>
          {submitting ? t("auth.signUp.busy") : t("auth.signUp.submit")}
        </button>
        <TermsNotice />
      </Form>
      {loaderData.googleSignIn ? <GoogleButton redirectTo={redirectTo} /> : null}
      <p className="mt-6 text-center text-sm text-muted">
        <Rich
          id="auth.signUp.haveAccount"
          tags={{
            link: (text) => (
              <Link to={`/login${back}`} className="text-accent hover:underline">
                {text}
              </Link>
            ),
          }}
        />
      </p>
    </AuthCard>
  );
}
