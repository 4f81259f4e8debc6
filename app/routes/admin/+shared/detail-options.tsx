import { useState } from "react";
import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import { useT } from "~/lib/i18n/react";

type Editing = { kind: "text"; rows: string[] } | { kind: "fields"; keys: string[]; rows: Record<string, string>[] };

/** The options text (one per line, an object as JSON) as a list to edit, or null when it mixes kinds or holds a line that is not JSON. */
export function editableOptions(text: string): Editing | null {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (!lines.some((line) => line.startsWith("{"))) return { kind: "text", rows: lines };
  const objects: Record<string, string>[] = [];
  for (const line of lines) {
    try {
      const value: unknown = JSON.parse(line);
      if (!value || typeof value !== "object" || Array.isArray(value)) return null;
      if (Object.values(value).some((field) => typeof field !== "string")) return null;
      objects.push(value as Record<string, string>);
    } catch {
      return null;
    }
  }
  const keys = Object.keys(objects[0] ?? { name: "" });
  return { kind: "fields", keys: keys.includes("name") ? keys : ["name", ...keys], rows: objects };
}

/** The list as the form sends it: the same one-per-line text the page without JavaScript posts. */
function optionsText(editing: Editing) {
  if (editing.kind === "text") return editing.rows.filter((row) => row.trim()).join("\n");
  return editing.rows
    .filter((row) => editing.keys.some((key) => row[key]?.trim()))
    .map((row) => JSON.stringify(Object.fromEntries(editing.keys.map((key) => [key, row[key] ?? ""]))))
    .join("\n");
}

const iconButton = "rounded-full p-1.5 text-muted hover:bg-raised hover:text-ink disabled:opacity-30";

/**
 * The options as a list (with JavaScript): plain texts, or objects whose fields are the first
 * option's, each row with its own inputs; add, remove and reorder. It posts the same `options`
 * text as the plain textarea.
 */
export function OptionsListEditor({ initial, error }: { initial: Editing; error?: string }) {
  const [editing, setEditing] = useState<Editing>(initial.rows.length ? initial : ({ ...initial, rows: initial.kind === "text" ? [""] : [{}] } as Editing));
  const [newKey, setNewKey] = useState("");
  const t = useT();

  const rowsCount = editing.rows.length;
  const move = (from: number, to: number) => {
    const rows = [...editing.rows];
    [rows[from], rows[to]] = [rows[to]!, rows[from]!];
    setEditing({ ...editing, rows } as Editing);
  };
  const remove = (at: number) => setEditing({ ...editing, rows: editing.rows.filter((_, index) => index !== at) } as Editing);
  const add = () => setEditing({ ...editing, rows: [...editing.rows, editing.kind === "text" ? "" : {}] } as Editing);
  const switchKind = (kind: Editing["kind"]) => {
    if (kind === editing.kind) return;
    setEditing(
      kind === "fields"
        ? { kind, keys: ["name"], rows: editing.rows.map((row) => ({ name: String(row) })) }
        : { kind, rows: (editing as Extract<Editing, { kind: "fields" }>).rows.map((row) => row.name ?? "") },
    );
  };
  const addKey = () => {
    const key = newKey.trim();
    if (editing.kind !== "fields" || !key || editing.keys.includes(key)) return;
    setEditing({ ...editing, keys: [...editing.keys, key] });
    setNewKey("");
  };
  const removeKey = (key: string) => editing.kind === "fields" && setEditing({ ...editing, keys: editing.keys.filter((each) => each !== key) });

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? "options-error" : undefined}>
      <legend className="mb-1 text-sm font-medium">{t("catalogue.details.form.options")}</legend>
      <input type="hidden" name="options" value={optionsText(editing)} />
      <div className="flex flex-wrap gap-3 text-sm" role="radiogroup" aria-label={t("catalogue.details.options.kind")}>
        {(["text", "fields"] as const).map((kind) => (
          <label key={kind} className="flex items-center gap-2">
            <input type="radio" checked={editing.kind === kind} onChange={() => switchKind(kind)} className="accent-accent" />
            {kind === "text" ? t("catalogue.details.options.text") : t("catalogue.details.options.fields")}
          </label>
        ))}
      </div>
      {editing.kind === "fields" ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted">{t("catalogue.details.options.fieldsLabel")}</span>
          {editing.keys.map((key) => (
            <span key={key} className="inline-flex items-center gap-1 rounded-full border border-line bg-raised px-2 py-0.5">
              {key}
              {key === "name" ? null : (
                <button
                  type="button"
                  className="text-muted hover:text-danger"
                  aria-label={t("catalogue.details.options.removeField", { key })}
                  onClick={() => removeKey(key)}
                >
                  <X className="size-3" aria-hidden />
                </button>
              )}
            </span>
          ))}
          <input
            value={newKey}
            onChange={(event) => setNewKey(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== "Enter") return;
              event.preventDefault();
              addKey();
            }}
            placeholder={t("catalogue.details.options.newField")}
            aria-label={t("catalogue.details.options.newFieldLabel")}
            maxLength={40}
            className="field h-8 w-32"
          />
          <button type="button" className="btn-secondary h-8" onClick={addKey}>
            {t("catalogue.details.options.addField")}
          </button>
        </div>
      ) : null}
      <ol className="flex flex-col gap-2">
        {editing.rows.map((row, index) => (
          <li key={index} className="flex items-start gap-1 rounded-xl border border-line p-2">
            <div className="grid min-w-0 flex-1 gap-2 sm:grid-cols-[repeat(auto-fit,minmax(8rem,1fr))]">
              {editing.kind === "text" ? (
                <input
                  value={row as string}
                  aria-label={t("catalogue.details.options.option", { number: index + 1 })}
                  maxLength={500}
                  className="field h-9"
                  onChange={(event) => setEditing({ ...editing, rows: editing.rows.map((each, at) => (at === index ? event.target.value : each)) })}
                />
              ) : (
                editing.keys.map((key) => (
                  <input
                    key={key}
                    value={(row as Record<string, string>)[key] ?? ""}
                    placeholder={key}
                    aria-label={t("catalogue.details.options.optionField", { number: index + 1, key })}
                    maxLength={500}
                    className="field h-9"
                    onChange={(event) =>
                      setEditing({ ...editing, rows: editing.rows.map((each, at) => (at === index ? { ...each, [key]: event.target.value } : each)) })
                    }
                  />
                ))
              )}
            </div>
            <button
              type="button"
              className={iconButton}
              disabled={index === 0}
              aria-label={t("catalogue.details.options.moveUp", { number: index + 1 })}
              onClick={() => move(index, index - 1)}
            >
              <ArrowUp className="size-4" aria-hidden />
            </button>
            <button
              type="button"
              className={iconButton}
              disabled={index === rowsCount - 1}
              aria-label={t("catalogue.details.options.moveDown", { number: index + 1 })}
              onClick={() => move(index, index + 1)}
            >
              <ArrowDown className="size-4" aria-hidden />
            </button>
            <button
              type="button"
              className={iconButton}
              aria-label={t("catalogue.details.options.remove", { number: index + 1 })}
              onClick={() => remove(index)}
            >
              <X className="size-4" aria-hidden />
            </button>
          </li>
        ))}
      </ol>
      <button type="button" className="btn-secondary self-start" onClick={add}>
        <Plus className="size-4" aria-hidden /> {t("catalogue.details.options.add")}
      </button>
      {error ? (
        <p id="options-error" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
