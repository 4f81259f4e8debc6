import { valuesShown, type FormFailure } from "~/lib/forms";
import type { FormLimit } from "~/modules/http/form.server";
import { EditorForm } from "~/components/admin/editor-form";
import { CheckboxField, FormField } from "~/components/ui/form";
import { useT } from "~/lib/i18n/react";

/** The package form's values: a saved package's, or what was sent when it was refused. */
export type PackageValues = { name: string; tokens: string; price: string; discount: string; isPopular: boolean; isActive: boolean };

export const blankPackage: PackageValues = { name: "", tokens: "", price: "", discount: "0", isPopular: false, isActive: true };

/** A package form is a few short fields. */
export const PACKAGE_FORM: FormLimit = { maxBytes: 8 * 1024 };

/** New Package / Edit Package: name, tokens, price, discount, popular, active. */
export function PackageForm({ intent, values, failure }: { intent: "create" | "update"; values: PackageValues; failure?: FormFailure }) {
  const t = useT();
  const shown = valuesShown(failure, values);
  const fields = failure?.fields ?? {};
  return (
    <EditorForm
      intent={intent}
      failure={failure}
      backTo="/admin/tokens"
      submit={intent === "create" ? t("admin.tokens.form.create") : t("admin.action.saveChanges")}
    >
      <FormField label={t("admin.tokens.form.name")} name="name" defaultValue={shown.name} required maxLength={60} error={fields.name} autoFocus />
      <FormField
        label={t("admin.tokens.form.tokens")}
        name="tokens"
        type="number"
        min="1"
        step="1"
        inputMode="numeric"
        defaultValue={shown.tokens}
        required
        error={fields.tokens}
      />
      <div className="grid grid-cols-2 gap-3">
        <FormField
          label={t("admin.tokens.form.price")}
          name="price"
          type="number"
          min="0.5"
          step="0.01"
          inputMode="decimal"
          defaultValue={shown.price}
          required
          error={fields.price}
        />
        <FormField
          label={t("admin.tokens.form.discount")}
          name="discount"
          type="number"
          min="0"
          max="100"
          step="1"
          inputMode="numeric"
          defaultValue={shown.discount}
          error={fields.discount}
        />
      </div>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <CheckboxField name="isPopular" checked={shown.isPopular}>
          {t("admin.tokens.form.popular")}
        </CheckboxField>
        <CheckboxField name="isActive" checked={shown.isActive}>
          {t("admin.tokens.form.active")}
        </CheckboxField>
      </div>
    </EditorForm>
  );
}
