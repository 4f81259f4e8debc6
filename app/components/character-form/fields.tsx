import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { TextAreaField } from "~/components/ui/form";
import { CHARACTER_FIELD_MAX, type CharacterFormValues } from "~/lib/character-form";
import type { FieldErrors } from "~/lib/forms";

/** One part of the form, titled. */
export function FormSection({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {note ? <p className="-mt-1 text-xs text-faint">{note}</p> : null}
      {children}
    </fieldset>
  );
}

/** An id for a field name such as `guide.send_me.category` (ids and names differ only by their dots). */
export const fieldId = (name: string) => `cf-${name.replace(/[^\w-]/g, "-")}`;

/** The character's free-text fields, each with a length limit. */
type TextFieldName = {
  [Key in keyof CharacterFormValues & keyof typeof CHARACTER_FIELD_MAX]: CharacterFormValues[Key] extends string ? Key : never;
}[keyof CharacterFormValues & keyof typeof CHARACTER_FIELD_MAX];

/**
 * One of the character's free-text fields: its id, value, length limit and error all follow from
 * its name, so a section names only what it shows (label, hint, height).
 */
export function CharacterTextArea({
  name,
  values,
  fields,
  ...shown
}: {
  name: TextFieldName;
  values: CharacterFormValues;
  fields: FieldErrors;
  label: string;
  hint?: string;
  rows?: number;
  required?: boolean;
}) {
  return <TextAreaField name={name} id={fieldId(name)} defaultValue={values[name]} maxLength={CHARACTER_FIELD_MAX[name]} error={fields[name]} {...shown} />;
}

/**
 * A part of the form folded away until opened (a native `<details>`, so it opens without
 * JavaScript too); `open` unfolds it when it is first shown. Its fields are sent folded or not.
 */
export function FoldedSection({ title, summary, open, children }: { title: string; summary: string; open: boolean; children: ReactNode }) {
  return (
    <details open={open} className="group min-w-0 rounded-2xl border border-line">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-3 rounded-2xl px-4 py-3 hover:bg-raised/50 [&::-webkit-details-marker]:hidden">
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="text-sm font-semibold">{title}</span>
          <span className="text-xs text-faint">{summary}</span>
        </span>
        <ChevronDown className="size-4 shrink-0 text-muted transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <div className="flex min-w-0 flex-col gap-3 border-t border-line p-4">{children}</div>
    </details>
  );
}
