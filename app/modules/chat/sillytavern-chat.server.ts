import { CHAT_IMPORT_MAX_MESSAGES, chatImportTexts } from "~/lib/chat-transfer";
import { InvalidInputError } from "~/modules/http/errors.server";
import { MESSAGE_VERSIONS_MAX } from "./messages.server";

/**
 * SillyTavern's chat file (decision 046): JSON Lines, the first line a header
 * `{ user_name, character_name, create_date, chat_metadata }`, then one message a line
 * `{ name, is_user, is_system, send_date, mes, extra, swipe_id, swipes, swipe_info, ... }`.
 * Reading keeps what this app holds (who wrote it, the text, its versions, its time); writing
 * gives each message the keys SillyTavern itself writes.
 */

/** A message of a chat as it is taken out or brought in. */
export type TranscriptMessage = {
  sender: "user" | "character";
  /** The version shown. */
  text: string;
  /** Every version (swipes), the shown one among them; empty when there is only `text`. */
  versions: string[];
  selectedVersion: number;
  time: Date;
};

/** A whole chat to write out: whose it is, with whom, and its messages oldest first. */
export type ChatTranscript = {
  id: string;
  createdAt: Date;
  userName: string;
  character: { id: string; name: string };
  messages: (TranscriptMessage & { type: string })[];
};

/** A chat file read: the names its header gives, and its messages (times as the file says, when it says one SillyTavern writes). */
export type ReadChat = { userName: string | null; characterName: string | null; messages: (Omit<TranscriptMessage, "time"> & { time: Date | null })[] };

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const pad = (value: number, size = 2) => String(value).padStart(size, "0");

/** A message's send_date as SillyTavern writes it ("September 27, 2024 9:14pm"), in UTC. */
export function sillyTavernSendDate(date: Date) {
  const hours = date.getUTCHours() % 12 || 12;
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()} ${hours}:${pad(date.getUTCMinutes())}${date.getUTCHours() >= 12 ? "pm" : "am"}`;
}

/** A chat's create_date as SillyTavern writes it ("2024-09-27@21h14m03s"), in UTC. */
export function sillyTavernCreateDate(date: Date) {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}@${pad(date.getUTCHours())}h${pad(date.getUTCMinutes())}m${pad(date.getUTCSeconds())}s`;
}

/**
 * A send_date in any of the forms SillyTavern has written (and reads back): Unix milliseconds,
 * "June 19, 2023 2:20pm", "2024-7-12@01h31m37s", "2024-6-5 @14h 56m 50s 682ms", or ISO 8601.
 * Taken as UTC when the text has no zone. Null when it is none of them.
 */
export function readSendDate(value: unknown): Date | null {
  if (typeof value === "number" || (typeof value === "string" && /^\d+$/.test(value))) return validDate(new Date(Number(value)));
  if (typeof value !== "string") return null;
  const meridiem = /^(\w+)\s(\d{1,2}),\s(\d{4})\s(\d{1,2}):(\d{1,2})(am|pm)$/i.exec(value.trim());
  if (meridiem) {
    const [, monthName, day, year, hour, minute, half] = meridiem;
    const month = MONTHS.findIndex((name) => name.toLowerCase() === monthName!.toLowerCase());
    if (month < 0) return null;
    const hour24 = (Number(hour) % 12) + (half!.toLowerCase() === "pm" ? 12 : 0);
    return validDate(new Date(Date.UTC(Number(year), month, Number(day), hour24, Number(minute))));
  }
  const humanized = /^(\d{4})-(\d{1,2})-(\d{1,2}) ?@(\d{1,2})h ?(\d{1,2})m ?(\d{1,2})s(?: (\d{1,3})ms)?$/.exec(value.trim());
  if (humanized) {
    const [, year, month, day, hour, minute, second, ms] = humanized.map(Number);
    return validDate(new Date(Date.UTC(year!, month! - 1, day!, hour!, minute!, second!, ms || 0)));
  }
  return /^\d{4}-\d{2}-\d{2}T/.test(value) ? validDate(new Date(value)) : null;
}

