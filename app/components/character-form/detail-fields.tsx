import { FormField } from "~/components/ui/form";
import { CHARACTER_FIELD_MAX, type CharacterFormChoices } from "~/lib/character-form";
import { FieldNote } from "~/components/ui/form";
import { useT } from "~/lib/i18n/react";
import { fieldId } from "./fields";

/** One field per detail definition (its options to choose from), and any other text detail the character already has. */
export function DetailFields({ choices, details, error }: { choices: CharacterFormChoices; details: Record<string, string>; error?: string }) {
  const t = useT();
  const defined = new Set(choices.definitions.map((definition) => definition.name));
  const others = Object.keys(details).filter((name) => !defined.has(name));
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {choices.definitions.map((definition) => {
        const id = fieldId(`detail.${definition.name}`);
        const value = details[definition.name] ?? "";
        return (
          <div key={definition.name} className="flex flex-col gap-1.5">
            <label htmlFor={id} className="text-sm font-medium capitalize">
              {definition.name}
            </label>
            {definition.options.length > 0 ? (
              <select id={id} name={`detail.${definition.name}`} defaultValue={value} className="field h-11" title={definition.description}>
                <option value="">{t("create.form.details.notSet")}</option>
                {value && !definition.options.includes(value) ? <option value={value}>{value}</option> : null}
                {definition.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input id={id} name={`detail.${definition.name}`} defaultValue={value} maxLength={CHARACTER_FIELD_MAX.detail} className="field h-11" />
            )}
          </div>
        );
      })}
      {others.map((name) => (
        <FormField key={name} label={name} name={`detail.${name}`} defaultValue={details[name]} maxLength={CHARACTER_FIELD_MAX.detail} />
      ))}
      {error ? <FieldNote error={error} /> : null}
    </div>
  );
}
