import { isLanguage, type Language } from "~/lib/i18n/languages";
import { currentLanguage } from "~/modules/i18n/request.server";
import { z } from "zod";
import { attachmentTexts, isImageAttachment } from "~/lib/attachments";
import { chatTexts, MESSAGE_MAX_CHARS, type ChatMessageView } from "~/lib/chat";
import { chatModeTexts } from "~/lib/chat-modes";
import { readDepthPrompt } from "~/lib/documents/card-extras";
import { parseCharacterBook, type CharacterBook } from "~/lib/documents/character-book";
import { personaName } from "~/lib/macros";
import { buildChatPrompt, type PromptAgent, type PromptCard } from "~/modules/ai/prompt.server";
import { ProviderAbortedError, ProviderError, ProviderTimeoutError } from "~/modules/ai/providers/errors.server";
import { chatProviderFor } from "~/modules/ai/providers/registry.server";
import type { ModelConnection } from "~/modules/ai/providers/types";
import { keepLoginSessionAlive } from "~/modules/auth/login-session.server";
import { database } from "~/modules/db/db.server";
import { AppError, InvalidInputError } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { BASE_PERKS } from "~/modules/payments/plan-perks.server";
import type { RateLimitRule } from "~/modules/security/rate-limit.server";
import { outOfTokensOffer } from "~/modules/tokens/free-tokens.server";
import { InsufficientTokensError, toBalance } from "~/modules/tokens/ledger.server";
import { closedAlong, refund, withReservation, type PaidOutcome } from "~/modules/tokens/reservations.server";
import { AttachmentRejected, attachmentPaths, attachmentPathsOf, foreignAttachment, promptContentWithAttachments } from "./attachments.server";
import { lastPictureInChat, type ChatPicture } from "./last-picture.server";
import { EVERY_MODEL, usableChatModels } from "./model-choice.server";
import { endLease, leaseLooksAbandoned, renewWhileReplying, type ReplyLease } from "./reply-lease.server";
import { runClosingStatement } from "./reply-closing.server";
import { cardForMode, NoVisionModelError, withPicture, type ReplyMode } from "./reply-modes.server";
import { openingStatementSql, type HistoryEntry, type OpeningAsk, type OpeningRow, type Requester } from "./reply-opening.server";
import { stoppedReplyCost } from "./reply-price.server";
import { ChatNotFoundError, MessageNotFoundError } from "./errors.server";
import { savedMessageView } from "./message-views.server";
import type { NewMessage } from "./messages.server";
import type { OwnSession } from "./sessions.server";

/*
 * Why a reply is refused, each with its status and the text the person reads (errors.server.ts):
 * the streaming route answers them with errorResponse, the page without JavaScript with errorData.
 */

/** A send that breaks a rule: blank, too long, or naming a file that is not the sender's (400). */
export class ChatInputError extends InvalidInputError {}
/** A reply's form larger than any message can be (413). */
export class MessageTooLargeError extends AppError {
  constructor() {
    super("message-too-large", 413, chatTexts.messageTooLong);
  }
}
/** No published chat model can be called (503). */
export class NoChatModelError extends AppError {
  constructor() {
    super("no-chat-model", 503, chatTexts.replyAgentFailed);
  }
}
/** The request's login session is missing, expired or of a disabled account (401; a `userId` requester is already signed in). */
export class NotSignedInError extends AppError {
  constructor() {
    super("not-signed-in", 401, chatTexts.replyNotSignedIn);
  }
}
/** A reply is already being written in this chat (in another tab, or one not yet stopped): nothing was reserved, saved or counted (409). */
export class ReplyBusyError extends AppError {
  /** `heldMs`: how long the reply's lease has left, when known. */
  constructor(readonly heldMs: number | null = null) {
    super("reply-busy", 409, chatTexts.replyBusy);
  }
}
/** More replies asked for than CHAT_REPLIES allows: nothing was reserved, saved or sent to the model (429, with Retry-After). */
export class TooManyRepliesError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super("too-many-replies", 429, chatTexts.tooManyReplies(retryAfterSeconds), { headers: { "Retry-After": String(retryAfterSeconds) } });
  }
}
/**
 * No reply came (the model failed, timed out or said nothing, or the reply could not be saved),
 * for the page without JavaScript, which waits for the whole reply (502). The person's message,
 * if the ask had one, was saved; the tokens went back.
 */
