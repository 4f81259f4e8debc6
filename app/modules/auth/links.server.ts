import { createHash, randomBytes } from "node:crypto";
import { Prisma, type VerificationPurpose } from "~/generated/prisma/client";
import { prisma } from "~/modules/db/db.server";
import { sqlNow } from "~/modules/db/sql.server";

/** How long a mailed link works, by what it is for. */
export const LINK_LIFETIMES: Record<VerificationPurpose, number> = {
  email_verification: 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

const digest = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** The process-wide client, or a transaction's when the link belongs to a larger change. */
type Db = Prisma.TransactionClient;

/**
 * A single-use e-mail link's secret (the `token` in its URL): 256 random bits, of which only the
 * SHA-256 is stored, so the database alone cannot produce a working link.
 */
export async function issueLink(userId: string, purpose: VerificationPurpose, db: Db = prisma()) {
  const secret = randomBytes(32).toString("base64url");
  await db.verificationToken.create({
    data: { userId, purpose, tokenHash: digest(secret), expiresAt: new Date(Date.now() + LINK_LIFETIMES[purpose]) },
  });
  return secret;
}

/**
 * The row of a live link: known, of this purpose, unused and unexpired. `expires_at` and `used_at`
 * are `timestamp` columns holding UTC (as Prisma writes every DateTime), so they are compared with
 * `sqlNow`: a bare now() would be read in the database session's time zone, and on a server east
 * of UTC fresh links would fail, west of it expired ones work.
 */
const liveLink = (secret: string, purpose: VerificationPurpose) => Prisma.sql`
  token_hash = ${digest(secret)} AND purpose = ${purpose}::"VerificationPurpose"
  AND used_at IS NULL AND expires_at > ${sqlNow}`;

/** Anything longer than a secret this module issues is not looked up at all. */
const plausible = (secret: string) => secret.length > 0 && secret.length <= 100;

/** The user of a live link, leaving it unused: for a page that only shows what the link is for. */
export async function liveLinkUser(secret: string, purpose: VerificationPurpose) {
  if (!plausible(secret)) return null;
  const rows = await prisma().$queryRaw<{ user_id: string }[]>`SELECT user_id FROM verification_tokens WHERE ${liveLink(secret, purpose)}`;
  return rows[0]?.user_id ?? null;
}

/** Marks a live link used and returns its user, or null if unknown, expired or already used. Atomic. */
export async function consumeLink(secret: string, purpose: VerificationPurpose, db: Db = prisma()) {
  if (!plausible(secret)) return null;
  const rows = await db.$queryRaw<{ user_id: string }[]>`
    UPDATE verification_tokens SET used_at = ${sqlNow} WHERE ${liveLink(secret, purpose)} RETURNING user_id`;
  return rows[0]?.user_id ?? null;
}

/**
 * Marks a live link and every other live link of its user and purpose used, in one statement
 * (rows locked as a sign-up's own voiding locks them, so the two wait rather than deadlock).
 * Returns the user when the given link was live, else null.
 */
export async function consumeLinkAndSiblings(secret: string, purpose: VerificationPurpose, db: Db = prisma()) {
  if (!plausible(secret)) return null;
  const rows = await db.$queryRaw<{ user_id: string; given: boolean }[]>`
    UPDATE verification_tokens SET used_at = ${sqlNow}
    WHERE purpose = ${purpose}::"VerificationPurpose" AND used_at IS NULL
      AND user_id = (SELECT user_id FROM verification_tokens WHERE ${liveLink(secret, purpose)})
    RETURNING user_id, token_hash = ${digest(secret)} AS given`;
  return rows.find((row) => row.given)?.user_id ?? null;
}
