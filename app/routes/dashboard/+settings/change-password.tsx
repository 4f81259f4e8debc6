import { Form, Link } from "react-router";
import { NewPasswordFields } from "~/components/new-password-fields";
import { FormAlert, FormField } from "~/components/ui/form";
import { accountTexts } from "~/lib/account";

type Refusal = { error: string; fields?: Record<string, string | undefined> };

/**
 * Settings' Change password: current, new and confirmed password, each field's refusal beside it
 * (any other above them). An account without a password (Google sign-in) is pointed to Forgot password.
 */
export function ChangePasswordSection({ hasPassword, refusal, busy }: { hasPassword: boolean; refusal?: Refusal; busy: boolean }) {
  const fields = refusal?.fields ?? {};
  const formError = refusal && Object.keys(fields).length === 0 ? refusal.error : undefined;
  return (
    <section className="card flex flex-col gap-4 p-5" aria-labelledby="password-heading">
      <h2 id="password-heading" className="font-semibold">
        Change password
      </h2>
      {hasPassword ? (
        <Form method="post" className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="change-password" />
          {formError ? <FormAlert tone="error">{formError}</FormAlert> : null}
          <FormField label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={fields.currentPassword} />
          <NewPasswordFields label="New password" name="newPassword" confirmLabel="Confirm new password" errors={fields} />
          <p className="text-xs text-faint">Your other devices are signed out; this one stays signed in.</p>
          <button type="submit" className="btn-primary self-start" disabled={busy}>
            Change password
          </button>
        </Form>
      ) : (
        <p className="text-sm text-muted">
          {accountTexts.noPassword} <Link to="/forgot-password">Forgot password</Link>
        </p>
      )}
    </section>
  );
}
