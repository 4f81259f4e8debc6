import { beforeEach, describe, expect, it } from "vitest";
import { AUTH_FORM_MAX_BYTES, authTexts } from "~/lib/auth-forms";
import { issueLink } from "~/modules/auth/links.server";
import { action as forgotPasswordAction } from "~/routes/forgot-password";
import { action as loginAction } from "~/routes/login";
import { action as resetPasswordAction } from "~/routes/reset-password";
import { action as signUpAction } from "~/routes/signup";
import { action as confirmEmailAction } from "~/routes/verify-email";
import { databaseEmptiedBeforeEachTest } from "../helpers/database";
import { clearOutbox, outboxMails } from "../helpers/outbox";
import { answerOf, routeArgs } from "../helpers/route-args";
import { confirmedAccount } from "../helpers/accounts";
import { person } from "../helpers/person";

const EMAIL = "ada@example.com";
const PASSWORD = "lovelace1";
const PADDING = "x".repeat(64 * 1024);

const test = databaseEmptiedBeforeEachTest();
beforeEach(clearOutbox);

type Action = (args: never) => Promise<unknown>;

/** What a browser gets from the action, posted from one client address. */
const answer = (action: Action, request: Request) => answerOf(() => action(routeArgs(request, { context: { clientIp: "10.0.0.1" } })));

const post = (url: string, fields: Record<string, string>) =>
  new Request(`http://localhost${url}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });

/**
 * A body sent in chunks without Content-Length: valid fields first, then padding for as long as
 * the reader pulls. `pulled()` says how many bytes the server read.
 */
function streamedPost(url: string, fields: Record<string, string>) {
  const encoder = new TextEncoder();
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = encoder.encode(sent === 0 ? `${new URLSearchParams(fields)}&padding=` : "x".repeat(1024));
      sent += chunk.byteLength;
      if (sent > 1024 * 1024) controller.close();
      else controller.enqueue(chunk);
    },
  });
  const init = { method: "POST", body, duplex: "half", headers: { "Content-Type": "application/x-www-form-urlencoded" } };
  return { request: new Request(`http://localhost${url}`, init as RequestInit), pulled: () => sent };
}

const verifiedAccount = () => confirmedAccount(EMAIL, PASSWORD);

const tooLarge = (status = 413) => ({ status, data: { ok: false, code: "too-large", error: authTexts.formTooLarge } });
const mailsSent = () => outboxMails().length;

describe("oversized account forms", () => {
  it("a sign-up larger than the cap is refused with 413 and creates nothing", async () => {
    const fields = { email: EMAIL, password: PASSWORD, confirmPassword: PASSWORD, padding: PADDING };
    expect(await answer(signUpAction, post("/signup", fields))).toEqual(tooLarge());
    expect(await test.database.prisma.user.count()).toBe(0);
    expect(await test.database.prisma.rateLimit.count()).toBe(0);
  });

  it("a sign-in streamed without Content-Length stops being read at the cap and signs nobody in", async () => {
    await verifiedAccount();
    const { request, pulled } = streamedPost("/login", { email: EMAIL, password: PASSWORD });
    expect(await answer(loginAction, request)).toEqual(tooLarge());
    expect(pulled()).toBeLessThan(AUTH_FORM_MAX_BYTES + 64 * 1024);
    expect(await test.database.prisma.loginSession.count()).toBe(0);
  });

  it("a sign-in within the cap still works", async () => {
    await verifiedAccount();
    const fields = { email: EMAIL, password: PASSWORD, redirectTo: "/explore", padding: "x".repeat(AUTH_FORM_MAX_BYTES / 2) };
    expect(await answer(loginAction, post("/login", fields))).toRedirectTo("/explore", { toast: "logged-in" });
  });

  it("oversized password-reset forms are refused and change nothing", async () => {
    const user = await verifiedAccount();
    expect(await answer(forgotPasswordAction, post("/forgot-password", { email: EMAIL, padding: PADDING }))).toEqual(tooLarge());
    const token = await issueLink(user.id, "password_reset");
    const reset = { token, password: "analytical engine", confirmPassword: "analytical engine", padding: PADDING };
    expect(await answer(resetPasswordAction, post(`/reset-password?token=${token}`, reset))).toEqual(tooLarge());

    expect(mailsSent()).toBe(0);
    expect((await test.database.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(user.passwordHash);
    expect(await test.database.prisma.verificationToken.count({ where: { usedAt: null } })).toBe(1);
  });

  it("an oversized confirmation form is refused and confirms nothing", async () => {
    const user = await person({ email: EMAIL, name: "ada", status: "pending", confirmed: false });
    const token = await issueLink(user.id, "email_verification");
    const fields = { token, password: PASSWORD, padding: PADDING };
    expect(await answer(confirmEmailAction, post(`/verify-email?token=${token}`, fields))).toEqual(tooLarge());

    expect(await test.database.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toMatchObject({ status: "pending", emailVerifiedAt: null });
    expect(await test.database.prisma.verificationToken.count({ where: { usedAt: null } })).toBe(1);
  });
});
