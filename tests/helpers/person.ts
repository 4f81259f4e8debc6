import { randomUUID } from "node:crypto";
import { hashPassword } from "~/modules/auth/password.server";
import { startLoginSession } from "~/modules/auth/login-session.server";
import { prisma } from "~/modules/db/db.server";
import { credit } from "~/modules/tokens/ledger.server";

export type PersonOptions = {
  /** Unique per call unless given. */
  email?: string;
  name?: string | null;
  /** A password they sign in with; without one the account has none (a Google-only or invited person). */
  password?: string;
  role?: "user" | "admin";
  status?: "active" | "pending" | "inactive";
  /** Whether their e-mail is confirmed (yes unless told). */
  confirmed?: boolean;
  /** Tokens credited through the ledger, free unless `type` says purchased. */
  balance?: { amount: number; type?: "free" | "purchased"; description?: string };
  /** The id of a plan they hold a live (active) subscription to. */
  plan?: string;
  avatarUrl?: string;
  createdAt?: Date;
  lastActiveAt?: Date | null;
};

/**
 * The one way tests make a person: an active, confirmed account with no password, no tokens and
 * no plan, unless the options say otherwise. Every other helper that makes an account calls it.
 */
export async function person({
  email,
  name = null,
  password,
  role = "user",
  status = "active",
  confirmed = true,
  balance,
  plan,
  avatarUrl,
  createdAt,
  lastActiveAt,
}: PersonOptions = {}) {
  const user = await prisma().user.create({
    data: {
      email: email ?? `person.${randomUUID()}@example.com`,
      name,
      role,
      status,
      passwordHash: password === undefined ? null : await hashPassword(password),
      emailVerifiedAt: confirmed ? new Date() : null,
      ...(avatarUrl ? { avatarUrl } : {}),
      ...(createdAt ? { createdAt } : {}),
      ...(lastActiveAt !== undefined ? { lastActiveAt } : {}),
    },
  });
  if (balance) await credit(user.id, { type: balance.type ?? "free", amount: balance.amount, description: balance.description ?? "test" });
  if (plan) await prisma().subscription.create({ data: { userId: user.id, planId: plan, status: "active" } });
  return user;
}

/** The Cookie header of a new login session of `userId`'s. */
export async function sessionCookie(userId: string, request = new Request("http://localhost/")) {
  return (await startLoginSession(userId, request, null)).split(";")[0]!;
}

/** person(), signed in: the row and the Cookie header of its session. */
export async function signedInPerson(options: PersonOptions = {}) {
  const user = await person(options);
  return { user, cookie: await sessionCookie(user.id) };
}
