import { useState } from "react";
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
  MODEL_TYPE_LABELS,
  MODEL_TYPES,
  rowsFromSettings,
  settingRows,
  type ModelFormValues,
  type SettingRow,
} from "~/lib/admin-models";
import { aiPlatforms, isDemoPlatform } from "~/lib/ai-platforms";
import { useT } from "~/lib/i18n/react";
import { useHydrated } from "~/components/use-hydrated";

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
  const t = useT();
  const { settings, ...texts } = values;
  const shown = valuesShown(failure, texts);
  const fields = failure?.fields ?? {};
  const [rows, setRows] = useState(() => [...(sentRows(failure) ?? settings), ...blankRows(BLANK_SETTING_ROWS)]);
  const hydrated = useHydrated();

  // Spec section 9: a new image model starts with the default image settings.
  const typeChanged = (type: string) => {
    if (intent === "create" && type === "image" && isBlank(rows)) setRows([...rowsFromSettings(DEFAULT_IMAGE_SETTINGS), ...blankRows(1)]);
  };
  const editRow = (index: number, change: Partial<SettingRow>) => setRows(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));

  return (
    <EditorForm
      intent={intent}
      failure={failure}
      alert={
        failure?.error ? t(intent === "create" ? "catalogue.models.form.addError" : "catalogue.models.form.updateError", { error: failure.error }) : undefined
      }
      backTo="/admin/models"
      submit={intent === "create" ? t("catalogue.models.add") : t("catalogue.form.saveChanges")}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          label={t("catalogue.models.column.chatModel")}
          name="chatModel"
          defaultValue={shown.chatModel}
          required
          maxLength={100}
          error={fields.chatModel}
          hint={t("catalogue.models.form.chatModelHint")}
        />
        <FormField
          label={t("catalogue.models.form.modelId")}
          name="modelId"
          defaultValue={shown.modelId}
          required
          maxLength={200}
          error={fields.modelId}
          hint={t("catalogue.models.form.modelIdHint")}
        />
        <FormField
          label={t("catalogue.models.column.platform")}
          name="aiPlatform"
          defaultValue={shown.aiPlatform}
          required
          maxLength={50}
          list="ai-platforms"
          error={fields.aiPlatform}
          hint={t("catalogue.models.form.platformHint")}
        />
        <datalist id="ai-platforms">
          {aiPlatforms.map((platform) => (
            <option key={platform.id} value={platform.id}>
              {isDemoPlatform(platform.id) ? t("catalogue.models.form.demoPlatform") : platform.label}
            </option>
          ))}
        </datalist>
        <SelectField
          label={t("catalogue.models.form.modelType")}
          name="modelType"
          defaultValue={shown.modelType}
          required
          options={MODEL_TYPES.map((type) => ({ value: type, label: t(MODEL_TYPE_LABELS[type]) }))}
          onChange={typeChanged}
          error={fields.modelType}
        />
      </div>
      <TextAreaField label={t("catalogue.form.description")} name="description" defaultValue={shown.description} error={fields.description} rows={2} />
      <TextAreaField
        label={t("catalogue.models.form.systemInstruction")}
        name="systemInstruction"
        defaultValue={shown.systemInstruction}
        error={fields.systemInstruction}
        rows={3}
      />
      <TextAreaField
        label={t("catalogue.models.form.messageInstruction")}
        name="messageInstruction"
        defaultValue={shown.messageInstruction}
        error={fields.messageInstruction}
        rows={2}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t("catalogue.models.form.settings")}</legend>
        <p className="text-xs text-faint">{t("catalogue.models.form.settingsHint")}</p>
        {rows.map((row, index) => (
          <div key={index} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-2">
            <input
              name="settingName"
              value={row.name}
              onChange={(event) => editRow(index, { name: event.target.value })}
              placeholder={t("catalogue.models.form.settingNamePlaceholder")}
              aria-label={t("catalogue.models.form.settingName", { number: index + 1 })}
              maxLength={60}
              className="field h-10"
            />
            <input
              name="settingOptions"
              value={row.options}
              onChange={(event) => editRow(index, { options: event.target.value })}
              placeholder={t("catalogue.models.form.settingOptionsPlaceholder")}
              aria-label={t("catalogue.models.form.settingOptions", { number: index + 1 })}
              maxLength={1000}
              className="field h-10"
            />
          </div>
        ))}
        {hydrated ? (
          <button type="button" className="btn-secondary self-start" onClick={() => setRows([...rows, ...blankRows(1)])}>
            {t("catalogue.models.form.addSetting")}
          </button>
        ) : null}
        <FieldNote error={fields.settings} />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField
          label={t("catalogue.models.column.tokens")}
          name="costTokens"
          type="number"
          min={0}
          step={1}
          defaultValue={shown.costTokens}
          required
          error={fields.costTokens}
          hint={t("catalogue.models.form.tokensHint")}
        />
        <FormField
          label={t("catalogue.models.form.costUnit")}
          name="costUnit"
          defaultValue={shown.costUnit}
          list="cost-units"
          maxLength={40}
          error={fields.costUnit}
        />
        <datalist id="cost-units">
          {COST_UNITS.map((unit) => (
            <option key={unit} value={unit} />
          ))}
        </datalist>
        <FormField
          label={t("catalogue.models.form.weight")}
          name="weight"
          type="number"
          step={1}
          defaultValue={shown.weight}
          error={fields.weight}
          hint={t("catalogue.models.form.weightHint")}
        />
        <FormField
          label={t("catalogue.models.form.contextSize")}
          name="contextTokens"
          type="number"
          min={CONTEXT_TOKENS_MIN}
          max={CONTEXT_TOKENS_MAX}
          step={1}
          defaultValue={shown.contextTokens}
          error={fields.contextTokens}
          hint={t("catalogue.models.form.contextSizeHint")}
        />
      </div>
      <FormField
        label={t("catalogue.models.form.apiUrl")}
        name="apiUrl"
        defaultValue={shown.apiUrl}
        maxLength={500}
        placeholder={t("catalogue.models.form.apiUrlPlaceholder")}
        error={fields.apiUrl}
        hint={t("catalogue.models.form.apiUrlHint")}
      />
      <div className="flex flex-col gap-2">
        <FormField
          label={t("catalogue.models.form.apiKey")}
          name="apiKey"
          type="password"
          autoComplete="new-password"
          maxLength={1000}
          placeholder={hasApiKey ? t("catalogue.models.form.apiKeyStored") : t("catalogue.models.form.apiKeyNotSet")}
          hint={hasApiKey ? t("catalogue.models.form.apiKeyStoredHint") : t("catalogue.models.form.apiKeyHint")}
        />
        {hasApiKey ? (
          <CheckboxField name="removeApiKey" checked={false}>
            {t("catalogue.models.form.removeKey")}
          </CheckboxField>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        <CheckboxField name="isPublished" checked={shown.isPublished}>
          {t("catalogue.form.published")}
        </CheckboxField>
        <CheckboxField name="isStream" checked={shown.isStream}>
          {t("catalogue.models.form.stream")}
        </CheckboxField>
        <CheckboxField name="isWebhook" checked={shown.isWebhook}>
          {t("catalogue.models.form.webhook")}
        </CheckboxField>
        <CheckboxField name="acceptsImages" checked={shown.acceptsImages}>
          {t("catalogue.models.form.readsImages")}
        </CheckboxField>
        <CheckboxField name="earlyAccess" checked={shown.earlyAccess}>
          {t("catalogue.models.form.earlyAccess")}
        </CheckboxField>
      </div>
    </EditorForm>
  );
}
