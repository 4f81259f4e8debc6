import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import { EditorButtons, EditorCheckbox } from "~/components/admin/editor-form";
import { FormAlert, FormField } from "~/components/ui/form";
import {
  CONTEXT_TOKENS_MAX,
  CONTEXT_TOKENS_MIN,
  BLANK_SETTING_ROWS,
  COST_UNITS,
  DEFAULT_IMAGE_SETTINGS,
  MODEL_TYPES,
  modelTexts,
  rowsFromSettings,
  type ModelFormValues,
  type SettingRow,
} from "~/lib/admin-models";
import { aiPlatforms } from "~/lib/ai-platforms";

/** What a refused save answers (errorData of an invalid-input error). */
export type ModelFailure = { error?: string; fields?: Record<string, string>; values?: ModelFormValues } | undefined;

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
  failure: ModelFailure;
}) {
  const busy = useNavigation().state === "submitting";
  const shown = failure?.values ?? values;
  const fields = failure?.fields ?? {};
  const [rows, setRows] = useState(() => [...shown.settings, ...blankRows(BLANK_SETTING_ROWS)]);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // Spec section 9: a new image model starts with the default image settings.
  const typeChanged = (type: string) => {
    if (intent === "create" && type === "image" && isBlank(rows)) setRows([...rowsFromSettings(DEFAULT_IMAGE_SETTINGS), ...blankRows(1)]);
  };
  const editRow = (index: number, change: Partial<SettingRow>) => setRows(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));

  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={intent} />
      {failure?.error ? (
        <FormAlert tone="error">
          {intent === "create" ? modelTexts.addError : modelTexts.updateFailed}: {failure.error}
        </FormAlert>
      ) : null}
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
        <div className="flex flex-col gap-1.5">
          <label htmlFor="modelType" className="text-sm font-medium">
            Model Type
          </label>
          <select
            id="modelType"
            name="modelType"
            defaultValue={shown.modelType}
            required
            onChange={(event) => typeChanged(event.target.value)}
            className="field h-11"
            aria-invalid={fields.modelType ? true : undefined}
          >
            {MODEL_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          {fields.modelType ? <p className="text-sm text-danger">{fields.modelType}</p> : null}
        </div>
      </div>
      <TextArea label="Description" name="description" value={shown.description} error={fields.description} rows={2} />
      <TextArea label="System Instruction" name="systemInstruction" value={shown.systemInstruction} error={fields.systemInstruction} rows={3} />
      <TextArea label="Message Instruction" name="messageInstruction" value={shown.messageInstruction} error={fields.messageInstruction} rows={2} />
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
        {fields.settings ? <p className="text-sm text-danger">{fields.settings}</p> : null}
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
      <div className="flex flex-col gap-1.5">
        <label htmlFor="apiKey" className="text-sm font-medium">
          API Key
        </label>
        <input
          id="apiKey"
          name="apiKey"
          type="password"
          autoComplete="new-password"
          maxLength={1000}
          placeholder={hasApiKey ? "•••••••• stored" : "Not set"}
          className="field h-11"
          aria-describedby="apiKey-hint"
        />
        <p id="apiKey-hint" className="text-xs text-faint">
          {hasApiKey
            ? "A key is stored (encrypted; it is never shown). Leave blank to keep it."
            : "Leave blank to use the platform's key from the server's environment."}
        </p>
        {hasApiKey ? (
          <EditorCheckbox name="removeApiKey" checked={false}>
            Remove the stored key
          </EditorCheckbox>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        <EditorCheckbox name="isPublished" checked={shown.isPublished}>
          Published
        </EditorCheckbox>
        <EditorCheckbox name="isStream" checked={shown.isStream}>
          Stream
        </EditorCheckbox>
        <EditorCheckbox name="isWebhook" checked={shown.isWebhook}>
          Webhook
        </EditorCheckbox>
        <EditorCheckbox name="acceptsImages" checked={shown.acceptsImages}>
          Reads images
        </EditorCheckbox>
        <EditorCheckbox name="earlyAccess" checked={shown.earlyAccess}>
          Early access (only plans with early access)
        </EditorCheckbox>
      </div>
      <EditorButtons backTo="/admin/models" busy={busy} submit={intent === "create" ? "Add Model" : "Save Changes"} />
    </Form>
  );
}

function TextArea({ label, name, value, error, rows }: { label: string; name: string; value: string; error?: string; rows: number }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={name} className="text-sm font-medium">
        {label}
      </label>
      <textarea id={name} name={name} defaultValue={value} rows={rows} className="field py-2" aria-invalid={error ? true : undefined} />
      {error ? <p className="text-sm text-danger">{error}</p> : null}
    </div>
  );
}
