// Accounts that prepare-data.ts makes before the e2e server starts, for tests that need more than
// a browser can make in reasonable time.
import { SESSION_LIST_LIMIT } from "~/lib/chat";

/** A person with a page and a bit of chats: SESSION_LIST_LIMIT with one agent, then OLDER older ones with another. */
export const MANY_CHATS = {
  email: "many.chats@example.com",
  password: "many chats password",
  newer: SESSION_LIST_LIMIT,
  older: 5,
  /** The agent of the older chats: listed only once the next page is loaded. */
  olderAgentName: "Oldest Friend",
};

/** The same chats for a test that starts one more: its own, so that MANY_CHATS's counts hold. */
export const MANY_CHATS_LIVE = { ...MANY_CHATS, email: "many.chats.live@example.com" };

/** A person with one chat that has a message of theirs and a reply: the accessibility checks look at its bubbles. */
export const ONE_CHAT = {
  email: "one.chat@example.com",
  password: "one chat password",
  agentName: "Chat Partner",
  said: "Hello! What can you tell me about yourself?",
  replied: "I am glad you asked. I like long walks and **good questions**.",
};

/** An admin for the chat models and character details journeys (admin-models.spec.ts). */
export const MODELS_ADMIN = { email: "models.admin@example.com", password: "models admin password" };
/** An admin of the console, for the admin journeys. */
export const CONSOLE_ADMIN = { email: "console.admin@example.com", password: "console admin password" };
/** The support journeys' people: an admin who answers tickets, and a person for each run (with and without JavaScript). */
export const SUPPORT = {
  staff: { email: "support.staff@example.com", password: "support staff password" },
  withScript: { email: "support.js@example.com", password: "support person password", name: "Grace" },
  withoutScript: { email: "support.nojs@example.com", password: "support person password", name: "Linus" },
};

/**
 * The accessibility suite's people: a person with a chat, a character of their own waiting for
 * review, a ticket and an upload-free library; and an admin who opens every console page.
 */
export const A11Y = {
  person: { email: "a11y.person@example.com", password: "a11y person password", name: "Ada Keys" },
  admin: { email: "a11y.admin@example.com", password: "a11y admin password" },
  characterName: "Keyboard Kit",
  ticketTopic: "Reading the site with a screen reader",
};

/**
 * People with no tokens and this month's free claim not yet made: a new account starts with the
 * claim made (decision 028), so a person like this is one from an earlier month. One each for the
 * journeys that need an empty balance, so that they do not share one.
 */
export const UNCLAIMED = {
  refusedSend: { email: "unclaimed.refused@example.com", password: "unclaimed password" },
  firstRunWithScript: { email: "unclaimed.first-run.js@example.com", password: "unclaimed password" },
  firstRunWithoutScript: { email: "unclaimed.first-run.nojs@example.com", password: "unclaimed password" },
};

/**
 * People out of tokens with this month's free claim already used, each with one chat (its id
 * fixed, so a journey opens it directly): one per out-of-tokens journey and screen size, since
 * buying changes a balance (out-of-tokens.spec.ts).
 */
export const OUT_OF_TOKENS = {
  password: "out of tokens password",
  agentName: "Night Owl",
  people: {
    "off-phone": { email: "out.of.tokens.off.phone@example.com", chatId: "0a7e0000-0000-4000-8000-000000000001" },
    "off-desktop": { email: "out.of.tokens.off.desktop@example.com", chatId: "0a7e0000-0000-4000-8000-000000000002" },
    "on-phone": { email: "out.of.tokens.on.phone@example.com", chatId: "0a7e0000-0000-4000-8000-000000000003" },
    "on-desktop": { email: "out.of.tokens.on.desktop@example.com", chatId: "0a7e0000-0000-4000-8000-000000000004" },
  },
};

/**
 * The account-deletion journey's people (account-deletion.spec.ts), each with something of every
 * kind, made on that journey's own server: one deletes with JavaScript, one without.
 */
export const ACCOUNT_DELETION = {
  password: "delete me please",
  withScript: "leaving.js@example.com",
  withoutScript: "leaving.nojs@example.com",
};

/**
 * People on the paid plan (a live subscription, as after Checkout) with this month's free tokens:
 * picture and video requests in chat are a paid plan's (the seeded Free plan leaves them out).
 * One per journey that asks for them, so that no two share a chat.
 */
export const PAID_PLAN = {
  password: "paid plan password",
  plan: "Pro",
  people: {
    mediaChat: "paid.media.chat@example.com",
    falChat: "paid.fal.chat@example.com",
    falWithoutScript: "paid.fal.nojs@example.com",
    chatVideo: "paid.chat.video@example.com",
    modesWithScript: "paid.modes.js@example.com",
    modesWithoutScript: "paid.modes.nojs@example.com",
  },
};

/** A person on the free plan with this month's free tokens, for the chat modes the plan leaves out (chat-modes.spec.ts). */
export const FREE_PLAN = { email: "free.plan.modes@example.com", password: "free plan password" };

/** The languages journey's person (languages.spec.ts): their choice of language follows them to another browser. */
export const POLYGLOT = { email: "polyglot@example.com", password: "polyglot password" };
