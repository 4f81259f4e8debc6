/** A SillyTavern chat file to import can be at most this large (its text, UTF-8). */
export const CHAT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** At most this many messages come in with one imported chat. */
export const CHAT_IMPORT_MAX_MESSAGES = 5000;
/** Search results shown at once, and how far back a search pages. */
export const MESSAGE_SEARCH_PAGE_SIZE = 20;
export const MESSAGE_SEARCH_MAX_PAGES = 50;
/** The longest search a person can type. */
export const MESSAGE_SEARCH_MAX_CHARS = 100;

/** The export formats a chat is taken out in, by file name suffix. */
export const CHAT_EXPORT_FORMATS = ["json", "jsonl", "txt"] as const;
export type ChatExportFormat = (typeof CHAT_EXPORT_FORMATS)[number];

/** Where a chat's export in `format` downloads from. */
export const chatExportHref = (sessionId: string, format: ChatExportFormat) => `/chat/${sessionId}/export.${format}`;

/** The server's refusals of a chat file (English; the transfer catalogue holds them in every language). */
export const chatImportTexts = {
  noFile: "Choose a SillyTavern chat file (.jsonl)",
  fileTooLarge: `A chat file can be at most ${CHAT_IMPORT_MAX_BYTES / 1024 / 1024} MB`,
  notText: "This file is not text: a SillyTavern chat is a .jsonl file",
  noHeader: "This is not a SillyTavern chat: its first line has no user_name or character_name",
  badLine: (line: number) => `Line ${line} of this file is not valid JSON`,
  badMessage: (line: number) => `Line ${line} is not a chat message: it needs a text (mes) and is_user`,
  noMessages: "This chat has no messages to import",
  tooManyMessages: `A chat can bring at most ${CHAT_IMPORT_MAX_MESSAGES} messages`,
  tooManyImports: "Too many chats imported. Please try again later.",
  noCharacter: "Choose one of your characters for this chat",
} as const;
