import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chatTexts } from "~/lib/chat";
import { prisma } from "~/modules/db/db.server";
import { startChat } from "~/modules/chat/sessions.server";
import { deductTokens } from "~/modules/tokens/adjustments.server";
import { formatDayMonth } from "~/lib/dates";
import { tokenTexts } from "~/lib/tokens";
import { resetEnvForTests } from "~/modules/config/env.server";
import { canClaimFreeTokens, claimMonthlyFreeTokens, nextClaimDay } from "~/modules/tokens/free-tokens.server";
import { getBalance } from "~/modules/tokens/ledger.server";
import { action as replyAction } from "~/routes/api/chat.reply";
import { action as sessionAction } from "~/routes/chat/session";
import { action as tokensAction } from "~/routes/dashboard/tokens";
import { loader as homeLoader } from "~/routes/home";
import { chatWithFakeProvider } from "../helpers/chat";
import { createTestDatabase, type TestDatabase } from "../helpers/database";
import { signedInCookie } from "../helpers/payments";
import { answerOf, routeArgs } from "../helpers/route-args";
import { newUser } from "../helpers/tokens";

// A new account starts with no tokens: the month's claim is offered where it lands and in a refused message.

let db: TestDatabase;
let provider: Awaited<ReturnType<typeof chatWithFakeProvider>>;
let characterId: string;
const COST = 20; // deepseek-v3's cost_tokens in the seed

beforeAll(async () => {
  db = await createTestDatabase();
  provider = await chatWithFakeProvider(db);
  characterId = (await prisma().character.findFirstOrThrow({ where: { isPublished: true } })).id;
});
afterAll(async () => {
  await provider.stop();
  await db.dispose();
});

/** Payments on (a Stripe key set) or off for the refusals that follow; nothing here calls Stripe. */
function useStripeKey(key: string | undefined) {
  if (key) process.env.STRIPE_SECRET_KEY = key;
  else delete process.env.STRIPE_SECRET_KEY;
  resetEnvForTests();
}

const home = async (cookie?: string) =>
  (await homeLoader(routeArgs(new Request("http://localhost/", { headers: cookie ? { Cookie: cookie } : {} })))) as { canClaimFreeTokens: boolean };

const claim = async (cookie: string, returnTo?: string) =>
  answerOf(() =>
    tokensAction(
      routeArgs(
        new Request("http://localhost/dashboard/tokens", {
          method: "POST",
          headers: { Cookie: cookie },
          body: new URLSearchParams({ intent: "claim", ...(returnTo === undefined ? {} : { returnTo }) }),
        }),
      ),
    ),
  );

async function postReply(userId: string, sessionId: string, message: string) {
  const request = new Request(`http://localhost/api/chat/${sessionId}/reply`, {
    method: "POST",
    headers: { Cookie: await signedInCookie(userId) },
    body: new URLSearchParams({ message }),
  });
  return (await replyAction(routeArgs(request, { params: { sessionId } }))) as Response;
}

describe("the claim offered on home", () => {
  test("a new account's home offers the month's claim; once claimed, and for visitors, it does not", async () => {
    const userId = await newUser();
    const cookie = await signedInCookie(userId);
    expect(await home()).toMatchObject({ canClaimFreeTokens: false });
    expect(await home(cookie)).toMatchObject({ canClaimFreeTokens: true });
    await claimMonthlyFreeTokens(userId);
    expect(await home(cookie)).toMatchObject({ canClaimFreeTokens: false });
  });

  test("the offer's one form claims and comes back to home with the claimed toast", async () => {
    const userId = await newUser();
    const cookie = await signedInCookie(userId);
    expect(await claim(cookie, "/?category=2")).toRedirectTo("/?category=2", { toast: "tokens-claimed" });
    expect(await getBalance(userId)).toEqual({ free: 500, purchased: 0, total: 500 });
    expect(await claim(cookie, "/")).toRedirectTo("/", { toast: "already-claimed" });
    expect(await getBalance(userId)).toMatchObject({ total: 500 });
  });

  test("a claim without a return address, or with one off this site, stays on the tokens page", async () => {
    expect(await claim(await signedInCookie(await newUser()))).toMatchObject({ location: "/dashboard/tokens?toast=tokens-claimed" });
    expect(await claim(await signedInCookie(await newUser()), "https://evil.example/")).toMatchObject({ location: "/dashboard/tokens?toast=tokens-claimed" });
  });

  test("whether the claim is open follows the calendar month (UTC)", async () => {
    const userId = await newUser();
    await claimMonthlyFreeTokens(userId, new Date("2026-11-30T23:59:59Z"));
    expect(await canClaimFreeTokens(userId, new Date("2026-11-15T00:00:00Z"))).toBe(false);
    expect(await canClaimFreeTokens(userId, new Date("2026-12-01T00:00:00Z"))).toBe(true);
  });
});

