import type { FieldErrors } from "~/lib/forms";
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
  const refused = (...keys: string[]) => Object.keys(fields).some((field) => keys.some((key) => field === key || field.startsWith(`${key}.`)));
  const opens = (keys: string[], hasContent: boolean) => refused(...keys) || keys.includes(failure?.changed ?? "") || (failure !== undefined && hasContent);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-0.5">
        <h3 className="text-sm font-semibold">Advanced settings</h3>
        <p className="text-xs text-faint">All optional. Open a section to change it.</p>
      </div>

      <FoldedSection
        title="Story and greetings"
        summary="Scenario, alternate greetings, example dialogue"
        open={opens(["scenario", "alternateGreetings", "mesExample"], filled(values.scenario, values.mesExample) || values.alternateGreetings.length > 0)}
      >
        <CharacterTextArea name="scenario" values={values} fields={fields} label="Scenario" hint="Where and when the chat takes place, and what is going on" />
        <AlternateGreetingRows initial={values.alternateGreetings} fields={fields} />
        <CharacterTextArea
          name="mesExample"
          values={values}
          fields={fields}
          label="Example dialogue"
          rows={4}
          hint="A few lines showing how they talk. {{char}} stands for the character, {{user}} for the person."
        />
      </FoldedSection>

      <FoldedSection
        title="Traits and tags"
        summary="Short traits picked from lists, and tags that help people find the character"
        open={opens(["details", "tags"], Object.values(values.details).some((value) => filled(value)) || values.tags.length > 0)}
      >
        <p className="-mt-1 text-xs text-faint">Traits left empty are left out.</p>
        <DetailFields choices={choices} details={values.details} error={fields.details} />
        <TagInput tags={values.tags} error={fields.tags} />
      </FoldedSection>

      <FoldedSection
        title="Instructions for the AI"
        summary="System and message instructions, post-history instructions"
        open={opens(
          ["systemInstruction", "messageInstruction", "postHistoryInstructions"],
          filled(values.systemInstruction, values.messageInstruction, values.postHistoryInstructions),
        )}
      >
        <CharacterTextArea
          name="systemInstruction"
          values={values}
          fields={fields}
          label="System instruction"
          rows={4}
          hint="What the model is told before the chat, in place of the model's own instruction"
        />
        <CharacterTextArea name="messageInstruction" values={values} fields={fields} label="Message instruction" />
        <CharacterTextArea
          name="postHistoryInstructions"
          values={values}
          fields={fields}
          label="Post-history instructions"
          hint="Sent after the person's latest message, so the model reads them last"
        />
      </FoldedSection>

      <FoldedSection
        title="Models"
        summary="The chat model, and models for pictures, video and voice"
        open={opens(["chatModel", "customModels"], filled(values.chatModel) || values.customModels.some((row) => filled(row.type, row.model)))}
      >
        <ChatModelField choices={choices} value={values.chatModel} error={fields.chatModel} />
        <p className="text-sm font-medium">Custom models</p>
        <CustomModelRows initial={values.customModels} modelTypes={choices.modelTypes} modelsByType={choices.modelsByType} error={fields.customModels} />
      </FoldedSection>

      <FoldedSection title="Lorebook" summary="Facts added to the chat when one of their keys comes up" open={opens(["lorebook"], values.lorebook.length > 0)}>
        <p className="-mt-1 text-xs text-faint">
          Entries are added to the chat&apos;s prompt when one of their keys appears in recent messages, or always when constant. Entries left blank are
          ignored.
        </p>
        <LorebookRows initial={values.lorebook} fields={fields} />
      </FoldedSection>

      <FoldedSection
        title="Prompt guide"
        summary="Ready-made prompts people can pick in the chat"
        open={opens(["askMe", "guide"], values.askMe.some(groupFilled) || SINGLE_GUIDE_SECTIONS.some(({ key }) => groupFilled(values.guide[key])))}
      >
        <p className="-mt-1 text-xs text-faint">Prompts one a line. Groups left blank are ignored.</p>
        <AskMeRows initial={values.askMe} error={fields.askMe} />
        <div className="grid gap-3 sm:grid-cols-2">
          {SINGLE_GUIDE_SECTIONS.map((section) => (
            <PromptGroupFields
              key={section.key}
              name={`guide.${section.key}`}
              title={section.title}
              group={values.guide[section.key]}
              error={fields[`guide.${section.key}`]}
            />
          ))}
        </div>
      </FoldedSection>

      <FoldedSection
        title="Creator notes"
        summary="Notes for people who use or import the character"
        open={opens(["creatorNotes"], filled(values.creatorNotes))}
      >
        <CharacterTextArea
          name="creatorNotes"
          values={values}
          fields={fields}
          label="Creator notes"
          rows={4}
          hint="Not sent to the model. They travel with the character's card."
        />
      </FoldedSection>
    </div>
  );
}

function ChatModelField({ choices, value, error }: { choices: CharacterFormChoices; value: string; error?: string }) {
  const published = choices.modelsByType.chat ?? [];
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={fieldId("chatModel")} className="text-sm font-medium">
        Chat model
      </label>
      <select id={fieldId("chatModel")} name="chatModel" defaultValue={value} className="field h-11">
        <option value="">Default model</option>
        {value && !published.includes(value) ? <option value={value}>{value}</option> : null}
        {published.map((model) => (
          <option key={model} value={model}>
            {model}
          </option>
        ))}
      </select>
      <FieldNote error={error} hint="The model that answers in this character's chats, unless a person picks another" />
    </div>
  );
}
