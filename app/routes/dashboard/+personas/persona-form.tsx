import { Form, useNavigation } from "react-router";
import { Avatar } from "~/components/ui/avatar";
import { CheckboxField, FileField, FormAlert, FormField, TextAreaField } from "~/components/ui/form";
import { valuesShown, type FormFailure } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import { PERSONA_DESCRIPTION_MAX, PERSONA_NAME_MAX } from "~/lib/personas";

export type PersonaValues = { name: string; description: string; isDefault: boolean };

/** The persona form (name, description, picture, default), for a new persona and an edit alike; a plain multipart form. */
export function PersonaForm({
  intent,
  values,
  avatarUrl = null,
  failure,
  submitLabel,
}: {
  intent: "create" | "update";
  values: PersonaValues;
  avatarUrl?: string | null;
  failure?: FormFailure;
  submitLabel: string;
}) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  const shown = valuesShown(failure, values);
  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={intent} />
      {failure?.error ? <FormAlert tone="error">{failure.error}</FormAlert> : null}
      <FormField label={t("personas.form.name")} name="name" defaultValue={shown.name} maxLength={PERSONA_NAME_MAX} required error={failure?.fields?.name} />
      <TextAreaField
        label={t("personas.form.description")}
        name="description"
        defaultValue={shown.description}
        maxLength={PERSONA_DESCRIPTION_MAX}
        rows={4}
        error={failure?.fields?.description}
        hint={t("personas.form.descriptionHint")}
      />
      <FileField label={t("personas.form.avatar")} name="avatar" accept="image/*" error={failure?.fields?.avatar} hint={t("personas.form.avatarHint")}>
        {avatarUrl ? <Avatar url={avatarUrl} size={44} alt={t("personas.form.currentAvatar")} /> : null}
      </FileField>
      <CheckboxField name="isDefault" checked={shown.isDefault}>
        {t("personas.form.isDefault")}
      </CheckboxField>
      <button type="submit" className="btn-primary self-start" disabled={busy}>
        {submitLabel}
      </button>
    </Form>
  );
}
