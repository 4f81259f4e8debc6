import { valuesShown, type FormFailure } from "~/lib/forms";
import type { FormLimit } from "~/modules/http/form.server";
import { EditorForm } from "~/components/admin/editor-form";
import { CheckboxField, FormField, SelectField, TextAreaField } from "~/components/ui/form";
import { PLAN_MEMORY_MAX, PLAN_MEMORY_MIN, PLAN_PERIOD_TOKENS_MAX, planPerkTexts } from "~/lib/plans";
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
  ["chatPictures", planPerkTexts.chatPictures],
  ["chatVideos", planPerkTexts.chatVideos],
  ["chatVoice", planPerkTexts.chatVoice],
  ["priority", planPerkTexts.priority],
  ["earlyAccess", `${planPerkTexts.earlyAccess} (those marked early access)`],
] as const;

/**
 * Edit Plan / New Plan: name, description, price (step 0.01, min 0), monthly or yearly, and the
 * perks the server enforces. The plan's card is generated from these settings, so there is no
 * free text to promise anything else.
 */
export function PlanForm({ intent, values, failure, backTo }: { intent: "create" | "update"; values: PlanValues; failure?: FormFailure; backTo: string }) {
  const shown = valuesShown(failure, values);
  const fields = failure?.fields ?? {};
  return (
    <EditorForm intent={intent} failure={failure} backTo={backTo} submit={intent === "create" ? "Create Plan" : "Save Changes"}>
      <FormField label="Name" name="name" defaultValue={shown.name} required maxLength={60} error={fields.name} autoFocus />
      <TextAreaField label="Description" name="description" defaultValue={shown.description} maxLength={500} rows={2} error={fields.description} />
      <div className="grid grid-cols-2 gap-3">
        <FormField
          label="Price (USD)"
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
          label="Interval"
          name="interval"
          defaultValue={shown.interval}
          options={[
            { value: "monthly", label: "Monthly" },
            { value: "yearly", label: "Yearly" },
          ]}
          error={fields.interval}
        />
      </div>
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1.5 text-sm font-medium">Perks</legend>
        <p className="text-xs text-faint">The plan&apos;s card lists these settings, and the server keeps to them.</p>
        <div className="grid gap-3 sm:grid-cols-2">
          <FormField
            label="Tokens each period"
            name="periodTokens"
            type="number"
            min={0}
            max={PLAN_PERIOD_TOKENS_MAX}
            step={1}
            defaultValue={shown.periodTokens}
            required
            error={fields.periodTokens}
            hint={`Granted with each paid month or year. A free plan grants none: everyone claims ${FREE_MONTHLY_TOKENS} free tokens a month.`}
          />
          <FormField
            label="Memory (earlier messages)"
            name="memoryMessages"
            type="number"
            min={PLAN_MEMORY_MIN}
            max={PLAN_MEMORY_MAX}
            step={1}
            defaultValue={shown.memoryMessages}
            required
            error={fields.memoryMessages}
            hint={`How many earlier messages of a chat each reply sends to the model, ${PLAN_MEMORY_MIN} to ${PLAN_MEMORY_MAX}.`}
          />
        </div>
        <div className="flex flex-col gap-2">
          {PERK_SWITCHES.map(([name, label]) => (
            <CheckboxField key={name} name={name} checked={shown[name]}>
              {label}
            </CheckboxField>
          ))}
        </div>
      </fieldset>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <CheckboxField name="isPopular" checked={shown.isPopular}>
          Popular
        </CheckboxField>
        <CheckboxField name="isActive" checked={shown.isActive}>
          Active (offered on the Subscription page)
        </CheckboxField>
      </div>
    </EditorForm>
  );
}
