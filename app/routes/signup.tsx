import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { AuthCard, TermsNotice } from "~/components/auth-card";
import { FormAlert, FormField } from "~/components/ui/form";
import { GoogleButton } from "~/components/google-button";
import { authTexts, safeRedirectPath } from "~/lib/auth-forms";
import { formRefusal } from "~/lib/forms";
import { signUpSchema } from "~/lib/auth-schemas";
import { readAccountForm } from "~/modules/auth/account-form.server";
import { resendVerification, signUp } from "~/modules/auth/accounts.server";
import { isGoogleConfigured } from "~/modules/auth/google.server";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { errorData } from "~/modules/http/errors.server";
import { invalidForm } from "~/modules/http/form.server";
import { RateLimitedError } from "~/modules/security/rate-limit.server";
import type { Route } from "./+types/signup";

export function meta() {
  return [{ title: "Create Account · CharacterVerse" }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  if (await getCurrentUser(request)) throw redirect(safeRedirectPath(url.searchParams.get("redirectTo")));
  return { googleSignIn: isGoogleConfigured() };
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const form = await readAccountForm(request);
    if (form.get("intent") === "resend") return await resend(form, context.clientIp);
    const parsed = signUpSchema.safeParse({
      email: form.get("email"),
      password: form.get("password"),
      // The page asks for it twice; the modal, as the spec draws it, once.
      confirmPassword: form.get("confirmPassword") ?? undefined,
    });
    if (!parsed.success) return errorData(invalidForm(parsed.error));
    await signUp(parsed.data.email, parsed.data.password, context.clientIp, safeRedirectPath(form.get("redirectTo")));
    return { status: "sent" as const, email: parsed.data.email };
  } catch (error) {
    return errorData(error);
  }
}

/** Another link for the "Check your inbox" card, which stays, with the refusal, when the limit holds. */
async function resend(form: FormData, clientIp: string | undefined) {
  const email = String(form.get("email") ?? "")
    .trim()
    .toLowerCase();
  try {
    await resendVerification(email, clientIp, safeRedirectPath(form.get("redirectTo")));
    return { status: "sent" as const, email };
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return data({ status: "resend-refused" as const, email, error: error.message }, { status: error.status, headers: error.headers });
  }
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  // Where the person was headed (Chat Now, say): it rides along to the mailed link, and so to the confirmation.
  const redirectTo = safeRedirectPath(useSearchParams()[0].get("redirectTo"));
  const back = redirectTo === "/" ? "" : `?redirectTo=${encodeURIComponent(redirectTo)}`;
  if (actionData && "status" in actionData) {
    return (
      <AuthCard title="Check your inbox">
        <div className="flex flex-col gap-4">
          {actionData.status === "sent" ? (
            <>
              <FormAlert tone="success">{authTexts.signUpSuccess}</FormAlert>
              <p className="text-sm text-muted">
                We sent a confirmation link to <strong className="text-ink">{actionData.email}</strong>. Follow it and enter your password to confirm and sign
                in.
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
              Resend the link
            </button>
          </Form>
          <Link to={`/login${back}`} className="btn-primary">
            Go to sign in
          </Link>
        </div>
      </AuthCard>
    );
  }
  const { fields: errors, formError } = formRefusal(actionData);
  return (
    <AuthCard title="Create Account" subtitle="Start free with 500 tokens every month.">
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <FormField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
        <FormField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={6}
          hint={authTexts.passwordTooShort}
          error={errors.password}
        />
        <FormField label="Confirm password" name="confirmPassword" type="password" autoComplete="new-password" required error={errors.confirmPassword} />
        <button type="submit" className="btn-primary h-11" disabled={submitting}>
          {submitting ? "Creating account…" : "Sign Up Now"}
        </button>
        <TermsNotice />
      </Form>
      {loaderData.googleSignIn ? <GoogleButton redirectTo={redirectTo} /> : null}
      <p className="mt-6 text-center text-sm text-muted">
        Already have an account?{" "}
        <Link to={`/login${back}`} className="text-accent hover:underline">
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
