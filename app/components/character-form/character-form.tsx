import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert } from "~/components/ui/form";
import { CategoryOptions } from "~/components/category-options";
import {
  CHARACTER_FIELD_MAX,
  REQUIRED_FIELD_TEXTS,
  type CharacterFormChoices,
  type CharacterFormFailure,
  type CharacterFormValues,
} from "~/lib/character-form";
import { useT } from "~/lib/i18n/react";
import { AdvancedSections } from "./advanced-sections";
import { FieldLabel, FieldNote } from "~/components/ui/form";
import { CharacterTextArea, fieldId, FormSection } from "./fields";
import { AvatarField, GenerateAvatarField, type AvatarOffer } from "./picture-fields";

export type { AvatarOffer };

export type CharacterFormProps = {
  /** "admin": the console (publish now or save as draft, a Published box when editing); "owner": a person's own character. */
  audience: "admin" | "owner";
  /** "build" a new character, or "edit" a stored one. */
  mode: "build" | "edit";
  values: CharacterFormValues;
  choices: CharacterFormChoices;
  avatarUrl?: string | null;
  failure?: CharacterFormFailure;
  /** Where Cancel leads. */
  cancelTo: string;
  /** Owners only: the image model and price of an avatar drawn from the image prompt (null: none can be called now). */
  avatarOffer?: AvatarOffer | null;
};

/**
 * The character form of spec section 5 and the rest of a character card, in sections: the
 * essentials first (name, category, description, greeting, personality and the picture), then
 * the advanced settings folded. A plain multipart form: every part works without JavaScript.
 */
export function CharacterForm({ audience, mode, values: initial, choices, avatarUrl, failure, cancelTo, avatarOffer }: CharacterFormProps) {
  const t = useT();
  const missingTitle = useMissingTitle();
  const busy = useNavigation().state === "submitting";
  const values = failure?.values ?? initial;
  const fields = failure?.fields ?? {};
  const admin = audience === "admin";
  // The buttons are at the foot of a long form: a refusal brings its message (at the top) into view.
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!failure?.error) return;
    alert.current?.scrollIntoView({ block: "center" });
    alert.current?.focus({ preventScroll: true });
  }, [failure]);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="flex flex-col gap-4"
      aria-label={mode === "build" ? t("create.form.buildLabel") : t("create.form.editLabel")}
    >
      <input type="hidden" name="intent" value={mode === "build" ? "create" : "update"} />
      {/* Enter in a field presses the first submit button: make that a save, not "Add another". */}
      <button type="submit" name="publish" value={admin && mode === "build" ? "draft" : ""} tabIndex={-1} aria-hidden className="sr-only" />
      {failure?.error ? (
        <div ref={alert} tabIndex={-1} className="outline-none">
          <FormAlert tone="error">
            <span className="block font-semibold">{failure.description ? missingTitle(failure.fields ?? {}, failure.error) : failure.error}</span>
            {failure.description ? <span className="block">{t("create.form.missingDescription")}</span> : null}
          </FormAlert>
        </div>
      ) : null}

      <FormSection title={t("create.form.essentials")}>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5">
            <FieldLabel htmlFor={fieldId("name")} required>
              {t("create.form.field.name")}
            </FieldLabel>
            <input
              id={fieldId("name")}
              name="name"
              defaultValue={values.name}
              maxLength={CHARACTER_FIELD_MAX.name}
              aria-required
              aria-invalid={fields.name ? true : undefined}
              className="field h-11"
            />
            <FieldNote error={fields.name} />
          </div>
          <CategoryField categories={choices.categories} value={values.categoryId} error={fields.categoryId} />
        </div>
        <CharacterTextArea
          name="description"
          values={values}
          fields={fields}
          label={t("create.form.field.description")}
          rows={2}
          required
          hint={t("create.form.hint.description")}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <CharacterTextArea
            name="welcomeMessage"
            values={values}
            fields={fields}
            label={t("create.form.field.welcomeMessage")}
            hint={t("create.form.hint.welcomeMessage")}
          />
          <CharacterTextArea
            name="personality"
            values={values}
            fields={fields}
            label={t("create.form.field.personality")}
            hint={t("create.form.hint.personality")}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <AvatarField avatarUrl={avatarUrl} error={fields.avatar} />
          <CharacterTextArea
            name="imagePrompt"
            values={values}
            fields={fields}
            label={t("create.form.field.imagePrompt")}
            rows={2}
            hint={t("create.form.hint.imagePrompt")}
          />
        </div>
        {admin ? null : <GenerateAvatarField offer={avatarOffer ?? null} checked={failure?.generateAvatar ?? false} />}
      </FormSection>

      <AdvancedSections values={values} choices={choices} fields={fields} failure={failure} />

      <div className="flex flex-wrap items-center justify-end gap-2">
        {admin && mode === "edit" ? (
          <label className="mr-auto flex items-center gap-2 text-sm">
            <input type="checkbox" name="isPublished" defaultChecked={values.isPublished} className="size-4 accent-accent" /> {t("create.form.published")}
          </label>
        ) : null}
        <Link to={cancelTo} preventScrollReset className="btn-secondary">
          {t("create.form.cancel")}
        </Link>
        {admin && mode === "build" ? (
          <>
            <button type="submit" name="publish" value="draft" className="btn-secondary" disabled={busy}>
              {t("create.form.saveDraft")}
            </button>
            <button type="submit" name="publish" value="now" className="btn-primary" disabled={busy}>
              {t("create.form.publishNow")}
            </button>
          </>
        ) : (
          <button type="submit" className="btn-primary" disabled={busy}>
            {mode === "build" ? t("create.form.saveCharacter") : t("create.form.saveChanges")}
          </button>
        )}
      </div>
    </Form>
  );
}

/** "Missing required fields: Category, Name": the required fields the refusal names, in the page's language. */
function useMissingTitle() {
  const t = useT();
  return (fields: Record<string, string | undefined>, fallback?: string) => {
    const missing = REQUIRED_FIELD_TEXTS.filter(({ field }) => fields[field]).map(({ label }) => t(label));
    return missing.length > 0 ? t("create.form.missingTitle", { fields: missing.join(t("create.form.listSeparator")) }) : fallback;
  };
}

function CategoryField({ categories, value, error }: { categories: CharacterFormChoices["categories"]; value: string; error?: string }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-1.5">
      <FieldLabel htmlFor={fieldId("categoryId")} required>
        {t("create.form.field.category")}
      </FieldLabel>
      <select id={fieldId("categoryId")} name="categoryId" defaultValue={value} aria-required aria-invalid={error ? true : undefined} className="field h-11">
        <CategoryOptions categories={categories} />
      </select>
      <FieldNote error={error} />
    </div>
  );
}