export class ReplyFailedError extends AppError {
  constructor(message: string) {
    super("reply-failed", 502, message);
  }
}

/**
 * Replies (messages and regenerates) a person may ask for in their sessions in a minute. Each calls a paid model, and
 * a model an admin made free costs the person nothing, so the count is what bounds the calls. No
 * one reads sixty replies a minute; a script sending more is refused before the model is called.
 */
export const CHAT_REPLIES: RateLimitRule = { limit: 60, windowSeconds: 60 };

/**
 * How long an ask waits for the reply before it to end, in steps: a Stop closes the request, and
 * the server saves what arrived a moment later, while the person may already be asking again.
 */
const BUSY_WAIT_MS = 2_000;
const BUSY_STEP_MS = 200;

export type PreparedReply = {
  session: OwnSession;
  userId: string;
  /** The person's message, saved with the reservation (a regenerate has none). */
  userMessage: ChatMessageView | null;
  /** Held by the opening statement; null when the model is free. runReply closes it. */
  reservationId: string | null;
  /** The agent reply this one replaces (regenerate): its versions carry over to the new one, then it is deleted. */
  replaces: string | null;
  /** "Regenerate from here": the person's message the reply answers; the messages after it are deleted as the reply is saved. */
  answersFrom: string | null;
  /** Until when this reply holds its chat, before its lease is renewed (reply-lease.server.ts); ending the reply lets the chat go. */
  replyUntil: Date;
  /** The mode the ask and its reply are saved in (message_type); null: chat. */
  mode: ReplyMode | null;
  model: { name: string; platform: string; modelId: string };
  /**
   * What the model is asked. Its attachments are read and its provider chosen when the reply
   * runs, inside the paid call, so that a failure there gives the tokens back like any other.
   */
  ask: {
    agent: PromptAgent;
    /** `costTokens`: the price of a full reply, which a stopped one is charged a share of (stoppedReplyCost). */
    model: ModelConnection & {
      systemInstruction: string | null;
      messageInstruction: string | null;
      acceptsImages: boolean;
      costTokens: number;
      contextTokens: number | null;
    };
    history: HistoryEntry[];
    /** The person's plan's conversation memory: at most this many earlier messages go to the model. */
    memoryMessages: number;
    text: string;
    files: string[];
    /** Vision without an attached picture: the chat's last picture, shown to the model with the text. */
    picture: ChatPicture | null;
    lorebook: CharacterBook | null;
    card: PromptCard;
    /** Who the person is to the character: `{{user}}` in its texts. */
    userName: string;
    /** The chat's persona's description, told to the character. */
    userPersona: string | null;
    /** The language the character is asked to answer in (the person's setting), or null. */
    answerIn: Language | null;
  };
};

export type ReplyOutcome =
  { status: "complete"; message: ChatMessageView } | { status: "stopped"; message: ChatMessageView | null } | { status: "failed"; error: string };

/**
 * A message to answer (text and attachment paths, as readMessage gives them, and its mode), or the
 * last one again; or, "Regenerate from here" (issue 36), the person's message `from` again, the
 * reply taking the place of every message after it.
 */
export type ReplyInput = { text: string; attachments?: string[]; mode?: ReplyMode } | { regenerate: true; from?: string };

/** A send's fields as its form posts them: the text, and the paths of the files uploaded for it. */
export const messageFields = z.object({ message: z.string().optional(), attachment: z.array(z.string()).default([]) });

export type MessageFields = z.output<typeof messageFields>;

/**
 * Reads a send: non-blank text or at least one attachment (spec section 5), within the limits.
 * That the attachments are the sender's own uploads is checked with the sender (prepareReply);
 * files posted with the plain form (`filesInForm`) are stored by the caller. The same rule for
 * the streaming route and the plain form.
 */
