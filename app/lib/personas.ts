/**
 * Personas (docs/chat.md, Personas): who a person presents themselves as in a chat. The limits and
 * the server's texts, in English as the server writes them; each is also a key of the personas
 * catalogue, so that it leaves the server in the person's language.
 */
export const PERSONA_NAME_MAX = 60;
export const PERSONA_DESCRIPTION_MAX = 2000;

export const personaTexts = {
  nameRequired: "Please enter the persona's name",
  nameTooLong: "Use at most 60 characters for the name",
  descriptionTooLong: "Use at most 2000 characters for the description",
  notFound: "Persona not found",
  avatarFailed: "Failed to upload avatar",
  modelNotOffered: "This model is not offered for chats",
  modelNotInPlan: "Your plan does not include this model. Upgrade to one with early access to use it.",
} as const;

/** A persona as the dashboard and the chat's details panel show it. */
export type PersonaView = { id: string; name: string; description: string; avatarUrl: string | null; isDefault: boolean };