describe("a message refused for want of tokens", () => {
  test("offers the month's claim while it is open, and no Buy on a server without payments", async () => {
    const userId = await newUser();
    const chat = await startChat(userId, characterId);
    const response = await postReply(userId, chat, "Hello?");
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({ error: chatTexts.insufficientTokens(COST, 0), code: "insufficient-tokens", claimTokens: "/dashboard/tokens" });
  });

  test("once this month's claim is spent, names the day the next free tokens come, and still no Buy", async () => {
    const userId = await newUser();
    await claimMonthlyFreeTokens(userId);
    await deductTokens(userId, { takeFirst: "free", amount: 500, description: "spent elsewhere" });
    const chat = await startChat(userId, characterId);
    const response = await postReply(userId, chat, "Hello?");
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({
      error: chatTexts.insufficientTokens(COST, 0),
      code: "insufficient-tokens",
      nextFreeTokens: { amount: 500, date: nextClaimDay(new Date()) },
    });
  });

  test("on a server with payments, offers Buy beside the claim, or beside the next free day", async () => {
    useStripeKey("sk_test_first_run");
    try {
      const fresh = await newUser();
      const response = await postReply(fresh, await startChat(fresh, characterId), "Hello?");
      expect(await response.json()).toMatchObject({ claimTokens: "/dashboard/tokens", buyTokens: "/dashboard/tokens" });

      const spent = await newUser();
      await claimMonthlyFreeTokens(spent);
      await deductTokens(spent, { takeFirst: "free", amount: 500, description: "spent elsewhere" });
      const body = await (await postReply(spent, await startChat(spent, characterId), "Hello?")).json();
      expect(body).toMatchObject({ buyTokens: "/dashboard/tokens", nextFreeTokens: { amount: 500, date: nextClaimDay(new Date()) } });
      expect(body).not.toHaveProperty("claimTokens");
    } finally {
      useStripeKey(undefined);
    }
  });

  test("the next free tokens come on the 1st of the next month (UTC), and read as '1 December'", () => {
    expect(nextClaimDay(new Date("2026-11-15T12:00:00Z"))).toBe("2026-12-01");
    expect(nextClaimDay(new Date("2026-12-31T23:59:59Z"))).toBe("2027-01-01");
    expect(tokenTexts.nextFreeTokens(500, formatDayMonth(nextClaimDay(new Date("2026-11-01T00:00:00Z"))))).toBe(
      "Your next 500 free tokens arrive on 1 December",
    );
  });

  test("without JavaScript, the chat page's refusal carries the claim link too", async () => {
    const userId = await newUser();
    const chat = await startChat(userId, characterId);
    const request = new Request(`http://localhost/chat/${chat}`, {
      method: "POST",
      headers: { Cookie: await signedInCookie(userId) },
      body: new URLSearchParams({ intent: "send", message: "Hello?" }),
    });
    expect(await answerOf(() => sessionAction(routeArgs(request, { params: { sessionId: chat } })))).toEqual({
      status: 402,
      data: expect.objectContaining({ ok: false, claimTokens: "/dashboard/tokens", draft: "Hello?" }),
    });
  });
});
