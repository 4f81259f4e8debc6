import { createHash, randomBytes } from "node:crypto";
import { Prisma, type VerificationPurpose } from "~/generated/prisma/client";
import { prisma } from "~/modules/db/db.server";

export const TOKEN_LIFETIMES: Record<VerificationPurpose, number> = {
  email_verification: 24 * 60 * 60 * 1000,
  password_reset: 60 * 60 * 1000,
};

const digest = (token: string) => createHash("sha256").update(token).digest("hex");

/** The process-wide client, or a transaction's when the token belongs to a larger change. */
type Db = Prisma.TransactionClient;

/**
 * A single-use link token: 256 random bits, of which only the SHA-256 is stored, so the database
 * alone cannot produce a working link.
 */
export async function issueToken(userId: string, purpose: VerificationPurpose, db: Db = prisma()) {
  const token = randomBytes(32).toString("base64url");
  await db.verificationToken.create({
    data: { userId, purpose, tokenHash: digest(token), expiresAt: new Date(Date.now() + TOKEN_LIFETIMES[purpose]) },
  });
  return token;
}

/**
 * The row of a live token: known, of this purpose, unused and unexpired. `expires_at` and `used_at`
 * are `timestamp` columns holding UTC (as Prisma writes every DateTime), so they are compared with
 * `now() AT TIME ZONE 'UTC'`: a bare now() would be read in the database session's time zone, and
 * on a server east of UTC fresh links would fail, west of it expired ones work.
 */
const liveToken = (token: string, purpose: VerificationPurpose) => Prisma.sql`
  token_hash = ${digest(token)} AND purpose = ${purpose}::"VerificationPurpose"
  AND used_at IS NULL AND expires_at > (now() AT TIME ZONE 'UTC')`;

/** Anything longer than a token this module issues is not looked up at all. */
const plausible = (token: string) => token.length > 0 && token.length <= 100;

/** The user of a live token, leaving it unused: for a page that only shows what the link is for. */
export async function liveTokenUser(token: string, purpose: VerificationPurpose) {
  if (!plausible(token)) return null;
  const rows = await prisma().$queryRaw<{ user_id: string }[]>`SELECT user_id FROM verification_tokens WHERE ${liveToken(token, purpose)}`;
  return rows[0]?.user_id ?? null;
}

/** Marks a live token used and returns its user, or null if unknown, expired or already used. Atomic. */
export async function consumeToken(token: string, purpose: VerificationPurpose, db: Db = prisma()) {
  if (!plausible(token)) return null;
  const rows = await db.$queryRaw<{ user_id: string }[]>`
    UPDATE verification_tokens SET used_at = (now() AT TIME ZONE 'UTC') WHERE ${liveToken(token, purpose)} RETURNING user_id`;
  return rows[0]?.user_id ?? null;
}

/**
 * Marks a live token and every other live token of its user and purpose used, in one statement
 * (rows locked as a sign-up's own voiding locks them, so the two wait rather than deadlock).
 * Returns the user when the given token was live, else null.
 */
export async function consumeTokenAndSiblings(token: string, purpose: VerificationPurpose, db: Db = prisma()) {
  if (!plausible(token)) return null;
  const rows = await db.$queryRaw<{ user_id: string; given: boolean }[]>`
    UPDATE verification_tokens SET used_at = (now() AT TIME ZONE 'UTC')
    WHERE purpose = ${purpose}::"VerificationPurpose" AND used_at IS NULL
      AND user_id = (SELECT user_id FROM verification_tokens WHERE ${liveToken(token, purpose)})
    RETURNING user_id, token_hash = ${digest(token)} AS given`;
  return rows.find((row) => row.given)?.user_id ?? null;
}