export function readMessage(sent: MessageFields, filesInForm = 0) {
  // PostgreSQL cannot store a NUL character in text; it means nothing in a message.
  const text = (sent.message ?? "").replaceAll("\0", "").trim();
  let attachments: string[];
  try {
    attachments = attachmentPathsOf(sent.attachment, filesInForm);
  } catch (error) {
    if (error instanceof AttachmentRejected) throw new ChatInputError(error.message);
    throw error;
  }
  if (!text && attachments.length + filesInForm === 0) throw new ChatInputError(chatTexts.emptyMessage);
  if (text.length > MESSAGE_MAX_CHARS) throw new ChatInputError(chatTexts.messageTooLong);
  return { text, attachments };
}

/**
 * Everything before the model is called, in one statement (the first token waits for it, and a
 * database round trip is the largest part of that wait): who asks, their session with its agent
 * and recent history, the model that answers (chatModelChoiceSql), its cost reserved and the
 * person's message saved and announced. Nothing is reserved or saved unless the session is the
 * requester's, the attachments are theirs, a regenerate has a message to answer and the balance
 * covers the cost; each refusal is then thrown as its error (NotSignedInError, ChatNotFoundError,
 * ChatInputError, NoChatModelError, InsufficientTokensError, TooManyRepliesError, ReplyBusyError),
 * with nothing sent to the model. Every ask in one of the person's own sessions that no other reply
 * holds counts against CHAT_REPLIES, in the same statement. The statement locks the session's row
 * first, without waiting (decision 014): an ask that finds it locked, or held by another reply
 * (reply_until), is tried again every BUSY_STEP_MS for up to BUSY_WAIT_MS, then refused. A lease
 * its holder stopped renewing (its instance died: leaseLooksAbandoned) is waited out instead, a
 * few seconds at most, so that no one is told of a reply nobody is writing (decision 036).
 * The statement goes to the driver directly and is kept prepared on each connection: it takes
 * longer to plan than to run, and Prisma's work around a query is a third of its time. It alone
 * commits without waiting for the disk (decision 009): a crash of the database server could lose
 * it whole (message and reservation together), never half of it. The reservation it holds is
 * closed by runReply (or abandonReply), through the tokens' one paid-call path.
 */
export async function prepareReply(
  requester: Requester,
  sessionId: string,
  input: ReplyInput,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PreparedReply> {
  const asked = Date.now();
  for (;;) {
    try {
      return await openReply(requester, sessionId, input);
    } catch (error) {
      // An ask the person gave up on while it waited (Stop, or the page left) is not made.
      if (!(error instanceof ReplyBusyError) || signal?.aborted) throw error;
      const abandoned = error.heldMs !== null && leaseLooksAbandoned(error.heldMs);
      if (!abandoned && Date.now() - asked >= BUSY_WAIT_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, abandoned ? error.heldMs! + BUSY_STEP_MS / 4 : BUSY_STEP_MS));
      if (signal?.aborted) throw error;
    }
  }
}

/** PostgreSQL's lock_not_available: the session row is locked by another statement (NOWAIT). */
const isRowLocked = (error: unknown) => (error as { code?: unknown } | null)?.code === "55P03";

/** Runs the opening statement (reply-opening.server.ts); a chat whose row another statement holds is busy. */
async function openingStatement(ask: OpeningAsk) {
  try {
    return await database().query<OpeningRow>(openingStatementSql(ask));
  } catch (error) {
    if (isRowLocked(error)) throw new ReplyBusyError();
    throw error;
  }
}

