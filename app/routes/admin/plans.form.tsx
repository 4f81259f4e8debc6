import { useState } from "react";
import { Plus, Trash2 } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { EditorButtons, EditorCheckbox } from "~/components/admin/editor-form";
import { FormAlert, FormField } from "~/components/ui/form";
import { PLAN_BLANK_FEATURE_ROWS } from "~/lib/admin-catalogue";

/** A plan form is a few kilobytes; anything far larger is refused unread. */
export const PLAN_FORM_MAX_BYTES = 64 * 1024;

/** The plan form's values: a saved plan's, or what was sent when it was refused. */
export type PlanValues = {
  name: string;
  description: string;
  price: string;
  interval: string;
  features: { text: string; enabled: boolean }[];
  isPopular: boolean;
  isActive: boolean;
};

export const blankPlan: PlanValues = { name: "", description: "", price: "0.00", interval: "monthly", features: [], isPopular: false, isActive: true };

/** What a refused save answers (errorData of an invalid-input error). */
export type PlanFailure = { error?: string; fields?: Record<string, string>; values?: PlanValues } | undefined;

let nextRowKey = 0;
const rowsFor = (features: PlanValues["features"]) =>
  [...features, ...Array.from({ length: PLAN_BLANK_FEATURE_ROWS }, () => ({ text: "", enabled: true }))].map((feature) => ({ ...feature, key: nextRowKey++ }));

/**
 * Edit Plan / New Plan (spec: name, description, price step 0.01 min 0, monthly or yearly,
 * features with enabled flags, popular, active). Without JavaScript the feature list has a few
 * blank rows to fill; with it, rows are added and removed.
 */
export function PlanForm({ intent, values, failure, backTo }: { intent: "create" | "update"; values: PlanValues; failure: PlanFailure; backTo: string }) {
  const busy = useNavigation().state === "submitting";
  const shown = failure?.values ?? values;
  const fields = failure?.fields ?? {};
  const [rows, setRows] = useState(() => rowsFor(shown.features));
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={intent} />
      {failure?.error ? <FormAlert tone="error">{failure.error}</FormAlert> : null}
      <FormField label="Name" name="name" defaultValue={shown.name} required maxLength={60} error={fields.name} autoFocus />
      <div className="flex flex-col gap-1.5">
        <label htmlFor="description" className="text-sm font-medium">
          Description
        </label>
        <textarea id="description" name="description" defaultValue={shown.description} maxLength={500} rows={2} className="field resize-y" />
        {fields.description ? <p className="text-sm text-danger">{fields.description}</p> : null}
      </div>
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
        <div className="flex flex-col gap-1.5">
          <label htmlFor="interval" className="text-sm font-medium">
            Interval
          </label>
          <select id="interval" name="interval" defaultValue={shown.interval} className="field h-11">
            <option value="monthly">Monthly</option>
            <option value="yearly">Yearly</option>
          </select>
          {fields.interval ? <p className="text-sm text-danger">{fields.interval}</p> : null}
        </div>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium">Features</legend>
        <p className="text-xs text-faint">
          Tick the features the plan includes; blank rows are left out. The first feature that mentions tokens sets the monthly tokens.
        </p>
        {rows.map((row, index) => (
          <div key={row.key} className="flex items-center gap-2">
            <input
              type="checkbox"
              name="featureEnabled"
              value={index}
              defaultChecked={row.enabled}
              aria-label={`Feature ${index + 1} included`}
              className="size-4 shrink-0 accent-accent"
            />
            <input name="featureText" defaultValue={row.text} maxLength={200} aria-label={`Feature ${index + 1}`} className="field h-10 min-w-0 flex-1" />
            <button
              type="button"
              onClick={() => setRows((current) => current.filter((candidate) => candidate.key !== row.key))}
              className="hidden rounded-full p-2 text-muted hover:text-danger [[data-hydrated]_&]:inline-flex"
              aria-label={`Remove feature ${index + 1}`}
            >
              <Trash2 className="size-4" aria-hidden />
            </button>
          </div>
        ))}
        {fields.features ? <p className="text-sm text-danger">{fields.features}</p> : null}
        <button
          type="button"
          onClick={() => setRows((current) => [...current, ...rowsFor([]).slice(0, 1)])}
          className="btn-secondary hidden self-start [[data-hydrated]_&]:inline-flex"
        >
          <Plus className="size-4" aria-hidden /> Add feature
        </button>
      </fieldset>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        <EditorCheckbox name="isPopular" checked={shown.isPopular}>
          Popular
        </EditorCheckbox>
        <EditorCheckbox name="isActive" checked={shown.isActive}>
          Active (offered on the Subscription page)
        </EditorCheckbox>
      </div>
      <EditorButtons backTo={backTo} busy={busy} submit={intent === "create" ? "Create Plan" : "Save Changes"} />
    </Form>
  );
}
