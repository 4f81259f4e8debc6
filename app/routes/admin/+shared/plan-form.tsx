import { valuesShown, type FormFailure } from "~/lib/forms";
import type { FormLimit } from "~/modules/http/form.server";
import { EditorForm } from "~/components/admin/editor-form";
import { CheckboxField, FormField, SelectField, TextAreaField } from "~/components/ui/form";
import type { TextId } from "~/lib/i18n/ids";
import { useT } from "~/lib/i18n/react";
import { PLAN_MEMORY_MAX, PLAN_MEMORY_MIN, PLAN_PERIOD_TOKENS_MAX } from "~/lib/plans";
import { FREE_MONTHLY_TOKENS } from "~/lib/tokens";

/** A plan form is under a kilobyte; anything far larger is refused unread. */
export const PLAN_FORM: FormLimit = { maxBytes: 64 * 1024 };

/** The plan form's values: a saved plan's, or what was sent when it was refused. */
export type PlanValues = {
  name: string;
  description: string;
  price: string;
  interval: string;
  periodTokens: string;
  memoryMessages: string;
  chatPictures: boolean;
  chatVideos: boolean;
  chatVoice: boolean;
  priority: boolean;
  earlyAccess: boolean;
  isPopular: boolean;
  isActive: boolean;
};

export const blankPlan: PlanValues = {
  name: "",
  description: "",
  price: "0.00",
  interval: "monthly",
  periodTokens: "0",
  memoryMessages: "10",
  chatPictures: true,
  chatVideos: true,
  chatVoice: true,
  priority: false,
  earlyAccess: false,
  isPopular: false,
  isActive: true,
};

/** The switches a plan's card lists as included or not; each is enforced where docs/plans.md says. */
const PERK_SWITCHES = [
  ["chatPictures", "admin.plans.form.chatPictures"],
  ["chatVideos", "admin.plans.form.chatVideos"],
  ["chatVoice", "admin.plans.form.chatVoice"],
  ["priority", "admin.plans.form.priority"],
  ["earlyAccess", "admin.plans.form.earlyAccess"],
] as const satisfies readonly (readonly [keyof PlanValues, TextId])[];

/**
 * Edit Plan / New Plan: name, description, price (step 0.01, min 0), monthly or yearly, and the
 * perks the server enforces. The plan's card is generated from these settings, so there is no
 * free text to promise anything else.
 */
export function PlanForm({ intent, values, failure, backTo }: { intent: "create" | "update"; values: PlanValues; failure?: FormFailure; backTo: string }) {
  const t = useT();
  const shown = valuesShown(failure, values);
  const fields = failure?.fields ?? {};
  return (
    <EditorForm intent={intent} failure={failure} backTo={backTo} submit={intent === "create" ? t("admin.plans.form.create") : t("admin.action.saveChanges")}>
      <FormField label={t("admin.plans.form.name")} name="name" defaultValue={shown.name} required maxLength={60} error={fields.name} autoFocus />
      <TextAreaField
        label={t("admin.plans.form.description")}
        name="description"
        defaultValue={shown.description}
        maxLength={500}
        rows={2}
        error={fields.description}
      />
      <div className="grid grid-cols-2 gap-3">
        <FormField
          label={t("admin.plans.form.price")}
          name="price"
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          defaultValue={shown.price}
          required
          error={fields.price}
        />
        <SelectField
          label={t("admin.plans.form.interval")}
          name="interval"
          defaultValue={shown.interval}
          options={[
            { value: "monthly", label: t("admin.plans.form.monthly") },
            { value: "yearly", label: t("admin.plans.form.yearly") },
          ]}
          error={fields.interval}
        />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1.5 text-sm font-medium">{t("admin.plans.form.perks")}</legend>
        <p className="text-xs text-faint">{t("admin.plans.form.perksNote")}</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            label={t("admin.plans.form.periodTokens")}
            name="periodTokens"
            type="number"
            min={0}
            max={PLAN_PERIOD_TOKENS_MAX}
            step={1}
            defaultValue={shown.periodTokens}
            required
            error={fields.periodTokens}
            hint={t("admin.plans.form.periodTokensHint", { tokens: String(FREE_MONTHLY_TOKENS) })}
          />
          <FormField
            label={t("admin.plans.form.memory")}
            name="memoryMessages"
            type="number"
            min={PLAN_MEMORY_MIN}
            max={PLAN_MEMORY_MAX}
            step={1}
            defaultValue={shown.memoryMessages}
            required
            error={fields.memoryMessages}
            hint={t("admin.plans.form.memoryHint", { min: String(PLAN_MEMORY_MIN), max: String(PLAN_MEMORY_MAX) })}
          />
        </div>
        <div className="flex flex-col gap-2">
          {PERK_SWITCHES.map(([name, label]) => (
            <CheckboxField key={name} name={name} checked={shown[name]}>
              {t(label)}
            </CheckboxField>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <CheckboxField name="isPopular" checked={shown.isPopular}>
          {t("admin.plans.form.popular")}
        </CheckboxField>
        <CheckboxField name="isActive" checked={shown.isActive}>
          {t("admin.plans.form.active")}
        </CheckboxField>
      </div>
    </EditorForm>
  );
}
