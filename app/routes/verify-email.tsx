import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { AuthCard, SignInSubmit } from "~/components/auth-card";
import { FormAlert, FormField } from "~/components/ui/form";
import { safeRedirectPath } from "~/lib/auth-forms";
import { pageMeta } from "~/lib/i18n/meta";
import { useFormats, useT } from "~/lib/i18n/react";
import { FREE_MONTHLY_TOKENS } from "~/lib/tokens";
import { ACCOUNT_FORM } from "~/modules/auth/account-form.server";
import { cancelSignUp, confirmationLink } from "~/modules/auth/accounts.server";
import { confirmEmailAndSignIn } from "~/modules/auth/sign-in.server";
import { errorData, redirectWithToast } from "~/modules/http/errors.server";
import { parseForm } from "~/modules/http/form.server";
import type { Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "auth.verify.meta.title");

// The page carries a live token: no shared cache, and not the anonymous page cache either.
export function headers() {
  return { "Cache-Control": "no-store" };
}

/**
 * The mailed link only shows which account it confirms: mail scanners fetch links, and a link
 * alone must not activate a password (see confirmationLink). The form's POST confirms and signs in.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  // Where the person was headed when they signed up: a path on this site, or home.
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  return { token, redirectTo, email: (await confirmationLink(token))?.email ?? null };
}

/** Confirm with the sign-up's password (checked under the sign-in limits), or cancel the sign-up (`intent=cancel`). */
const verifyEmailForm = z.object({
  intent: z.string().optional(),
  token: z.string().default(""),
  password: z.string().optional(),
  redirectTo: z.string().optional(),
});

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const form = await parseForm(request, verifyEmailForm, ACCOUNT_FORM);
    if (form.intent === "cancel") {
      const cancelled = await cancelSignUp(form.token);
      return cancelled ? data({ cancelled: true as const }) : data({ invalidLink: true as const }, { status: 400 });
    }
    const signedIn = await confirmEmailAndSignIn(form, request, context.clientIp);
    if (!signedIn) return data({ invalidLink: true as const }, { status: 400 });
    return redirectWithToast(signedIn.redirectTo, "email-confirmed", {
      headers: [
        ["Set-Cookie", signedIn.cookie],
        ["Set-Cookie", signedIn.deviceCookie],
      ],
    });
  } catch (error) {
    return errorData(error);
  }
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { number } = useFormats();
  const submitting = useNavigation().state === "submitting";
  if (actionData && "cancelled" in actionData) return <SignUpCancelled />;
  if (!loaderData.email || (actionData && "invalidLink" in actionData)) return <InvalidLink redirectTo={loaderData.redirectTo} />;
  return (
    <AuthCard title={t("auth.verify.title")} subtitle={t("auth.verify.subtitle", { count: number(FREE_MONTHLY_TOKENS) })}>
      <Form method="post" className="flex flex-col gap-4">
        {actionData && "error" in actionData ? <FormAlert tone="error">{actionData.error}</FormAlert> : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormField label={t("auth.field.email")} name="email" type="email" autoComplete="username" value={loaderData.email} readOnly />
        <FormField label={t("auth.field.password")} name="password" type="password" autoComplete="current-password" required />
        <SignInSubmit label={t("auth.verify.submit")} busyLabel={t("auth.verify.busy")} submitting={submitting} />
      </Form>
      <Form method="post" className="mt-6 flex flex-col gap-2 border-t border-line pt-4 text-sm text-muted">
        <input type="hidden" name="token" value={loaderData.token} />
        <p>{t("auth.verify.notYou")}</p>
        <button type="submit" name="intent" value="cancel" className="btn-secondary h-10 self-start" disabled={submitting}>
          {t("auth.verify.cancel")}
        </button>
      </Form>
    </AuthCard>
  );
}

function SignUpCancelled() {
  const t = useT();
  return (
    <AuthCard title={t("auth.verify.cancelled.title")}>
      <div className="flex flex-col gap-4">
        <FormAlert tone="success">{t("auth.verify.cancelled.notice")}</FormAlert>
        <p className="text-sm text-muted">{t("auth.verify.cancelled.hint")}</p>
        <Link to="/signup" className="btn-primary h-11">
          {t("auth.verify.cancelled.signUp")}
        </Link>
        <Link to="/" className="text-center text-sm text-accent hover:underline">
          {t("auth.verify.cancelled.home")}
        </Link>
      </div>
    </AuthCard>
  );
}

function InvalidLink({ redirectTo }: { redirectTo: string }) {
  const t = useT();
  return (
    <AuthCard title={t("auth.linkInvalid.title")}>
      <div className="flex flex-col gap-4">
        <FormAlert tone="error">{t("auth.verify.invalid.notice")}</FormAlert>
        <p className="text-sm text-muted">{t("auth.verify.invalid.hint")}</p>
        <Form method="post" action="/signup" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <FormField label={t("auth.field.email")} name="email" type="email" autoComplete="email" required />
          <button type="submit" className="btn-primary">
            {t("auth.sendNewLink")}
          </button>
        </Form>
        <Link to="/login" className="text-center text-sm text-accent hover:underline">
          {t("auth.backToSignIn")}
        </Link>
      </div>
    </AuthCard>
  );
}
