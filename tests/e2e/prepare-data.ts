// Prepares the e2e server's embedded database before it starts: migrations, the starter
// catalogue, 16 uncategorised characters so that "All" spans two pages of 50, a person with
// more chats than the chat list's first page holds, one with a chat that has messages, and people
// on the paid and the free plan (fixture-accounts.ts); the fal starter models weigh less than the
// offline demo ones.
import path from "node:path";
import { openDatabase } from "~/modules/db/database.server";
import { useDatabaseForTests } from "~/modules/db/db.server";
import { prepareDatabase } from "~/modules/server/startup.server";
import { hashPassword } from "~/modules/auth/password.server";
import { FREE_MONTHLY_TOKENS } from "~/lib/tokens";
import { deductTokens } from "~/modules/tokens/adjustments.server";
import { claimMonthlyFreeTokens } from "~/modules/tokens/free-tokens.server";
import {
  A11Y,
  CONSOLE_ADMIN,
  FREE_PLAN,
  MANY_CHATS,
  MANY_CHATS_LIVE,
  MODELS_ADMIN,
  ONE_CHAT,
  OUT_OF_TOKENS,
  PAID_PLAN,
  POLYGLOT,
  SUPPORT,
  UNCLAIMED,
} from "./fixture-accounts";

export const EXTRA_CHARACTERS = 16;

