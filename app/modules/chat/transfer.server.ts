import { randomUUID } from "node:crypto";
import { CHAT_IMPORT_MAX_BYTES, chatImportTexts, type ChatExportFormat } from "~/lib/chat-transfer";
import { personaName } from "~/lib/macros";
import { visibleTo } from "~/modules/catalogue/submissions.server";
import { prisma } from "~/modules/db/db.server";
import { InvalidInputError } from "~/modules/http/errors.server";
import { BodyTooLargeError } from "~/modules/http/form.server";
import { RateLimitedError, recordAttempt, type RateLimitRule } from "~/modules/security/rate-limit.server";
import { publishChatEvent } from "./realtime.server";
import { ensureChatAgent, getOwnSession } from "./sessions.server";
import { readSillyTavernChat, sillyTavernChatFile, type ChatTranscript, type ReadChat } from "./sillytavern-chat.server";

/** Chat imports one person may make in a window, as card imports are limited. */
export const CHAT_IMPORTS: RateLimitRule = { limit: 30, windowSeconds: 3600 };

/** At most this many messages go out in one export (a chat longer than that gives its newest). */
const EXPORT_MAX_MESSAGES = 20_000;

/** One of the person's chats, whole, to take out; someone else's is ChatNotFoundError (404). */
export async function chatTranscript(userId: string, sessionId: string): Promise<ChatTranscript> {
  const session = await getOwnSession(userId, sessionId);
  const [chat, person, rows] = await Promise.all([
    prisma().chatSession.findUniqueOrThrow({ where: { id: session.id }, select: { createdAt: true } }),
    prisma().user.findUnique({ where: { id: userId }, select: { name: true, email: true } }),
    prisma().chatMessage.findMany({
      where: { sessionId: session.id },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: EXPORT_MAX_MESSAGES,
      select: { senderType: true, message: true, messageType: true, alternatives: true, selectedAlternative: true, createdAt: true },
    }),
  ]);
  return {
    id: session.id,
    createdAt: chat.createdAt,
    userName: personaName(person),
    character: { id: session.characterId, name: session.agentName },
    messages: rows.reverse().map((row) => ({
      sender: row.senderType === "user" ? "user" : "character",
      text: row.message,
      versions: row.alternatives,
      selectedVersion: row.selectedAlternative,
      time: row.createdAt,
      type: row.messageType,
    })),
  };
}

/** The chat as this app's own JSON: the chat, the character, and each message with its sender, text, time and versions. */
function chatJson(chat: ChatTranscript) {
  return {
    chat: { id: chat.id, createdAt: chat.createdAt.toISOString(), userName: chat.userName },
    character: chat.character,
    messages: chat.messages.map((message) => ({
      sender: message.sender,
      name: message.sender === "user" ? chat.userName : chat.character.name,
      text: message.text,
      time: message.time.toISOString(),
      type: message.type,
      versions: message.versions,
      selectedVersion: message.selectedVersion,
    })),
  };
}

/** The chat as plain text: "Name: message", a blank line between messages. */
function chatText(chat: ChatTranscript) {
  return chat.messages
    .filter((message) => message.text.trim())
    .map((message) => `${message.sender === "user" ? chat.userName : chat.character.name}: ${message.text}`)
    .join("\n\n")
    .concat("\n");
}

const CONTENT_TYPES: Record<ChatExportFormat, string> = {
  json: "application/json; charset=utf-8",
  jsonl: "application/jsonl; charset=utf-8",
  txt: "text/plain; charset=utf-8",
};

/** One of the person's chats as a file in `format`: its body, type and name (the character's name and the chat's day). */
export async function exportChat(userId: string, sessionId: string, format: ChatExportFormat) {
  const chat = await chatTranscript(userId, sessionId);
  const body = format === "json" ? JSON.stringify(chatJson(chat), null, 2) : format === "jsonl" ? sillyTavernChatFile(chat) : chatText(chat);
  const fileName = `${chat.character.name} - ${chat.createdAt.toISOString().slice(0, 10)}.${format}`;
  return { body, contentType: CONTENT_TYPES[format], fileName };
}

/** A Content-Disposition that downloads as `fileName`: an ASCII name for old clients, the exact one for the rest. */
export function attachmentHeader(fileName: string) {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** The characters a chat can be imported onto: those the person has chatted with or made, that they may still see, by name. */
export async function importTargets(userId: string) {
  return prisma().character.findMany({
    where: { AND: [visibleTo(userId), { OR: [{ createdById: userId }, { agents: { some: { userId } } }] }] },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    take: 200,
    select: { id: true, name: true },
  });
}

/**
 * A SillyTavern chat file brought in as a new chat with one of the person's characters, its
 * messages in order with their versions (swipes), and its id. A file that is not one is refused
 * with the reason (4xx) and nothing is written; the new chat is written at once, whole.
 */
export async function importSillyTavernChat(userId: string, characterId: string, file: File | null): Promise<string> {
  if (!file || file.size === 0) throw new InvalidInputError(chatImportTexts.noFile);
  if (file.size > CHAT_IMPORT_MAX_BYTES) throw new BodyTooLargeError(chatImportTexts.fileTooLarge);
  const limit = await recordAttempt(`chat-import:user:${userId}`, CHAT_IMPORTS);
  if (limit.limited) throw new RateLimitedError(chatImportTexts.tooManyImports, limit.retryAfterSeconds);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw new InvalidInputError(chatImportTexts.notText);
  }
  const chat = readSillyTavernChat(text);
  const agent = await ensureChatAgent(userId, characterId);
  const sessionId = randomUUID();
  const times = messageTimes(chat.messages, new Date());
  const rows = chat.messages.map((message, index) => ({
    id: randomUUID(),
    sessionId,
    senderType: message.sender === "user" ? ("user" as const) : ("agent" as const),
    senderId: message.sender === "user" ? userId : agent.id,
    userId,
    message: message.text,
    alternatives: message.versions,
    selectedAlternative: message.selectedVersion,
    createdAt: times[index]!,
  }));
  await prisma().$transaction([
    prisma().chatSession.create({ data: { id: sessionId, userId, agentId: agent.id, status: "active", lastMessageAt: times.at(-1)! } }),
    prisma().chatMessage.createMany({ data: rows }),
  ]);
  // The person's other tabs add the chat to their lists, as for any new message.
  await publishChatEvent({ kind: "message", userId, sessionId, messageId: rows.at(-1)!.id });
  return sessionId;
}

/**
 * When each imported message was written: the file's time where it gives one, kept in order (a
 * millisecond after the one before when it would not be) and before `now`, so that what the
 * person writes next comes after the whole imported chat.
 */
export function messageTimes(messages: ReadChat["messages"], now: Date): Date[] {
  const count = messages.length;
  let previous = -Infinity;
  return messages.map((message, index) => {
    const latest = now.getTime() - (count - index);
    const wanted = message.time?.getTime() ?? (previous === -Infinity ? latest : previous + 1);
    previous = Math.min(Math.max(wanted, previous + 1), latest);
    return new Date(previous);
  });
}
