import type { FieldErrors } from "~/lib/forms";
import { CHARACTER_FIELD_MAX } from "~/lib/character-form";
import { FieldNote } from "~/components/ui/form";
import { useT } from "~/lib/i18n/react";
import { fieldId } from "./fields";
import { AddButton, RemoveButton, useRows } from "./rows";

/**
 * Alternate greetings: other first messages a new chat offers beside the welcome message, a
 * growing list like the others ("Add greeting" and "Remove alternate greeting N" are submit
 * buttons without JavaScript). A refused greeting's text is under its row (`alternateGreetings.N`).
 */
export function AlternateGreetingRows({ initial, fields }: { initial: string[]; fields: FieldErrors }) {
  const t = useT();
  const { rows, add, remove } = useRows(initial, () => "");
  const hintId = fieldId("alternateGreetings-hint");
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm font-medium">{t("create.form.field.alternateGreetings")}</p>
      <p id={hintId} className="-mt-1 text-xs text-faint">
        {t("create.form.hint.alternateGreetings")}
      </p>
      {rows.map(({ key, row }, index) => {
        const name = `alternateGreetings.${index}`;
        const error = fields[name];
        return (
          <div key={key} className="flex flex-col gap-1">
            <div className="flex items-start gap-2">
              <textarea
                name={name}
                defaultValue={row}
                rows={2}
                maxLength={CHARACTER_FIELD_MAX.alternateGreeting}
                aria-label={t("create.form.greeting.label", { number: index + 1 })}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? fieldId(`${name}-note`) : hintId}
                className="field min-w-0 flex-1 resize-y"
              />
              <RemoveButton value={name} label={t("create.form.greeting.remove", { number: index + 1 })} onClick={remove(key)} />
            </div>
            <FieldNote id={fieldId(`${name}-note`)} error={error} />
          </div>
        );
      })}
      <FieldNote error={fields.alternateGreetings} />
      <AddButton
        list="alternateGreetings"
        label={t("create.form.greeting.add")}
        disabled={rows.length >= CHARACTER_FIELD_MAX.alternateGreetings}
        onClick={add}
      />
    </div>
  );
}
