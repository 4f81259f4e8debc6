import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { AuthCard, SignInSubmit } from "~/components/auth-card";
import { FormAlert, FormField } from "~/components/ui/form";
import { safeRedirectPath } from "~/lib/auth-forms";
import { FREE_MONTHLY_TOKENS } from "~/lib/tokens";
import { ACCOUNT_FORM } from "~/modules/auth/account-form.server";
import { cancelSignUp, confirmationLink } from "~/modules/auth/accounts.server";
import { confirmEmailAndSignIn } from "~/modules/auth/sign-in.server";
import { errorData, redirectWithToast } from "~/modules/http/errors.server";
import { parseForm } from "~/modules/http/form.server";
import type { Route } from "./+types/verify-email";

export function meta() {
  return [{ title: "Confirm e-mail · CharacterVerse" }];
}

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
  const submitting = useNavigation().state === "submitting";
  if (actionData && "cancelled" in actionData) return <SignUpCancelled />;
  if (!loaderData.email || (actionData && "invalidLink" in actionData)) return <InvalidLink redirectTo={loaderData.redirectTo} />;
  return (
    <AuthCard
      title="Confirm your e-mail"
      subtitle={`Enter the password you chose when you signed up, and you are in, with your first ${FREE_MONTHLY_TOKENS} free tokens.`}
    >
      <Form method="post" className="flex flex-col gap-4">
        {actionData && "error" in actionData ? <FormAlert tone="error">{actionData.error}</FormAlert> : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <FormField label="Email" name="email" type="email" autoComplete="username" value={loaderData.email} readOnly />
        <FormField label="Password" name="password" type="password" autoComplete="current-password" required />
        <SignInSubmit label="Confirm and sign in" busyLabel="Confirming…" submitting={submitting} />
      </Form>
      <Form method="post" className="mt-6 flex flex-col gap-2 border-t border-line pt-4 text-sm text-muted">
        <input type="hidden" name="token" value={loaderData.token} />
        <p>Did not sign up for CharacterVerse? Cancel this sign-up, and nobody can confirm it with a link mailed for it.</p>
        <button type="submit" name="intent" value="cancel" className="btn-secondary h-10 self-start" disabled={submitting}>
          I did not sign up
        </button>
      </Form>
    </AuthCard>
  );
}

function SignUpCancelled() {
  return (
    <AuthCard title="Sign-up cancelled">
      <div className="flex flex-col gap-4">
        <FormAlert tone="success">No account was confirmed, and the links mailed for this sign-up no longer work.</FormAlert>
        <p className="text-sm text-muted">If you want an account with this e-mail, sign up with a password of your own.</p>
        <Link to="/signup" className="btn-primary h-11">
          Sign up
        </Link>
        <Link to="/" className="text-center text-sm text-accent hover:underline">
          Back to home
        </Link>
      </div>
    </AuthCard>
  );
}

function InvalidLink({ redirectTo }: { redirectTo: string }) {
  return (
    <AuthCard title="Link not valid">
      <div className="flex flex-col gap-4">
        <FormAlert tone="error">This confirmation link is invalid, has expired or was already used.</FormAlert>
        <p className="text-sm text-muted">Enter your e-mail and we will send a new link if the account still needs confirming.</p>
        <Form method="post" action="/signup" className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <FormField label="Email" name="email" type="email" autoComplete="email" required />
          <button type="submit" className="btn-primary">
            Send a new link
          </button>
        </Form>
        <Link to="/login" className="text-center text-sm text-accent hover:underline">
          Back to sign in
        </Link>
      </div>
    </AuthCard>
  );
}
