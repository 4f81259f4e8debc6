import type { PrismaClient } from "~/generated/prisma/client";
import { env } from "~/modules/config/env.server";

/**
 * The one rule for who is an admin: the account whose e-mail is ADMIN_EMAIL (both are kept
 * lower-cased). Applied when an account is created, and at start to an account that existed before.
 */
export function roleFor(email: string) {
  const adminEmail = env().ADMIN_EMAIL;
  return adminEmail !== undefined && email === adminEmail ? ("admin" as const) : ("user" as const);
}

/** At start: an account that signed up before ADMIN_EMAIL named it gets the role roleFor gives it. Never demotes anyone. */
export async function applyAdminEmail(db: PrismaClient) {
  const adminEmail = env().ADMIN_EMAIL;
  if (!adminEmail) return;
  await db.user.updateMany({ where: { email: adminEmail, role: "user" }, data: { role: roleFor(adminEmail) } });
}
