import type { FieldErrors } from "~/lib/forms";
import { LOREBOOK_ENTRY_MAX_CHARS, LOREBOOK_MAX_ENTRIES } from "~/lib/documents/character-book";
import { blankLorebookEntry, type LorebookEntryValues } from "~/lib/lorebook-form";
import { FieldNote } from "~/components/ui/form";
import { useT } from "~/lib/i18n/react";
import { fieldId } from "./fields";
import { AddButton, RemoveButton, useRows } from "./rows";

/**
 * The lorebook's entries, a growing list like the others: "Add entry" and "Remove entry N" are
 * submit buttons without JavaScript. `fields` holds the form's errors: a refused entry's text is
 * under its row (`lorebook.N`), a refusal of the whole lorebook under the list (`lorebook`).
 */
export function LorebookRows({ initial, fields }: { initial: LorebookEntryValues[]; fields: FieldErrors }) {
  const t = useT();
  const { rows, add, remove } = useRows(initial, blankLorebookEntry);
  const rowError = rows.some((_, index) => fields[`lorebook.${index}`]);
  return (
    <div className="flex flex-col gap-3">
      {rows.map(({ key, row }, index) => (
        <div key={key} className="flex items-start gap-2 rounded-xl bg-raised/50 p-3">
          <LorebookEntryFields index={index} entry={row} error={fields[`lorebook.${index}`]} />
          <RemoveButton value={`lorebook.${index}`} label={t("create.form.lorebook.remove", { number: index + 1 })} onClick={remove(key)} />
        </div>
      ))}
      {rowError ? null : <FieldNote error={fields.lorebook} />}
      <AddButton list="lorebook" label={t("create.form.lorebook.add")} disabled={rows.length >= LOREBOOK_MAX_ENTRIES} onClick={add} />
    </div>
  );
}

/** One entry: its keys, content, switches and insertion order; its other fields ride along hidden. */
function LorebookEntryFields({ index, entry, error }: { index: number; entry: LorebookEntryValues; error?: string }) {
  const name = (field: keyof LorebookEntryValues) => `lorebook.${index}.${field}`;
  const t = useT();
  const number = index + 1;
  const noteId = fieldId(`${name("content")}-note`);
  const invalid = error ? true : undefined;
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-2">
      <p className="text-sm font-medium">{t("create.form.lorebook.entry", { number })}</p>
      <input type="hidden" name={name("extra")} value={entry.extra} />
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-muted">{t("create.form.lorebook.keys")}</span>
        <input
          name={name("keys")}
          defaultValue={entry.keys}
          aria-label={t("create.form.lorebook.keysLabel", { number })}
          aria-invalid={invalid}
          className="field h-10"
        />
      </label>
      <label className="flex flex-col gap-1 text-sm">
        <span className="text-muted">{t("create.form.lorebook.content")}</span>
        <textarea
          name={name("content")}
          defaultValue={entry.content}
          rows={3}
          maxLength={LOREBOOK_ENTRY_MAX_CHARS}
          aria-label={t("create.form.lorebook.contentLabel", { number })}
          aria-invalid={invalid}
          aria-describedby={error ? noteId : undefined}
          className="field resize-y"
        />
      </label>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <Switch
          name={name("enabled")}
          checked={entry.enabled}
          label={t("create.form.lorebook.enabledLabel", { number })}
          text={t("create.form.lorebook.enabled")}
        />
        <Switch
          name={name("constant")}
          checked={entry.constant}
          label={t("create.form.lorebook.constantLabel", { number })}
          text={t("create.form.lorebook.constant")}
        />
        <Switch
          name={name("caseSensitive")}
          checked={entry.caseSensitive}
          label={t("create.form.lorebook.caseSensitiveLabel", { number })}
          text={t("create.form.lorebook.caseSensitive")}
        />
        <label className="flex items-center gap-2">
          <span className="text-muted">{t("create.form.lorebook.order")}</span>
          <input
            name={name("insertionOrder")}
            type="number"
            step={1}
            defaultValue={entry.insertionOrder}
            aria-label={t("create.form.lorebook.orderLabel", { number })}
            className="field h-9 w-24"
          />
        </label>
      </div>
      <FieldNote id={noteId} error={error} />
    </div>
  );
}

function Switch({ name, checked, label, text }: { name: string; checked: boolean; label: string; text: string }) {
  return (
    <label className="flex items-center gap-2">
      <input type="checkbox" name={name} defaultChecked={checked} aria-label={label} className="size-4 accent-accent" /> {text}
    </label>
  );
}