async function openReply(requester: Requester, sessionId: string, input: ReplyInput): Promise<PreparedReply> {
  const regenerate = "regenerate" in input;
  const attachments = regenerate ? [] : (input.attachments ?? []);
  const mode = regenerate ? null : (input.mode ?? null);
  const vision = mode === "vision";
  const attachedPicture = attachments.some(isImageAttachment);
  // Read before the statement, and used only once it has found the session to be the requester's.
  const picture = vision && !attachedPicture ? await lastPictureInChat(sessionId) : null;
  const nothingToSee = vision && !attachedPicture && !picture;
  // Every usable model (Vision: those that read pictures): the statement leaves out early-access ones for a person whose plan lacks it.
  const usable = (await usableChatModels(EVERY_MODEL)).filter((model) => !vision || model.acceptsImages);
  const uploadedFiles = attachments.map((path) => ({ path, name: path.split("/").pop() }));
  const userEntry: NewMessage | null = regenerate
    ? null
    : {
        senderType: "user",
        message: input.text,
        ...(mode ? { messageType: mode } : {}),
        document: { ...(uploadedFiles.length ? { uploadedFiles, message: input.text } : {}), ...(mode ? { mode } : {}) },
      };
  const [row] = await openingStatement({
    requester,
    sessionId,
    message: userEntry,
    attachments,
    usable,
    from: regenerate ? (input.from ?? null) : null,
    needsImages: attachedPicture || vision,
    nothingToSee,
    rule: CHAT_REPLIES,
  });
  if (!row) throw new NotSignedInError();
  if (row.loginSessionId && row.lastSeenAt) {
    keepLoginSessionAlive({ loginSessionId: row.loginSessionId, lastSeenAt: row.lastSeenAt, userId: row.userId }).catch((error: unknown) =>
      logger.warn({ err: error }, "could not extend the login session"),
    );
  }
  if (!row.id) throw new ChatNotFoundError(sessionId);
  if (row.busy) throw new ReplyBusyError(row.heldMs);
  if ((row.replyCount ?? 0) > CHAT_REPLIES.limit) throw new TooManyRepliesError(Math.max(1, row.retryAfterSeconds ?? 1));
  const foreign = foreignAttachment(row.userId, attachments);
  if (foreign) throw new ChatInputError(foreign.message);
  if (nothingToSee) throw new ChatInputError(chatModeTexts.noPictureToSee);
  let history = row.history;
  const lastUser = history.findLast((message) => message.senderType === "user");
  // The message to regenerate from is not one of this chat's (deleted, or not a chat message of the person's).
  if (regenerate && input.from && !lastUser) throw new MessageNotFoundError(input.from);
  if (regenerate && !lastUser) throw new ChatInputError(chatTexts.noMessageToAnswer);
  const model = usable.find((candidate) => candidate.chatModel === row.modelName);
  if (!model) throw vision ? new NoVisionModelError() : new NoChatModelError();
  if (model.costTokens > 0 && !row.reservationId) {
    const balance = toBalance({ free: row.balanceFree, purchased: row.balancePurchased });
    throw new InsufficientTokensError(
      model.costTokens,
      balance,
      chatTexts.insufficientTokens(model.costTokens, balance.total),
      await outOfTokensOffer(row.userId),
    );
  }

  const session: OwnSession = { id: row.id, agentId: row.agentId, characterId: row.characterId, agentName: row.agentName, agentAvatar: row.agentAvatar };
  const userMessage =
    userEntry && row.userMessageId && row.userMessageAt ? savedMessageView(userEntry, { id: row.userMessageId, createdAt: row.userMessageAt }) : null;
  // A regenerate asks the last message again, with the files it was sent with, in place of the reply after it.
  const text = regenerate ? lastUser!.message : input.text;
  const files = regenerate ? attachmentPaths(lastUser) : attachments;
  const replaces = regenerate && history.at(-1)?.senderType === "agent" ? row.lastAgentId : null;
  if (regenerate) history = history.slice(0, history.lastIndexOf(lastUser!));
  const memoryMessages = row.memoryMessages ?? BASE_PERKS.memoryMessages;
  return {
    session,
    userId: row.userId,
    userMessage,
    reservationId: row.reservationId,
    replaces,
    answersFrom: regenerate ? (input.from ?? null) : null,
    replyUntil: row.replyUntil!,
    mode,
    model: { name: model.chatModel, platform: model.aiPlatform, modelId: model.modelId },
    ask: {
      agent: {
        name: row.agentName,
        description: row.description,
        bio: row.bio,
        systemInstruction: row.systemInstruction,
        messageInstruction: row.messageInstruction,
        temperature: row.temperature,
      },
      // Streaming is off when the model or the agent says so (spec: is_stream, document.details.isStream).
      model: { ...model, isStream: model.isStream && row.agentStreams },
      history: history.slice(-memoryMessages),
      memoryMessages,
      text,
      files,
      picture,
      lorebook: parseCharacterBook(row.characterBook),
      card: {
        personality: row.personality,
        scenario: row.scenario,
        mesExample: row.mesExample,
        postHistoryInstructions: row.postHistoryInstructions,
        depthPrompt: readDepthPrompt(row.depthPrompt),
      },
      userName: personaName({ name: row.userName, email: row.userEmail }, { name: row.personaName }),
      userPersona: row.personaDescription,
      // The person's own language, else the one this request is shown in.
      answerIn: row.userReplyInLanguage ? (isLanguage(row.userLanguage) ? row.userLanguage : currentLanguage()) : null,
    },
  };
}

