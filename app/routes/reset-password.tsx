import { z } from "zod";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { FormAlert, FormField } from "~/components/ui/form";
import { authTexts, PASSWORD_MIN } from "~/lib/auth-forms";
import { formRefusal } from "~/lib/forms";
import { signUpSchema } from "~/lib/auth-schemas";
import { readAccountForm } from "~/modules/auth/account-form.server";
import { endLoginSession } from "~/modules/auth/login-session.server";
import { isResetLinkLive, resetPassword } from "~/modules/auth/password-reset.server";
import { errorData } from "~/modules/http/errors.server";
import { invalidForm } from "~/modules/http/form.server";
import type { Route } from "./+types/reset-password";

const resetPasswordSchema = z
  .object({ password: signUpSchema.shape.password, confirmPassword: z.string() })
  .refine((form) => form.confirmPassword === form.password, { path: ["confirmPassword"], message: authTexts.passwordsDiffer });

export function meta() {
  return [{ title: "Choose a new password · CharacterVerse" }];
}

// The page carries a live token: no shared cache, and not the anonymous page cache either.
export function headers() {
  return { "Cache-Control": "no-store" };
}

/**
 * Only reads the token: mail scanners prefetch links, so the token is spent by the form's POST.
 * A link that no longer works says so at once, before anyone types a new password for nothing.
 */
export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  return { token, live: await isResetLinkLive(token) };
}

export async function action({ request }: Route.ActionArgs) {
  try {
    const form = await readAccountForm(request);
    const parsed = resetPasswordSchema.safeParse({ password: form.get("password"), confirmPassword: form.get("confirmPassword") ?? "" });
    if (!parsed.success) return errorData(invalidForm(parsed.error));
    const result = await resetPassword(String(form.get("token") ?? ""), parsed.data.password);
    if (!result.ok) return data({ status: "invalid-link" as const }, { status: 400 });
    // Signs this browser out too, whoever it was signed in as, so /login offers the new password.
    return redirect("/login?reset=1", { headers: { "Set-Cookie": await endLoginSession(request) } });
  } catch (error) {
    return errorData(error);
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  if (!loaderData.live || (actionData && "status" in actionData)) return <InvalidLink />;
  const { fields: errors, formError } = formRefusal(actionData);
  return (
    <AuthCard title="Choose a new password" subtitle="You will be signed out everywhere, then sign in with the new password.">
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <FormField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={authTexts.passwordTooShort}
          error={errors.password}
        />
        <FormField label="Confirm password" name="confirmPassword" type="password" autoComplete="new-password" required error={errors.confirmPassword} />
        <button type="submit" className="btn-primary h-11" disabled={submitting}>
          {submitting ? "Saving…" : "Set new password"}
        </button>
      </Form>
    </AuthCard>
  );
}

function InvalidLink() {
  return (
    <AuthCard title="Link not valid">
      <div className="flex flex-col gap-4">
        <FormAlert tone="error">{authTexts.resetLinkInvalid}</FormAlert>
        <Link to="/forgot-password" className="btn-primary">
          Send a new link
        </Link>
        <Link to="/login" className="text-center text-sm text-accent hover:underline">
          Back to sign in
        </Link>
      </div>
    </AuthCard>
  );
}
