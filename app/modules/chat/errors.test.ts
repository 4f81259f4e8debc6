// Every refusal of a chat reply, and what the person gets for it: the streaming route answers with
// errorResponse, the page without JavaScript with errorData. One table, so a new error class
// without its status and text shows up here.
import { describe, expect, it } from "vitest";
import { attachmentTexts } from "~/lib/attachments";
import { chatTexts } from "~/lib/chat";
import { AppError, errorData, errorResponse } from "~/modules/http/errors.server";
import { InsufficientTokensError } from "~/modules/tokens/ledger.server";
import { ReservationClosedError } from "~/modules/tokens/reservations.server";
import { AttachmentRejected, AttachmentsTooLargeError } from "./attachments.server";
import {
  ChatInputError,
  MessageTooLargeError,
  NoChatModelError,
  NotSignedInError,
  ReplyBusyError,
  ReplyFailedError,
  TooManyRepliesError,
} from "./reply.server";
import { ChatNotFoundError, MessageNotFoundError } from "./errors.server";

const balance = { free: 3, purchased: 2, total: 5 };

const cases: [string, AppError, { status: number; body: Record<string, unknown>; headers?: Record<string, string> }][] = [
  ["a blank or over-long message", new ChatInputError(chatTexts.emptyMessage), { status: 400, body: { error: chatTexts.emptyMessage, code: "invalid-input" } }],
  ["a reply form over any message's size", new MessageTooLargeError(), { status: 413, body: { error: chatTexts.messageTooLong, code: "message-too-large" } }],
  ["no chat model that can be called", new NoChatModelError(), { status: 503, body: { error: chatTexts.replyAgentFailed, code: "no-chat-model" } }],
  ["no live sign-in", new NotSignedInError(), { status: 401, body: { error: chatTexts.replyNotSignedIn, code: "not-signed-in" } }],
  ["a reply already being written in the chat", new ReplyBusyError(), { status: 409, body: { error: chatTexts.replyBusy, code: "reply-busy" } }],
  [
    "too many replies in a minute",
    new TooManyRepliesError(7),
    { status: 429, body: { error: chatTexts.tooManyReplies(7), code: "too-many-replies" }, headers: { "retry-after": "7" } },
  ],
  [
    "a reply that did not come (no JavaScript)",
    new ReplyFailedError(chatTexts.replyTimeout),
    { status: 502, body: { error: chatTexts.replyTimeout, code: "reply-failed" } },
  ],
  ["someone else's chat", new ChatNotFoundError("some-id"), { status: 404, body: { error: "Not Found", code: "not-found" } }],
  [
    "a message already deleted, or not theirs",
    new MessageNotFoundError("some-id"),
    { status: 404, body: { error: chatTexts.deleteFailed, code: "not-found" } },
  ],
  [
    "a file refused",
    new AttachmentRejected(attachmentTexts.contentMismatch),
    { status: 400, body: { error: attachmentTexts.contentMismatch, code: "attachment-rejected" } },
  ],
  ["files over the size limit", new AttachmentsTooLargeError(), { status: 413, body: { error: attachmentTexts.tooLarge, code: "attachment-rejected" } }],
  [
    "too few tokens for a message",
    new InsufficientTokensError(20, balance, chatTexts.insufficientTokens(20, 5), { buyTokens: "/dashboard/tokens" }),
    { status: 402, body: { error: chatTexts.insufficientTokens(20, 5), code: "insufficient-tokens", buyTokens: "/dashboard/tokens" } },
  ],
  [
    "too few tokens for anything else",
    new InsufficientTokensError(40, balance, undefined, { nextFreeTokens: { amount: 500, date: "2026-12-01" } }),
    {
      status: 402,
      body: {
        error: "You need 40 tokens for this, and your balance is 5.",
        code: "insufficient-tokens",
        nextFreeTokens: { amount: 500, date: "2026-12-01" },
      },
    },
  ],
  ["a reservation closed already", new ReservationClosedError("some-id"), { status: 409, body: { error: expect.any(String), code: "reservation-closed" } }],
];

describe("a refused chat reply", () => {
  it.each(cases)("%s answers the streaming route with its status, text and extra fields", async (_case, error, expected) => {
    const response = errorResponse(error);
    expect(response.status).toBe(expected.status);
    expect(await response.json()).toEqual(expected.body);
    for (const [name, value] of Object.entries(expected.headers ?? {})) expect(response.headers.get(name)).toBe(value);
  });

  it.each(cases.filter(([, , expected]) => expected.status !== 404))(
    "%s answers the page without JavaScript as data with the same status and text",
    (_case, error, expected) => {
      const result = errorData(error);
      expect(result.init?.status).toBe(expected.status);
      expect(result.data).toEqual({ ok: false, ...expected.body });
    },
  );

  it("someone else's chat is the page's 404, and keeps nothing of what was asked for in its text", () => {
    const thrown = (() => {
      try {
        errorData(new ChatNotFoundError("0c5e7b1e-0000-4000-8000-000000000000"));
      } catch (caught) {
        return caught;
      }
    })();
    expect((thrown as { init?: ResponseInit }).init?.status).toBe(404);
    expect(new ChatNotFoundError("0c5e7b1e-0000-4000-8000-000000000000").message).not.toContain("0c5e7b1e");
  });

  it("the errors keep what callers read from them", () => {
    expect(new TooManyRepliesError(1).message).toBe(chatTexts.tooManyReplies(1));
    expect(chatTexts.tooManyReplies(1)).toContain("wait 1 second and");
    const insufficient = new InsufficientTokensError(20, balance);
    expect({ cost: insufficient.cost, balance: insufficient.balance }).toEqual({ cost: 20, balance });
    expect(new MessageNotFoundError("x")).toBeInstanceOf(ChatNotFoundError);
  });
});