/**
 * Calls the model and streams its words to `onDelta`, as one paid call (withReservation) on the
 * tokens the opening statement reserved. The reply is saved once, when it is complete, paid for,
 * announced and its chat let go, in one statement (runClosingStatement), so that a page reading
 * its data again on the news finds the balance settled. If the person stopped it, what had arrived
 * is saved so, marked stopped and paid for in part (stoppedReplyCost). A reply that cannot start
 * (its attachments unreadable, its platform not callable), fails, or comes back empty saves
 * nothing and gives the tokens back. Whatever the ending, the chat is let go.
 */
export async function runReply(
  prepared: PreparedReply,
  {
    signal,
    onDelta,
    onUserMessage,
    timeoutMs,
  }: { signal?: AbortSignal; onDelta?: (text: string) => void; onUserMessage?: (message: ChatMessageView) => void; timeoutMs?: number },
): Promise<ReplyOutcome> {
  if (prepared.userMessage) onUserMessage?.(prepared.userMessage);
  // The reply holds its chat while it is written, a few seconds at a time (decision 036).
  const lease = renewWhileReplying({ sessionId: prepared.session.id, reservationId: prepared.reservationId, until: prepared.replyUntil });
  let outcome: ReplyOutcome;
  try {
    outcome = await withReservation({ reservationId: prepared.reservationId }, () => answer(prepared, lease, { signal, onDelta, timeoutMs }));
  } catch (error) {
    // Whatever went wrong, the chat is not left held until its lease runs out.
    await lease
      .stop()
      .then((until) => endLease(prepared.session.id, until))
      .catch(() => {});
    throw error;
  }
  // A saved reply let the chat go in its closing statement (runClosingStatement).
  const saved = outcome.status !== "failed" && outcome.message !== null;
  if (!saved) await endLease(prepared.session.id, await lease.stop());
  return outcome;
}

async function answer(
  prepared: PreparedReply,
  lease: ReplyLease,
  { signal, onDelta, timeoutMs }: { signal?: AbortSignal; onDelta?: (text: string) => void; timeoutMs?: number },
): Promise<PaidOutcome<ReplyOutcome>> {
  let started;
  try {
    started = await startReply(prepared);
  } catch (error) {
    // The person's message stays, as when the model fails.
    logger.error({ err: error, sessionId: prepared.session.id }, "a chat reply could not start");
    return refund({ status: "failed", error: error instanceof AttachmentsUnreadable ? attachmentTexts.processFailed : chatTexts.replyFailed });
  }
  let received = "";
  try {
    for await (const event of started.provider.streamChat({ ...started.prompt, signal, timeoutMs })) {
      if (event.type === "delta") {
        received += event.text;
        onDelta?.(event.text);
      } else {
        received = event.text;
      }
    }
  } catch (error) {
    if (error instanceof ProviderAbortedError || signal?.aborted)
      return finishStopped(prepared, lease, received || (error instanceof ProviderError ? error.partialText : ""));
    if (!(error instanceof ProviderError)) logger.error({ err: error, sessionId: prepared.session.id }, "chat reply failed");
    else logger.warn({ err: error.message, model: prepared.model.name, sessionId: prepared.session.id }, "the model did not answer");
    return refund({ status: "failed", error: error instanceof ProviderTimeoutError ? chatTexts.replyTimeout : chatTexts.replyFailed });
  }
  if (!received.trim()) return refund({ status: "failed", error: chatTexts.replyAgentFailed });
  const saved = await saveReply(prepared, lease, received);
  return saved ? closedAlong({ status: "complete", message: saved.message }, saved) : refund({ status: "failed", error: chatTexts.replyFailed });
}

