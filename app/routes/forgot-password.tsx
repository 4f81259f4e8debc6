import { z } from "zod";
import { Form, Link, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { FormAlert, FormField } from "~/components/ui/form";
import { authTexts } from "~/lib/auth-forms";
import { formRefusal } from "~/lib/forms";
import { signUpSchema } from "~/lib/auth-schemas";
import { readAccountForm } from "~/modules/auth/account-form.server";
import { requestPasswordReset } from "~/modules/auth/password-reset.server";
import { errorData } from "~/modules/http/errors.server";
import { invalidForm } from "~/modules/http/form.server";
import type { Route } from "./+types/forgot-password";

/** The same words whether or not the account exists, and when the request was rate limited. */

const forgotPasswordSchema = z.object({ email: signUpSchema.shape.email });

export function meta() {
  return [{ title: "Forgot password · CharacterVerse" }];
}

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const form = await readAccountForm(request);
    const parsed = forgotPasswordSchema.safeParse({ email: form.get("email") });
    if (!parsed.success) return errorData(invalidForm(parsed.error));
    await requestPasswordReset(parsed.data.email, context.clientIp);
    return { status: "sent" as const };
  } catch (error) {
    return errorData(error);
  }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  if (actionData && "status" in actionData) {
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
  const { fields: errors, formError } = formRefusal(actionData);
  return (
    <AuthCard title="Forgot password" subtitle="Enter the e-mail of your account and we will send you a link to choose a new password.">
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
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
