import { FormField } from "~/components/ui/form";
import { PASSWORD_MIN } from "~/lib/auth-forms";
import { useT } from "~/lib/i18n/react";

/**
 * A password the person chooses, with the length rule as its hint, and the same password again
 * (`confirmPassword`): sign-up, a reset link and Settings' Change password.
 */
export function NewPasswordFields({
  name,
  label,
  confirmLabel,
  errors,
}: {
  name: string;
  label: string;
  confirmLabel: string;
  errors: Record<string, string | undefined>;
}) {
  const t = useT();
  return (
    <>
      <FormField
        label={label}
        name={name}
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={t("auth.error.passwordTooShort")}
        error={errors[name]}
      />
      <FormField label={confirmLabel} name="confirmPassword" type="password" autoComplete="new-password" required error={errors.confirmPassword} />
    </>
  );
}
