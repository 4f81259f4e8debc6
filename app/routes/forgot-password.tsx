import { z } from "zod";
import { Form, Link, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { FormAlert, FormField } from "~/components/ui/form";
import { pageMeta } from "~/lib/i18n/meta";
import { Rich, useT } from "~/lib/i18n/react";
import { formRefusal } from "~/lib/forms";
import { signUpSchema } from "~/lib/auth-schemas";
import { ACCOUNT_FORM } from "~/modules/auth/account-form.server";
import { requestPasswordReset } from "~/modules/auth/password-reset.server";
import { errorData, InvalidInputError } from "~/modules/http/errors.server";
import { InvalidFormError, parseForm } from "~/modules/http/form.server";
import type { Route } from "./+types/forgot-password";

/** The same words whether or not the account exists, and when the request was rate limited. */

const forgotPasswordSchema = z.object({ email: signUpSchema.shape.email });

/** The page shows its one field blank again: its refusal carries the field's error, not what was sent. */
function withoutValues(error: unknown): never {
  if (error instanceof InvalidFormError) throw new InvalidInputError(error.message, { email: error.message });
  throw error;
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "auth.forgot.meta.title");

export async function action({ request, context }: Route.ActionArgs) {
  try {
    const { email } = await parseForm(request, forgotPasswordSchema, ACCOUNT_FORM).catch(withoutValues);
    await requestPasswordReset(email, context.clientIp);
    return { status: "sent" as const };
  } catch (error) {
    return errorData(error);
  }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const t = useT();
  const submitting = useNavigation().state === "submitting";
  if (actionData && "status" in actionData) {
    return (
      <AuthCard title={t("auth.inbox.title")}>
        <div className="flex flex-col gap-4">
          <FormAlert tone="success">{t("auth.resetLinkSent")}</FormAlert>
          <p className="text-sm text-muted">
            <Rich
              id="auth.forgot.sentNote"
              tags={{
                link: (text) => (
                  <Link to="/forgot-password" className="text-accent hover:underline">
                    {text}
                  </Link>
                ),
              }}
            />
          </p>
          <Link to="/login" className="btn-primary">
            {t("auth.backToSignIn")}
          </Link>
        </div>
      </AuthCard>
    );
  }
  const { fields: errors, formError } = formRefusal(actionData);
  return (
    <AuthCard title={t("auth.forgot.title")} subtitle={t("auth.forgot.subtitle")}>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        <FormField label={t("auth.field.email")} name="email" type="email" autoComplete="email" required error={errors.email} />
        <button type="submit" className="btn-primary h-11" disabled={submitting}>
          {submitting ? t("auth.forgot.busy") : t("auth.forgot.submit")}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm text-muted">
        <Rich
          id="auth.forgot.remembered"
          tags={{
            link: (text) => (
              <Link to="/login" className="text-accent hover:underline">
                {text}
              </Link>
            ),
          }}
        />
      </p>
    </AuthCard>
  );
}
