import { useEffect, useState } from "react";
import { EditorForm } from "~/components/admin/editor-form";
import { CheckboxField, FieldNote, FormField, SelectField, TextAreaField } from "~/components/ui/form";
import { valuesShown, type FormFailure } from "~/lib/forms";
import type { FormLimit } from "~/modules/http/form.server";
import {
  CONTEXT_TOKENS_MAX,
  CONTEXT_TOKENS_MIN,
  BLANK_SETTING_ROWS,
  COST_UNITS,
  DEFAULT_IMAGE_SETTINGS,
  MODEL_TYPES,
  modelTexts,
  rowsFromSettings,
  settingRows,
  type ModelFormValues,
  type SettingRow,
} from "~/lib/admin-models";
import { aiPlatforms } from "~/lib/ai-platforms";

/** A model form: instructions and settings, a few tens of kilobytes at most. */
export const MODEL_FORM: FormLimit = { maxBytes: 128 * 1024 };

/** The setting rows a refused form sent, paired by position. */
function sentRows(failure: FormFailure | undefined): SettingRow[] | null {
  const sent = failure?.values;
  if (!sent) return null;
  const list = (value: unknown) => (Array.isArray(value) ? value : value === undefined ? [] : [value]);
  return settingRows(list(sent.settingName), list(sent.settingOptions));
}

const blankRows = (count: number): SettingRow[] => Array.from({ length: count }, () => ({ name: "", options: "" }));
const isBlank = (rows: SettingRow[]) => rows.every((row) => !row.name.trim() && !row.options.trim());

/**
 * Add Model / Edit (spec sections 3 and 5): chat_model, model_id, ai_platform and model type
 * required; settings as name → comma-separated options; tokens a whole number ≥ 0. The API key
 * is write-only: the form only says whether one is stored.
 */
