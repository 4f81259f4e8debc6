import { Plus, Trash2 } from "lucide-react";
import { useRef, useState, type MouseEvent } from "react";
import { CHARACTER_FIELD_MAX, type CustomModelValues, type GrowingList, type PromptGroupValues } from "~/lib/character-form";
import { FieldNote } from "~/components/ui/form";
import { useT } from "~/lib/i18n/react";
import { fieldId } from "./fields";

/**
 * A list a person lengthens or shortens. Its buttons are submit buttons (`add=list`,
 * `remove=list.N`): without JavaScript the server shows the form again with the list changed and
 * every value kept; with it, the change happens in place.
 */
export function useRows<Row>(initial: Row[], blank: () => Row) {
  const next = useRef(initial.length);
  const [rows, setRows] = useState(() => initial.map((row, index) => ({ key: index, row })));
  const add = (event: MouseEvent) => {
    event.preventDefault();
    setRows((current) => [...current, { key: next.current++, row: blank() }]);
  };
  const remove = (key: number) => (event: MouseEvent) => {
    event.preventDefault();
    setRows((current) => current.filter((entry) => entry.key !== key));
  };
  return { rows, add, remove };
}

export function AddButton({ list, label, disabled, onClick }: { list: GrowingList; label: string; disabled: boolean; onClick: (event: MouseEvent) => void }) {
  return (
    <button type="submit" name="add" value={list} formNoValidate disabled={disabled} onClick={onClick} className="btn-secondary self-start">
      <Plus className="size-4" aria-hidden /> {label}
    </button>
  );
}

export function RemoveButton({ value, label, onClick }: { value: string; label: string; onClick: (event: MouseEvent) => void }) {
  return (
    <button
      type="submit"
      name="remove"
      value={value}
      formNoValidate
      onClick={onClick}
      aria-label={label}
      title={label}
      className="shrink-0 rounded-full p-2 text-muted hover:bg-danger/10 hover:text-danger"
    >
      <Trash2 className="size-4" aria-hidden />
    </button>
  );
}

/** Custom models (spec: a type and a model, both required): the model list follows the chosen type once JavaScript runs. */
export function CustomModelRows({
  initial,
  modelTypes,
  modelsByType,
  error,
}: {
  initial: CustomModelValues[];
  modelTypes: string[];
  modelsByType: Record<string, string[]>;
  error?: string;
}) {
  const t = useT();
  const { rows, add, remove } = useRows(initial, () => ({ type: "", model: "" }));
  const [types, setTypes] = useState<Record<number, string>>({});
  return (
    <div className="flex flex-col gap-2">
      {rows.map(({ key, row }, index) => {
        const type = types[key] ?? row.type;
        const groups = type && modelsByType[type] ? [type] : Object.keys(modelsByType);
        return (
          <div key={key} className="flex items-end gap-2">
            <div className="grid min-w-0 flex-1 gap-2 sm:grid-cols-[10rem_1fr]">
              <label className="flex flex-col gap-1 text-sm">
                <span className="text-muted">{t("create.form.customModel.type")}</span>
                <select
                  name={`customModels.${index}.type`}
                  defaultValue={row.type}
                  onChange={(event) => setTypes((current) => ({ ...current, [key]: event.target.value }))}
                  className="field h-10"
                  aria-label={t("create.form.customModel.typeLabel", { number: index + 1 })}
                >
                  <option value="">{t("create.form.customModel.chooseType")}</option>
                  {modelTypes.map((option) => (
                    <option key={option} value={option}>
                      {option.charAt(0).toUpperCase() + option.slice(1)}
                    </option>
                  ))}
                </select>
              </label>
              <label className="flex min-w-0 flex-col gap-1 text-sm">
                <span className="text-muted">{t("create.form.customModel.model")}</span>
                <select
                  name={`customModels.${index}.model`}
                  defaultValue={row.model}
                  className="field h-10"
                  aria-label={t("create.form.customModel.modelLabel", { number: index + 1 })}
                >
                  <option value="">{t("create.form.customModel.chooseModel")}</option>
                  {row.model && !Object.values(modelsByType).flat().includes(row.model) ? <option value={row.model}>{row.model}</option> : null}
                  {groups.map((group) => (
                    <optgroup key={group} label={group}>
                      {modelsByType[group]!.map((model) => (
                        <option key={model} value={model}>
                          {model}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              </label>
            </div>
            <RemoveButton value={`customModels.${index}`} label={t("create.form.customModel.remove", { number: index + 1 })} onClick={remove(key)} />
          </div>
        );
      })}
      <FieldNote error={error} hint={t("create.form.customModel.hint")} />
      <AddButton list="customModels" label={t("create.form.customModel.add")} disabled={rows.length >= CHARACTER_FIELD_MAX.customModels} onClick={add} />
    </div>
  );
}

/** One prompt group: a category and its prompts, one a line. */
export function PromptGroupFields({ name, title, group, error }: { name: string; title: string; group: PromptGroupValues; error?: string }) {
  const t = useT();
  const categoryId = fieldId(`${name}.category`);
  const promptsId = fieldId(`${name}.prompts`);
  return (
    <div className="flex min-w-0 flex-1 flex-col gap-2">
      <label htmlFor={categoryId} className="text-sm font-medium">
        {t("create.form.guide.category", { title })}
      </label>
      <input id={categoryId} name={`${name}.category`} defaultValue={group.category} maxLength={80} className="field h-10" />
      <label htmlFor={promptsId} className="text-sm text-muted">
        {t("create.form.guide.prompts", { title })}
      </label>
      <textarea
        id={promptsId}
        name={`${name}.prompts`}
        defaultValue={group.prompts}
        rows={3}
        maxLength={CHARACTER_FIELD_MAX.prompts}
        aria-invalid={error ? true : undefined}
        className="field resize-y"
      />
      <FieldNote error={error} />
    </div>
  );
}

/** Ask Me: a list of prompt groups. */
export function AskMeRows({ initial, error }: { initial: PromptGroupValues[]; error?: string }) {
  const t = useT();
  const { rows, add, remove } = useRows(initial, () => ({ category: "", prompts: "" }));
  return (
    <div className="flex flex-col gap-3">
      {rows.map(({ key, row }, index) => (
        <div key={key} className="flex items-start gap-2 rounded-xl bg-raised/50 p-3">
          <PromptGroupFields name={`askMe.${index}`} title={t("create.form.askMe.title", { number: index + 1 })} group={row} />
          <RemoveButton value={`askMe.${index}`} label={t("create.form.askMe.remove", { number: index + 1 })} onClick={remove(key)} />
        </div>
      ))}
      <FieldNote error={error} />
      <AddButton list="askMe" label={t("create.form.askMe.add")} disabled={rows.length >= CHARACTER_FIELD_MAX.askMe} onClick={add} />
    </div>
  );
}
