import { Form, Link } from "react-router";
import { NewPasswordFields } from "~/components/new-password-fields";
import { FormAlert, FormField } from "~/components/ui/form";
import { useT } from "~/lib/i18n/react";

type Refusal = { error: string; fields?: Record<string, string | undefined> };

/**
 * Settings' Change password: current, new and confirmed password, each field's refusal beside it
 * (any other above them). An account without a password (Google sign-in) is pointed to Forgot password.
 */
export function ChangePasswordSection({ hasPassword, refusal, busy }: { hasPassword: boolean; refusal?: Refusal; busy: boolean }) {
  const t = useT();
  const fields = refusal?.fields ?? {};
  const formError = refusal && Object.keys(fields).length === 0 ? refusal.error : undefined;
  return (
    <section className="card flex flex-col gap-4 p-5" aria-labelledby="password-heading">
      <h2 id="password-heading" className="font-semibold">
        {t("dashboard.settings.password.heading")}
      </h2>
      {hasPassword ? (
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="change-password" />
          {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
          <FormField
            label={t("dashboard.settings.password.current")}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            error={fields.currentPassword}
          />
          <NewPasswordFields
            label={t("dashboard.settings.password.new")}
            name="newPassword"
            confirmLabel={t("dashboard.settings.password.confirm")}
            errors={fields}
          />
          <p className="text-xs text-faint">{t("dashboard.settings.password.note")}</p>
          <button type="submit" className="btn-primary self-start" disabled={busy}>
            {t("dashboard.settings.password.submit")}
          </button>
        </Form>
      ) : (
        <p className="text-sm text-muted">
          {t("dashboard.settings.password.noPassword")} <Link to="/forgot-password">{t("dashboard.settings.password.forgot")}</Link>
        </p>
      )}
    </section>
  );
}
