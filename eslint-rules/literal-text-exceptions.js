/**
 * The few texts JSX may hold as they are, in every language (the no-literal-text rule): the
 * product's name, symbols, and each language's own name. Everything else a person reads comes
 * from a catalogue through `t` (app/lib/i18n).
 */
export const allowedTexts = ["CharacterVerse", "English", "Español", "日本語", "Google", "Stripe", "fal", "OpenAI", "SillyTavern", "PNG", "JSON", "CSV", "OK"];

/** Attributes and props whose text a person reads or hears; other attributes are machine values. */
export const userFacingAttributes = [
  "aria-label",
  "aria-description",
  "aria-roledescription",
  "aria-valuetext",
  "aria-placeholder",
  "placeholder",
  "title",
  "alt",
  "label",
  "description",
  "hint",
  "heading",
  "text",
  "message",
  "emptyText",
  "emptyMessage",
  "confirmLabel",
  "cancelLabel",
  "submitLabel",
  "pendingLabel",
  "caption",
  "subtitle",
  "tooltip",
  "legend",
  "buttonLabel",
  "actionLabel",
];

/** Files that are not the product's pages: tests and the e-mail's plain-text layout are checked otherwise. */
export const ignoredFiles = ["**/*.test.tsx", "app/components/ui/sprite-icon.tsx"];
