import { EditorForm } from "~/components/admin/editor-form";
import { FieldLabel, FieldNote, FormField } from "~/components/ui/form";
import { valuesShown, type FormFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import type { DetailFormValues } from "~/modules/admin/character-details.server";
import type { FormLimit } from "~/modules/http/form.server";
import { editableOptions, OptionsListEditor } from "./detail-options";
import { useHydrated } from "~/components/use-hydrated";

/** A detail's form: its options may be a long list. */
export const DETAIL_FORM: FormLimit = { maxBytes: 64 * 1024 };

export const blankDetail = (): DetailFormValues => ({ name: "", description: "", options: "" });

/**
 * The character-detail editor (spec: Name, Description and a list of options; an option is a plain
 * text or an object with the same keys as the first option). Options are written one per line, an
 * object as JSON, so the form works without JavaScript.
 */
export function DetailForm({ intent, values, failure }: { intent: "create" | "update"; values: DetailFormValues; failure?: FormFailure }) {
  const t = useT();
  const shown = valuesShown(failure, values);
  const fields = failure?.fields ?? {};
  // With JavaScript the options are a list to edit; without it (or for text it cannot list), one per line.
  const hydrated = useHydrated();
  const listed = hydrated ? editableOptions(shown.options) : null;
  return (
    <EditorForm
      intent={intent}
      failure={failure}
      backTo="/admin/character-details"
      submit={intent === "create" ? t("catalogue.details.add") : t("catalogue.form.saveChanges")}
    >
      <FormField label={t("catalogue.form.name")} name="name" defaultValue={shown.name} maxLength={100} error={fields.name} />
      <FormField label={t("catalogue.form.description")} name="description" defaultValue={shown.description} maxLength={500} error={fields.description} />
      {listed ? (
        <OptionsListEditor key={JSON.stringify(failure?.values ?? null)} initial={listed} error={fields.options} />
      ) : (
        <div className="flex flex-col gap-1.5">
          <FieldLabel htmlFor="options">{t("catalogue.details.form.options")}</FieldLabel>
          <textarea
            id="options"
            name="options"
            defaultValue={shown.options}
            rows={8}
            className="field py-2 font-mono text-sm"
            aria-invalid={fields.options ? true : undefined}
            aria-describedby="options-hint"
          />
          <FieldNote error={fields.options} />
          <FieldNote id="options-hint" hint={t("catalogue.details.form.optionsHint")} />
        </div>
      )}
    </EditorForm>
  );
}
