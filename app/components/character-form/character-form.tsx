import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormAlert, FormField } from "~/components/ui/form";
import { thumbnailUrl } from "~/lib/catalogue";
import { ownCharacterTexts } from "~/lib/own-characters";
import {
  CHARACTER_FIELD_MAX,
  SINGLE_GUIDE_SECTIONS,
  type CharacterFormChoices,
  type CharacterFormFailure,
  type CharacterFormValues,
} from "~/lib/character-form";
import { FieldLabel, FieldNote, fieldId, FormSection, TextArea } from "./fields";
import { LorebookRows } from "./lorebook-rows";
import { AskMeRows, CustomModelRows, PromptGroupFields } from "./rows";
import { TagInput } from "./tag-input";

export type CharacterFormProps = {
  /** "admin": the console (publish now or save as draft, a Published box when editing); "owner": a person's own character. */
  audience: "admin" | "owner";
  /** "build" a new character, or "edit" a stored one. */
  mode: "build" | "edit";
  values: CharacterFormValues;
  choices: CharacterFormChoices;
  avatarUrl?: string | null;
  failure?: CharacterFormFailure;
  /** Where Cancel leads. */
  cancelTo: string;
  /** Owners only: the image model and price of an avatar drawn from the image prompt (null: none can be called now). */
  avatarOffer?: AvatarOffer | null;
};

export type AvatarOffer = { model: string; costTokens: number };

/**
 * The character form of spec section 5: category, name and description (required), welcome
 * message, avatar, details from the definitions, tags, custom models, instructions, image prompt
 * and the prompt guide. A plain multipart form: every part works without JavaScript.
 */
export function CharacterForm({ audience, mode, values: initial, choices, avatarUrl, failure, cancelTo, avatarOffer }: CharacterFormProps) {
  const busy = useNavigation().state === "submitting";
  const values = failure?.values ?? initial;
  const fields = failure?.fields ?? {};
  const admin = audience === "admin";
  // The buttons are at the foot of a long form: a refusal brings its message (at the top) into view.
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!failure?.error) return;
    alert.current?.scrollIntoView({ block: "center" });
    alert.current?.focus({ preventScroll: true });
  }, [failure]);
  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4" aria-label={mode === "build" ? "Build a character" : "Edit character"}>
      <input type="hidden" name="intent" value={mode === "build" ? "create" : "update"} />
      {/* Enter in a field presses the first submit button: make that a save, not "Add another". */}
      <button type="submit" name="publish" value={admin && mode === "build" ? "draft" : ""} tabIndex={-1} aria-hidden className="sr-only" />
      {failure?.error ? (
        <div ref={alert} tabIndex={-1} className="outline-none">
          <FormAlert tone="error">
            <span className="block font-semibold">{failure.error}</span>
            {failure.description ? <span className="block">{failure.description}</span> : null}
          </FormAlert>
        </div>
      ) : null}

      <FormSection title="Character">
        <div className="flex flex-col gap-1.5">
          <FieldLabel htmlFor={fieldId("categoryId")} required>
            Category
          </FieldLabel>
          <select
            id={fieldId("categoryId")}
            name="categoryId"
            defaultValue={values.categoryId}
            aria-required
            aria-invalid={fields.categoryId ? true : undefined}
            className="field h-11"
          >
            <option value="">Choose a category</option>
            {choices.categories.map((category) => (
              <option key={category.id} value={String(category.id)}>
                {category.name}
              </option>
            ))}
          </select>
          <FieldNote error={fields.categoryId} />
        </div>
        <div className="flex flex-col gap-1.5">
          <FieldLabel htmlFor={fieldId("name")} required>
            Name
          </FieldLabel>
          <input
            id={fieldId("name")}
            name="name"
            defaultValue={values.name}
            maxLength={CHARACTER_FIELD_MAX.name}
            aria-required
            aria-invalid={fields.name ? true : undefined}
            className="field h-11"
          />
          <FieldNote error={fields.name} />
        </div>
        <TextArea
          label="Description"
          name="description"
          defaultValue={values.description}
          maxLength={CHARACTER_FIELD_MAX.description}
          required
          error={fields.description}
        />
        <TextArea
          label="Welcome message"
          name="welcomeMessage"
          defaultValue={values.welcomeMessage}
          maxLength={CHARACTER_FIELD_MAX.welcomeMessage}
          error={fields.welcomeMessage}
          hint="The first message of a new chat"
        />
        <AvatarField avatarUrl={avatarUrl} error={fields.avatar} />
        {admin ? null : <GenerateAvatarField offer={avatarOffer ?? null} checked={failure?.generateAvatar ?? false} />}
      </FormSection>

      <FormSection title="Details" note="Empty details are left out.">
        <DetailFields choices={choices} details={values.details} error={fields.details} />
        <TagInput tags={values.tags} error={fields.tags} />
      </FormSection>

      <FormSection title="Models">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={fieldId("chatModel")} className="text-sm font-medium">
            Chat model
          </label>
          <select id={fieldId("chatModel")} name="chatModel" defaultValue={values.chatModel} className="field h-11">
            <option value="">Default model</option>
            {values.chatModel && !(choices.modelsByType.chat ?? []).includes(values.chatModel) ? (
              <option value={values.chatModel}>{values.chatModel}</option>
            ) : null}
            {(choices.modelsByType.chat ?? []).map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </select>
          <FieldNote error={fields.chatModel} hint="The model that answers in this character's chats, unless a person picks another" />
        </div>
        <p className="text-sm font-medium">Custom models</p>
        <CustomModelRows initial={values.customModels} modelTypes={choices.modelTypes} modelsByType={choices.modelsByType} error={fields.customModels} />
      </FormSection>

      <FormSection title="Instructions">
        <TextArea
          label="System instruction"
          name="systemInstruction"
          defaultValue={values.systemInstruction}
          maxLength={CHARACTER_FIELD_MAX.systemInstruction}
          rows={4}
          error={fields.systemInstruction}
        />
        <TextArea
          label="Message instruction"
          name="messageInstruction"
          defaultValue={values.messageInstruction}
          maxLength={CHARACTER_FIELD_MAX.messageInstruction}
          error={fields.messageInstruction}
        />
        <TextArea
          label="Image prompt"
          name="imagePrompt"
          defaultValue={values.imagePrompt}
          maxLength={CHARACTER_FIELD_MAX.imagePrompt}
          error={fields.imagePrompt}
          hint="How pictures of this character are described"
        />
      </FormSection>

      <FormSection
        title="Lorebook"
        note="Entries added to the chat's prompt when one of their keys appears in recent messages, or always when constant. Entries left blank are ignored."
      >
        <LorebookRows initial={values.lorebook} fields={fields} />
      </FormSection>

      <FormSection title="Prompt guide" note="Prompts people can pick in the chat, one a line. Groups left blank are ignored.">
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
      </FormSection>

      <div className="flex flex-wrap items-center justify-end gap-2">
        {admin && mode === "edit" ? (
          <label className="mr-auto flex items-center gap-2 text-sm">
            <input type="checkbox" name="isPublished" defaultChecked={values.isPublished} className="size-4 accent-accent" /> Published
          </label>
        ) : null}
        <Link to={cancelTo} preventScrollReset className="btn-secondary">
          Cancel
        </Link>
        {admin && mode === "build" ? (
          <>
            <button type="submit" name="publish" value="draft" className="btn-secondary" disabled={busy}>
              Save as Draft
            </button>
            <button type="submit" name="publish" value="now" className="btn-primary" disabled={busy}>
              Publish Now
            </button>
          </>
        ) : (
          <button type="submit" className="btn-primary" disabled={busy}>
            {mode === "build" ? "Save Character" : "Save Changes"}
          </button>
        )}
      </div>
    </Form>
  );
}

