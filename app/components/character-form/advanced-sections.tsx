import type { FieldErrors } from "~/lib/forms";
import { useT } from "~/lib/i18n/react";
import {
  SINGLE_GUIDE_SECTIONS,
  type CharacterFormChoices,
  type CharacterFormFailure,
  type CharacterFormValues,
  type PromptGroupValues,
} from "~/lib/character-form";
import { DetailFields } from "./detail-fields";
import { FieldNote } from "~/components/ui/form";
import { CharacterTextArea, fieldId, FoldedSection } from "./fields";
import { AlternateGreetingRows } from "./greeting-rows";
import { LorebookRows } from "./lorebook-rows";
import { AskMeRows, CustomModelRows, PromptGroupFields } from "./rows";
import { TagInput } from "./tag-input";

type SectionProps = {
  values: CharacterFormValues;
  choices: CharacterFormChoices;
  fields: FieldErrors;
  failure: CharacterFormFailure;
};

const filled = (...texts: string[]) => texts.some((text) => text.trim() !== "");
const groupFilled = (group: PromptGroupValues) => filled(group.category, group.prompts);

/**
 * The advanced settings, each section folded. A section opens by itself when one of its fields
 * was refused, when its list was just lengthened or shortened without JavaScript, or when the
 * form came back from the server with something typed in it: what the person wrote is never
 * hidden from them.
 */
export function AdvancedSections({ values, choices, fields, failure }: SectionProps) {
  const t = useT();
  const refused = (...keys: string[]) => Object.keys(fields).some((field) => keys.some((key) => field === key || field.startsWith(`${key}.`)));
  const opens = (keys: string[], hasContent: boolean) => refused(...keys) || keys.includes(failure?.changed ?? "") || (failure !== undefined && hasContent);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-0.5">
        <h3 className="text-sm font-semibold">{t("create.form.advanced.heading")}</h3>
        <p className="text-xs text-faint">{t("create.form.advanced.note")}</p>
      </div>

      <FoldedSection
        title={t("create.form.story.title")}
        summary={t("create.form.story.summary")}
        open={opens(["scenario", "alternateGreetings", "mesExample"], filled(values.scenario, values.mesExample) || values.alternateGreetings.length > 0)}
      >
        <CharacterTextArea name="scenario" values={values} fields={fields} label={t("create.form.field.scenario")} hint={t("create.form.hint.scenario")} />
        <AlternateGreetingRows initial={values.alternateGreetings} fields={fields} />
        <CharacterTextArea
          name="mesExample"
          values={values}
          fields={fields}
          label={t("create.form.field.mesExample")}
          rows={4}
          hint={t("create.form.hint.mesExample")}
        />
      </FoldedSection>

      <FoldedSection
        title={t("create.form.traits.title")}
        summary={t("create.form.traits.summary")}
        open={opens(["details", "tags"], Object.values(values.details).some((value) => filled(value)) || values.tags.length > 0)}
      >
        <p className="-mt-1 text-xs text-faint">{t("create.form.traits.note")}</p>
        <DetailFields choices={choices} details={values.details} error={fields.details} />
        <TagInput tags={values.tags} error={fields.tags} />
      </FoldedSection>

      <FoldedSection
        title={t("create.form.instructions.title")}
        summary={t("create.form.instructions.summary")}
        open={opens(
          ["systemInstruction", "messageInstruction", "postHistoryInstructions", "characterNote"],
          filled(values.systemInstruction, values.messageInstruction, values.postHistoryInstructions, values.characterNote),
        )}
      >
        <CharacterTextArea
          name="systemInstruction"
          values={values}
          fields={fields}
          label={t("create.form.field.systemInstruction")}
          rows={4}
          hint={t("create.form.hint.systemInstruction")}
        />
        <CharacterTextArea name="messageInstruction" values={values} fields={fields} label={t("create.form.field.messageInstruction")} />
        <CharacterTextArea
          name="postHistoryInstructions"
          values={values}
          fields={fields}
          label={t("create.form.field.postHistoryInstructions")}
          hint={t("create.form.hint.postHistoryInstructions")}
        />
        <CharacterTextArea
          name="characterNote"
          values={values}
          fields={fields}
          label={t("cards.form.characterNote")}
          hint={t("cards.form.characterNoteHint")}
        />
      </FoldedSection>

      <FoldedSection
        title={t("create.form.models.title")}
        summary={t("create.form.models.summary")}
        open={opens(["chatModel", "customModels"], filled(values.chatModel) || values.customModels.some((row) => filled(row.type, row.model)))}
      >
        <ChatModelField choices={choices} value={values.chatModel} error={fields.chatModel} />
        <p className="text-sm font-medium">{t("create.form.models.custom")}</p>
        <CustomModelRows initial={values.customModels} modelTypes={choices.modelTypes} modelsByType={choices.modelsByType} error={fields.customModels} />
      </FoldedSection>

      <FoldedSection title={t("create.form.lorebook.title")} summary={t("create.form.lorebook.summary")} open={opens(["lorebook"], values.lorebook.length > 0)}>
        <p className="-mt-1 text-xs text-faint">{t("create.form.lorebook.note")}</p>
        <LorebookRows initial={values.lorebook} fields={fields} />
      </FoldedSection>

      <FoldedSection
        title={t("create.form.guide.title")}
        summary={t("create.form.guide.summary")}
        open={opens(["askMe", "guide"], values.askMe.some(groupFilled) || SINGLE_GUIDE_SECTIONS.some(({ key }) => groupFilled(values.guide[key])))}
      >
        <p className="-mt-1 text-xs text-faint">{t("create.form.guide.note")}</p>
        <AskMeRows initial={values.askMe} error={fields.askMe} />
        <div className="grid gap-3 sm:grid-cols-2">
          {SINGLE_GUIDE_SECTIONS.map((section) => (
            <PromptGroupFields
              key={section.key}
              name={`guide.${section.key}`}
              title={t(section.title)}
              group={values.guide[section.key]}
              error={fields[`guide.${section.key}`]}
            />
          ))}
        </div>
      </FoldedSection>

      <FoldedSection title={t("create.form.notes.title")} summary={t("create.form.notes.summary")} open={opens(["creatorNotes"], filled(values.creatorNotes))}>
        <CharacterTextArea
          name="creatorNotes"
          values={values}
          fields={fields}
          label={t("create.form.field.creatorNotes")}
          rows={4}
          hint={t("create.form.hint.creatorNotes")}
        />
      </FoldedSection>
    </div>
  );
}

function ChatModelField({ choices, value, error }: { choices: CharacterFormChoices; value: string; error?: string }) {
  const t = useT();
  const published = choices.modelsByType.chat ?? [];
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId("chatModel")} className="text-sm font-medium">
        {t("create.form.field.chatModel")}
      </label>
      <select id={fieldId("chatModel")} name="chatModel" defaultValue={value} className="field h-11">
        <option value="">{t("create.form.models.default")}</option>
        {value && !published.includes(value) ? <option value={value}>{value}</option> : null}
        {published.map((model) => (
          <option key={model} value={model}>
            {model}
          </option>
        ))}
      </select>
      <FieldNote error={error} hint={t("create.form.hint.chatModel")} />
    </div>
  );
}
