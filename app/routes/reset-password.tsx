import { z } from "zod";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth-card";
import { NewPasswordFields } from "~/components/new-password-fields";
import { FormAlert } from "~/components/ui/form";
import { authTexts } from "~/lib/auth-forms";
import { pageMeta } from "~/lib/i18n/meta";
import { useT } from "~/lib/i18n/react";
import { formRefusal } from "~/lib/forms";
import { signUpSchema } from "~/lib/auth-schemas";
import { ACCOUNT_FORM } from "~/modules/auth/account-form.server";
import { endLoginSession } from "~/modules/auth/login-session.server";
import { isResetLinkLive, resetPassword } from "~/modules/auth/password-reset.server";
import { errorData } from "~/modules/http/errors.server";
import { parseForm } from "~/modules/http/form.server";
import type { Route } from "./+types/reset-password";

const resetPasswordSchema = z
  .object({ token: z.string().default(""), password: signUpSchema.shape.password, confirmPassword: z.string().default("") })
  .refine((form) => form.confirmPassword === form.password, { path: ["confirmPassword"], message: authTexts.passwordsDiffer });

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "auth.reset.meta.title");

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
    const { token, password } = await parseForm(request, resetPasswordSchema, ACCOUNT_FORM);
    const result = await resetPassword(token, password);
    if (!result.ok) return data({ status: "invalid-link" as const }, { status: 400 });
    // Signs this browser out too, whoever it was signed in as, so /login offers the new password.
    return redirect("/login?reset=1", { headers: { "Set-Cookie": await endLoginSession(request) } });
  } catch (error) {
    return errorData(error);
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const submitting = useNavigation().state === "submitting";
  if (!loaderData.live || (actionData && "status" in actionData)) return <InvalidLink />;
  const { fields: errors, formError } = formRefusal(actionData);
  return (
    <AuthCard title={t("auth.reset.title")} subtitle={t("auth.reset.subtitle")}>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields label={t("auth.field.newPassword")} name="password" confirmLabel={t("auth.field.confirmPassword")} errors={errors} />
        <button type="submit" className="btn-primary h-11" disabled={submitting}>
          {submitting ? t("auth.reset.busy") : t("auth.reset.submit")}
        </button>
      </Form>
    </AuthCard>
  );
}

function InvalidLink() {
  const t = useT();
  return (
    <AuthCard title={t("auth.linkInvalid.title")}>
      <div className="flex flex-col gap-4">
        <FormAlert tone="error">{t("auth.resetLinkInvalid")}</FormAlert>
        <Link to="/forgot-password" className="btn-primary">
          {t("auth.sendNewLink")}
        </Link>
        <Link to="/login" className="text-center text-sm text-accent hover:underline">
          {t("auth.backToSignIn")}
        </Link>
      </div>
    </AuthCard>
  );
}