const database = openDatabase({ kind: "pglite", dataDir: path.resolve(process.env.DATA_DIR ?? ".e2e-data", "pglite") });
useDatabaseForTests(database);
await prepareDatabase(database, { seed: true });
// FAL_KEY publishes the fal starter models, heavier than the offline demo ones; lighter here, the
// demo models stay each media type's default, and only media-fal.spec.ts (with the fake) picks fal.
await database.prisma.chatModel.updateMany({ where: { aiPlatform: "fal" }, data: { weight: 1 } });
const oldest = await database.prisma.character.findFirst({ orderBy: { createdAt: "asc" } });
await database.prisma.character.createMany({
  data: Array.from({ length: EXTRA_CHARACTERS }, (_, index) => {
    const character = { name: `Pager Test ${String(index + 1).padStart(2, "0")}`, description: "A character that fills the second page.", tags: ["fixture"] };
    return {
      ...character,
      isPublished: true,
      avatarUrl: oldest?.avatarUrl,
      // Older than the starter catalogue, so they sort onto the last page.
      createdAt: new Date(Date.UTC(2020, 0, 1, 0, index)),
    };
  }),
});
const [first, second] = await database.prisma.character.findMany({ where: { isPublished: true }, orderBy: { createdAt: "desc" }, take: 2 });
for (const email of [MANY_CHATS.email, MANY_CHATS_LIVE.email]) {
  const person = await database.prisma.user.create({
    data: { email, passwordHash: await hashPassword(MANY_CHATS.password), name: "Many Chats", status: "active", emailVerifiedAt: new Date() },
  });
  const agentFor = (characterId: string, name: string) => database.prisma.chatAgent.create({ data: { userId: person.id, characterId, name } });
  const [newer, older] = [await agentFor(first!.id, first!.name), await agentFor(second!.id, MANY_CHATS.olderAgentName)];
  // A chat a minute, the older agent's first: the newest MANY_CHATS.newer are the list's first page.
  await database.prisma.chatSession.createMany({
    data: [...Array.from({ length: MANY_CHATS.older }, () => older.id), ...Array.from({ length: MANY_CHATS.newer }, () => newer.id)].map((agentId, index) => ({
      userId: person.id,
      agentId,
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, index)),
    })),
  });
}
const chatter = await database.prisma.user.create({
  data: { email: ONE_CHAT.email, passwordHash: await hashPassword(ONE_CHAT.password), name: "One Chat", status: "active", emailVerifiedAt: new Date() },
});
const partner = await database.prisma.chatAgent.create({ data: { userId: chatter.id, characterId: first!.id, name: ONE_CHAT.agentName } });
const chat = await database.prisma.chatSession.create({ data: { userId: chatter.id, agentId: partner.id, lastMessageAt: new Date() } });
await database.prisma.chatMessage.createMany({
  data: [
    { sessionId: chat.id, senderType: "user", senderId: chatter.id, userId: chatter.id, message: ONE_CHAT.said, createdAt: new Date(Date.now() - 60_000) },
    { sessionId: chat.id, senderType: "agent", senderId: partner.id, userId: chatter.id, message: ONE_CHAT.replied },
  ],
});
// The console's and support's people (admin-models, admin-characters and support specs).
for (const [account, name, role] of [
  [MODELS_ADMIN, "Models Admin", "admin"],
  [CONSOLE_ADMIN, "Console Admin", "admin"],
  [SUPPORT.staff, "Support Staff", "admin"],
  [SUPPORT.withScript, SUPPORT.withScript.name, "user"],
  [SUPPORT.withoutScript, SUPPORT.withoutScript.name, "user"],
] as const) {
  await database.prisma.user.create({
    data: { email: account.email, passwordHash: await hashPassword(account.password), name, role, status: "active", emailVerifiedAt: new Date() },
  });
}
// People without tokens whose month's claim is still open (new accounts start with it made).
for (const account of Object.values(UNCLAIMED)) {
  await database.prisma.user.create({
    data: {
      email: account.email,
      passwordHash: await hashPassword(account.password),
      name: account.email.split("@")[0],
      status: "active",
      emailVerifiedAt: new Date(),
    },
  });
}
await database.prisma.user.create({
  data: { email: POLYGLOT.email, passwordHash: await hashPassword(POLYGLOT.password), name: "Polyglot", status: "active", emailVerifiedAt: new Date() },
});
// The accessibility suite's person: a chat, a character of their own waiting for review, a ticket.
const a11yPerson = await database.prisma.user.create({
  data: {
    email: A11Y.person.email,
    passwordHash: await hashPassword(A11Y.person.password),
    name: A11Y.person.name,
    status: "active",
    emailVerifiedAt: new Date(),
  },
});
await database.prisma.user.create({
  data: {
    email: A11Y.admin.email,
    passwordHash: await hashPassword(A11Y.admin.password),
    name: "A11y Admin",
    role: "admin",
    status: "active",
    emailVerifiedAt: new Date(),
  },
});
const a11yAgent = await database.prisma.chatAgent.create({ data: { userId: a11yPerson.id, characterId: first!.id, name: first!.name } });
const a11yChat = await database.prisma.chatSession.create({ data: { userId: a11yPerson.id, agentId: a11yAgent.id, lastMessageAt: new Date() } });
await database.prisma.chatMessage.createMany({
  data: [
    {
      sessionId: a11yChat.id,
      senderType: "user",
      senderId: a11yPerson.id,
      userId: a11yPerson.id,
      message: ONE_CHAT.said,
      createdAt: new Date(Date.now() - 60_000),
    },
    { sessionId: a11yChat.id, senderType: "agent", senderId: a11yAgent.id, userId: a11yPerson.id, message: ONE_CHAT.replied },
  ],
});
await database.prisma.character.create({
  data: {
    name: A11Y.characterName,
    description: "A patient guide to the keyboard.",
    categoryId: first!.categoryId,
    createdById: a11yPerson.id,
    review: "submitted",
    submittedAt: new Date(),
  },
});
await database.prisma.ticket.create({ data: { userId: a11yPerson.id, topic: A11Y.ticketTopic, message: "Does every page work with a screen reader?" } });
// People out of tokens, this month's claim used (claimed, then spent), each with a chat.
for (const person of Object.values(OUT_OF_TOKENS.people)) {
  const spender = await database.prisma.user.create({
    data: {
      email: person.email,
      passwordHash: await hashPassword(OUT_OF_TOKENS.password),
      name: "Out Of Tokens",
      status: "active",
      emailVerifiedAt: new Date(),
    },
  });
  await claimMonthlyFreeTokens(spender.id);
  await deductTokens(spender.id, { takeFirst: "free", amount: FREE_MONTHLY_TOKENS, description: "Chat with a friend" });
  const agent = await database.prisma.chatAgent.create({ data: { userId: spender.id, characterId: first!.id, name: OUT_OF_TOKENS.agentName } });
  await database.prisma.chatSession.create({ data: { id: person.chatId, userId: spender.id, agentId: agent.id, lastMessageAt: new Date() } });
  await database.prisma.chatMessage.create({
    data: { sessionId: person.chatId, senderType: "agent", senderId: agent.id, userId: spender.id, message: "Up late again? Tell me everything." },
  });
}
// People on the paid plan, and one on the free plan, each with this month's free tokens.
const paidPlan = await database.prisma.plan.findFirstOrThrow({ where: { name: PAID_PLAN.plan } });
for (const [email, password, planId] of [
  ...Object.values(PAID_PLAN.people).map((email) => [email, PAID_PLAN.password, paidPlan.id] as const),
  [FREE_PLAN.email, FREE_PLAN.password, null] as const,
]) {
  const member = await database.prisma.user.create({
    data: { email, passwordHash: await hashPassword(password), name: email.split("@")[0], status: "active", emailVerifiedAt: new Date() },
  });
  await claimMonthlyFreeTokens(member.id);
  if (planId)
    await database.prisma.subscription.create({
      data: { userId: member.id, planId, status: "active", currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000) },
    });
}
await database.close();