/** The files of an ask could not be read for the model (storage failed, a reader threw): "Failed to process files". */
class AttachmentsUnreadable extends Error {}

/** The prompt, with the attachments read, and the provider that answers it. */
async function startReply({ ask, mode }: PreparedReply) {
  const userMessage = await promptContentWithAttachments(ask.text, ask.files, { readsImages: ask.model.acceptsImages })
    .then((content) => withPicture(content, ask.picture))
    .catch((error: unknown) => {
      throw new AttachmentsUnreadable("the attachments could not be read", { cause: error });
    });
  const prompt = buildChatPrompt({
    agent: ask.agent,
    model: { systemInstruction: ask.model.systemInstruction, messageInstruction: ask.model.messageInstruction, contextTokens: ask.model.contextTokens },
    userName: ask.userName,
    userPersona: ask.userPersona,
    answerIn: ask.answerIn,
    history: ask.history,
    memoryMessages: ask.memoryMessages,
    userMessage,
    lorebook: ask.lorebook,
    card: cardForMode(ask.card, mode),
  });
  return { prompt, provider: chatProviderFor(ask.model) };
}

/** A reply the person stopped: what arrived is kept, marked stopped, and charged for the share of a full reply it holds. */
async function finishStopped(prepared: PreparedReply, lease: ReplyLease, partial: string): Promise<PaidOutcome<ReplyOutcome>> {
  if (!partial.trim()) return refund({ status: "stopped", message: null });
  const saved = await saveReply(prepared, lease, partial, { stopped: true, finalCost: stoppedReplyCost(prepared.ask.model.costTokens, partial) });
  return saved ? closedAlong({ status: "stopped", message: saved.message }, saved) : refund({ status: "stopped", message: null });
}

/**
 * Saves the reply, pays for it (for `finalCost`, when stopped), announces it, puts it in place of
 * the one it replaces (a regenerate keeps that one's versions), and lets the chat go, its lease no
 * longer renewed: one statement (runClosingStatement). Null when it could not be saved (the chat
 * was deleted meanwhile): then nothing of that was done, and the tokens go back.
 */
async function saveReply(
  prepared: PreparedReply,
  lease: ReplyLease,
  text: string,
  { stopped = false, finalCost }: { stopped?: boolean; finalCost?: number } = {},
) {
  const until = await lease.stop();
  const reply: NewMessage = {
    senderType: "agent",
    message: text,
    ...(prepared.mode ? { messageType: prepared.mode } : {}),
    document: {
      ...(prepared.mode ? { mode: prepared.mode } : {}),
      ai_platform: prepared.model.platform,
      model_id: prepared.model.modelId,
      selectedModel: prepared.model.name,
      ...(stopped ? { stopped: true } : {}),
    },
    replacing: prepared.replaces,
  };
  try {
    const row = await runClosingStatement({
      sessionId: prepared.session.id,
      userId: prepared.userId,
      agentId: prepared.session.agentId,
      reply,
      reservationId: prepared.reservationId,
      finalCost,
      until,
      answersFrom: prepared.answersFrom,
    });
    return { message: savedMessageView(reply, row), wasHeld: row.wasHeld !== false };
  } catch (error) {
    logger.error({ err: error, sessionId: prepared.session.id }, "could not save a chat reply");
    return null;
  }
}

/** A prepared reply that will not be run (the benchmark's timing of the opening statement): its tokens go back and its chat is free again. */
export async function abandonReply(prepared: PreparedReply) {
  try {
    await withReservation({ reservationId: prepared.reservationId }, async () => refund(null));
  } finally {
    await endLease(prepared.session.id, prepared.replyUntil);
  }
}