function AvatarField({ avatarUrl, error }: { avatarUrl?: string | null; error?: string }) {
  const id = fieldId("avatar");
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        Avatar
      </label>
      <div className="flex items-center gap-3">
        {avatarUrl ? <img src={thumbnailUrl(avatarUrl, 150) ?? avatarUrl} alt="Current avatar" className="size-14 shrink-0 rounded-full object-cover" /> : null}
        <input
          id={id}
          name="avatar"
          type="file"
          accept="image/*"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-note`}
          className="w-full min-w-0 text-sm text-muted file:mr-3 file:rounded-full file:border-0 file:bg-raised file:px-3 file:py-1.5 file:text-ink"
        />
      </div>
      <FieldNote
        id={`${id}-note`}
        error={error}
        hint={`${avatarUrl ? "Choose a new image to replace this one. " : ""}PNG, JPEG, WebP, GIF or AVIF up to 5 MB; it is cropped square.`}
      />
    </div>
  );
}

/** "Generate the avatar from the image prompt", with the model and its price; an uploaded picture wins over it. */
function GenerateAvatarField({ offer, checked }: { offer: AvatarOffer | null; checked: boolean }) {
  if (!offer) return <p className="text-sm text-muted">{ownCharacterTexts.noAvatarModel}</p>;
  const id = fieldId("generateAvatar");
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex items-center gap-2 text-sm font-medium">
        <input id={id} type="checkbox" name="generateAvatar" defaultChecked={checked} aria-describedby={`${id}-note`} className="size-4 accent-accent" />
        {ownCharacterTexts.generateAvatar}
      </label>
      <p id={`${id}-note`} className="text-xs text-muted">
        {offer.model} draws it once the character is saved, for {offer.costTokens} {offer.costTokens === 1 ? "token" : "tokens"}. An uploaded picture is used
        instead when you choose one.
      </p>
    </div>
  );
}

/** One field per detail definition (its options to choose from), and any other text detail the character already has. */
function DetailFields({ choices, details, error }: { choices: CharacterFormChoices; details: Record<string, string>; error?: string }) {
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
                <option value="">Not set</option>
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
