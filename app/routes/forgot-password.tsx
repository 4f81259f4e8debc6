import { z } from "zod";
import { data, Form, Link, useNavigation } from "react-router";
import { AuthCard, FormAlert, FormField } from "~/components/auth-card";
import { authTexts, fieldErrors, signUpSchema } from "~/lib/auth-forms";
import { accountFormTooLarge, readAccountForm } from "~/modules/auth/account-form.server";
import { requestPasswordReset } from "~/modules/auth/password-reset.server";
import type { Route } from "./+types/forgot-password";

/** The same words whether or not the account exists, and when the request was rate limited. */

const forgotPasswordSchema = z.object({ email: signUpSchema.shape.email });

export function meta() {
  return [{ title: "Forgot password · CharacterVerse" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readAccountForm(request);
  if (!form) return accountFormTooLarge();
  const parsed = forgotPasswordSchema.safeParse({ email: form.get("email") });
  if (!parsed.success) return data({ status: "invalid" as const, errors: fieldErrors(parsed.error) }, { status: 400 });
  await requestPasswordReset(parsed.data.email, context.clientIp);
  return { status: "sent" as const };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  if (actionData?.status === "sent") {
    return (
      <AuthCard title="Check your inbox">
        <div className="flex flex-col gap-4">
          <FormAlert tone="success">{authTexts.resetLinkSent}</FormAlert>
          <p className="text-sm text-muted">
            The link works once and expires in 1 hour. Nothing arrived? Check your spam folder, or{" "}
            <Link to="/forgot-password" className="text-accent hover:underline">
              ask again
            </Link>
            .
          </p>
          <Link to="/login" className="btn-primary">
            Back to sign in
          </Link>
        </div>
      </AuthCard>
    );
  }
  const errors = actionData?.status === "invalid" ? actionData.errors : {};
  return (
    <AuthCard title="Forgot password" subtitle="Enter the e-mail of your account and we will send you a link to choose a new password.">
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {errors.form ? <FormAlert tone="error">{errors.form}</FormAlert> : null}
        <FormField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
        <button type="submit" className="btn-primary h-11" disabled={submitting}>
          {submitting ? "Sending…" : "Send reset link"}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-muted">
        Remembered it?{" "}
        <Link to="/login" className="text-accent hover:underline">
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
