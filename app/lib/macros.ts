/**
 * Character cards name the person and the character with placeholders: `{{user}}` and `{{char}}`
 * in any case, and the older `<USER>` and `<BOT>` that SillyTavern also reads. They are filled in
 * wherever a person or a model reads a character's text (greetings, the details panel, the
 * catalogue, every part of a prompt); the editors keep them as written.
 */
export type CharacterNames = { char: string; user: string };

const PLACEHOLDER = /\{\{(char|user)\}\}|<(bot|user)>/gi;

export function fillNames(text: string, names: CharacterNames): string {
  // A function, so that a name with `$&` or `$1` in it is put in as it is.
  return text.replace(PLACEHOLDER, (_match, curly: string | undefined, angle: string | undefined) =>
    (curly ?? angle)!.toLowerCase() === "user" ? names.user : names.char,
  );
}

/** Who `{{user}}` is for a visitor who has not signed in (and SillyTavern's default). */
export const VISITOR_NAME = "User";

/**
 * Who `{{user}}` is: the persona chosen for the chat (or the person's default persona), else the
 * person's name (at sign-up, the part of their e-mail before @), else that part of the e-mail.
 * Every reader of `{{user}}` asks here.
 */
export function personaName(person: { name: string | null; email: string } | null | undefined, persona?: { name: string | null } | null): string {
  const chosen = persona?.name?.trim();
  if (chosen) return chosen;
  if (!person) return VISITOR_NAME;
  return person.name?.trim() || person.email.split("@")[0]?.trim() || VISITOR_NAME;
}