function validDate(date: Date) {
  return Number.isNaN(date.getTime()) ? null : date;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** A SillyTavern chat file's text, read and checked line by line; InvalidInputError (400) naming the first line that is not right. */
export function readSillyTavernChat(text: string): ReadChat {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const parsed = lines.map((line, index) => {
    if (!line.trim()) return null;
    try {
      return JSON.parse(line) as unknown;
    } catch {
      throw new InvalidInputError(chatImportTexts.badLine(index + 1));
    }
  });
  const header = parsed[0];
  if (!isRecord(header) || (typeof header.user_name !== "string" && typeof header.character_name !== "string"))
    throw new InvalidInputError(chatImportTexts.noHeader);
  const messages: ReadChat["messages"] = [];
  parsed.forEach((line, index) => {
    if (index === 0 || line === null) return;
    const message = readMessage(line);
    if (!message) throw new InvalidInputError(chatImportTexts.badMessage(index + 1));
    if (message.text.trim() || message.versions.some((version) => version.trim())) messages.push(message);
  });
  if (messages.length === 0) throw new InvalidInputError(chatImportTexts.noMessages);
  if (messages.length > CHAT_IMPORT_MAX_MESSAGES) throw new InvalidInputError(chatImportTexts.tooManyMessages);
  return { userName: stringOrNull(header.user_name), characterName: stringOrNull(header.character_name), messages };
}

const stringOrNull = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/** One message line: its sender by is_user, the shown text (mes) and its swipes, the shown one kept where swipe_id says. */
function readMessage(line: unknown): ReadChat["messages"][number] | null {
  if (!isRecord(line) || typeof line.mes !== "string" || typeof line.is_user !== "boolean") return null;
  let versions = Array.isArray(line.swipes) ? line.swipes.filter((swipe): swipe is string => typeof swipe === "string") : [];
  let selected = Number.isInteger(line.swipe_id) ? Math.min(Math.max(line.swipe_id as number, 0), Math.max(versions.length - 1, 0)) : 0;
  if (versions.length > 0 && versions[selected] !== line.mes) versions[selected] = line.mes;
  if (versions.length > MESSAGE_VERSIONS_MAX) {
    // The shown version and those around it, as many as a message keeps.
    const from = Math.min(Math.max(selected - Math.floor(MESSAGE_VERSIONS_MAX / 2), 0), versions.length - MESSAGE_VERSIONS_MAX);
    versions = versions.slice(from, from + MESSAGE_VERSIONS_MAX);
    selected -= from;
  }
  if (versions.length < 2) versions = [];
  return {
    sender: line.is_user ? "user" : "character",
    text: line.mes,
    versions,
    selectedVersion: versions.length ? selected : 0,
    time: readSendDate(line.send_date),
  };
}

/** The chat as a SillyTavern chat file: the header line, then a line per message, as SillyTavern saves them. */
export function sillyTavernChatFile(chat: ChatTranscript): string {
  const header = { user_name: chat.userName, character_name: chat.character.name, create_date: sillyTavernCreateDate(chat.createdAt), chat_metadata: {} };
  const lines = chat.messages.map((message) => {
    const sendDate = sillyTavernSendDate(message.time);
    const line = {
      name: message.sender === "user" ? chat.userName : chat.character.name,
      is_user: message.sender === "user",
      is_system: false,
      send_date: sendDate,
      mes: message.text,
      extra: {},
    };
    if (message.sender === "user") return line;
    // A character's message carries its swipes (itself alone when it has one version), as SillyTavern keeps them.
    const swipes = message.versions.length ? message.versions : [message.text];
    return {
      ...line,
      swipe_id: message.versions.length ? message.selectedVersion : 0,
      swipes,
      swipe_info: swipes.map(() => ({ send_date: sendDate, extra: {} })),
    };
  });
  return [header, ...lines].map((line) => JSON.stringify(line)).join("\n");
}
