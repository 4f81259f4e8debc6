import { X } from "lucide-react";
import { useEffect, useState, type KeyboardEvent } from "react";
import { CHARACTER_FIELD_MAX } from "~/lib/character-form";
import { FieldNote } from "~/components/ui/form";
import { useT } from "~/lib/i18n/react";
import { fieldId } from "./fields";

/**
 * Tags (spec: added with Enter, trimmed, de-duplicated). Without JavaScript it is one text field
 * of comma-separated tags; once the page's script runs, each tag is a chip sent as `tag`, and
 * Enter or a comma in the field adds what was typed. Text left in the field is sent too.
 */
export function TagInput({ tags, error }: { tags: string[]; error?: string }) {
  const t = useT();
  const [chips, setChips] = useState(tags);
  const [draft, setDraft] = useState("");
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const id = fieldId("tags");

  const add = (typed: string) => {
    const next = typed
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean);
    setChips((current) => [...new Set([...current, ...next])].slice(0, CHARACTER_FIELD_MAX.tags));
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "Enter" || event.key === ",") {
      event.preventDefault();
      add(draft);
    } else if (event.key === "Backspace" && draft === "" && chips.length > 0) {
      setChips((current) => current.slice(0, -1));
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {t("create.form.field.tags")}
      </label>
      {enhanced ? (
        <div className="field flex min-h-11 flex-wrap items-center gap-1.5 focus-within:border-accent">
          {chips.map((tag) => (
            <span key={tag} className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2 py-0.5 text-xs text-accent">
              <input type="hidden" name="tag" value={tag} />
              {tag}
              <button
                type="button"
                onClick={() => setChips((current) => current.filter((chip) => chip !== tag))}
                aria-label={t("create.form.tags.remove", { tag })}
                className="rounded-full hover:text-ink"
              >
                <X className="size-3" aria-hidden />
              </button>
            </span>
          ))}
          <input
            id={id}
            name="tags"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            onBlur={() => draft.trim() && add(draft)}
            maxLength={CHARACTER_FIELD_MAX.tag * 2}
            placeholder={chips.length === 0 ? t("create.form.tags.placeholder") : ""}
            aria-describedby={`${id}-note`}
            className="min-w-32 flex-1 bg-transparent text-sm outline-none"
          />
        </div>
      ) : (
        <input
          id={id}
          name="tags"
          defaultValue={tags.join(", ")}
          maxLength={(CHARACTER_FIELD_MAX.tag + 2) * CHARACTER_FIELD_MAX.tags}
          aria-describedby={`${id}-note`}
          className="field h-11"
        />
      )}
      <FieldNote id={`${id}-note`} error={error} hint={enhanced ? t("create.form.tags.hintEnter") : t("create.form.tags.hintCommas")} />
    </div>
  );
}