export function ModelForm({
  intent,
  values,
  hasApiKey = false,
  failure,
}: {
  intent: "create" | "update";
  values: ModelFormValues;
  hasApiKey?: boolean;
  failure?: FormFailure;
}) {
  const { settings, ...texts } = values;
  const shown = valuesShown(failure, texts);
  const fields = failure?.fields ?? {};
  const [rows, setRows] = useState(() => [...(sentRows(failure) ?? settings), ...blankRows(BLANK_SETTING_ROWS)]);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // Spec section 9: a new image model starts with the default image settings.
  const typeChanged = (type: string) => {
    if (intent === "create" && type === "image" && isBlank(rows)) setRows([...rowsFromSettings(DEFAULT_IMAGE_SETTINGS), ...blankRows(1)]);
  };
  const editRow = (index: number, change: Partial<SettingRow>) => setRows(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));

  return (
    <EditorForm
      intent={intent}
      failure={failure}
      alert={failure?.error ? `${intent === "create" ? modelTexts.addError : modelTexts.updateFailed}: ${failure.error}` : undefined}
      backTo="/admin/models"
      submit={intent === "create" ? "Add Model" : "Save Changes"}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label="Chat Model"
          name="chatModel"
          defaultValue={shown.chatModel}
          required
          maxLength={100}
          error={fields.chatModel}
          hint="The name people see"
        />
        <FormField
          label="Model ID"
          name="modelId"
          defaultValue={shown.modelId}
          required
          maxLength={200}
          error={fields.modelId}
          hint="The model's id at the platform"
        />
        <FormField
          label="AI Platform"
          name="aiPlatform"
          defaultValue={shown.aiPlatform}
          required
          maxLength={50}
          list="ai-platforms"
          error={fields.aiPlatform}
          hint="e.g. openai, nebius, demo"
        />
        <datalist id="ai-platforms">
          {aiPlatforms.map((platform) => (
            <option key={platform.id} value={platform.id}>
              {platform.label}
            </option>
          ))}
        </datalist>
        <SelectField
          label="Model Type"
          name="modelType"
          defaultValue={shown.modelType}
          required
          options={MODEL_TYPES.map((type) => ({ value: type, label: type }))}
          onChange={typeChanged}
          error={fields.modelType}
        />
      </div>
      <TextAreaField label="Description" name="description" defaultValue={shown.description} error={fields.description} rows={2} />
      <TextAreaField label="System Instruction" name="systemInstruction" defaultValue={shown.systemInstruction} error={fields.systemInstruction} rows={3} />
      <TextAreaField label="Message Instruction" name="messageInstruction" defaultValue={shown.messageInstruction} error={fields.messageInstruction} rows={2} />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Settings</legend>
        <p className="text-xs text-faint">
          Options are comma-separated: true/false become switches, numbers stay numbers. A new image model without settings gets the default image settings.
        </p>
        {rows.map((row, index) => (
          <div key={index} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-2">
            <input
              name="settingName"
              value={row.name}
              onChange={(event) => editRow(index, { name: event.target.value })}
              placeholder="name, e.g. image_size"
              aria-label={`Setting ${index + 1} name`}
              maxLength={60}
              className="field h-10"
            />
            <input
              name="settingOptions"
              value={row.options}
              onChange={(event) => editRow(index, { options: event.target.value })}
              placeholder="options, e.g. square, 4, true"
              aria-label={`Setting ${index + 1} options`}
              maxLength={1000}
              className="field h-10"
            />
          </div>
        ))}
        {hydrated ? (
          <button type="button" className="btn-secondary self-start" onClick={() => setRows([...rows, ...blankRows(1)])}>
            Add setting
          </button>
        ) : null}
        <FieldNote error={fields.settings} />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField
          label="Tokens"
          name="costTokens"
          type="number"
          min={0}
          step={1}
          defaultValue={shown.costTokens}
          required
          error={fields.costTokens}
          hint="0 is Free"
        />
        <FormField label="Cost Unit" name="costUnit" defaultValue={shown.costUnit} list="cost-units" maxLength={40} error={fields.costUnit} />
        <datalist id="cost-units">
          {COST_UNITS.map((unit) => (
            <option key={unit} value={unit} />
          ))}
        </datalist>
        <FormField label="Weight" name="weight" type="number" step={1} defaultValue={shown.weight} error={fields.weight} hint="Heavier models come first" />
        <FormField
          label="Context size"
          name="contextTokens"
          type="number"
          min={CONTEXT_TOKENS_MIN}
          max={CONTEXT_TOKENS_MAX}
          step={1}
          defaultValue={shown.contextTokens}
          error={fields.contextTokens}
          hint="Tokens a chat prompt may hold; the oldest messages are left out to fit. Blank: no limit"
        />
      </div>
      <FormField
        label="API URL"
        name="apiUrl"
        defaultValue={shown.apiUrl}
        maxLength={500}
        placeholder="https://…/v1"
        error={fields.apiUrl}
        hint="Blank: the platform's URL"
      />
      <div className="flex flex-col gap-2">
        <FormField
          label="API Key"
          name="apiKey"
          type="password"
          autoComplete="new-password"
          maxLength={1000}
          placeholder={hasApiKey ? "•••••••• stored" : "Not set"}
          hint={
            hasApiKey
              ? "A key is stored (encrypted; it is never shown). Leave blank to keep it."
              : "Leave blank to use the platform's key from the server's environment."
          }
        />
        {hasApiKey ? (
          <CheckboxField name="removeApiKey" checked={false}>
            Remove the stored key
          </CheckboxField>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        <CheckboxField name="isPublished" checked={shown.isPublished}>
          Published
        </CheckboxField>
        <CheckboxField name="isStream" checked={shown.isStream}>
          Stream
        </CheckboxField>
        <CheckboxField name="isWebhook" checked={shown.isWebhook}>
          Webhook
        </CheckboxField>
        <CheckboxField name="acceptsImages" checked={shown.acceptsImages}>
          Reads images
        </CheckboxField>
        <CheckboxField name="earlyAccess" checked={shown.earlyAccess}>
          Early access (only plans with early access)
        </CheckboxField>
      </div>
    </EditorForm>
  );
}
