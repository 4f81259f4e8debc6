import { createHash, randomBytes } from "node:crypto";
import { redirect } from "react-router";
import { Prisma } from "~/generated/prisma/client";
import { env } from "~/modules/config/env.server";
import { prisma } from "~/modules/db/db.server";
import { sqlNow } from "~/modules/db/sql.server";
import { oncePerRequest } from "~/modules/http/per-request.server";
import { isLanguage, type Language } from "~/lib/i18n/languages";
import { noteRequestLanguage } from "~/modules/i18n/request.server";

export const SESSION_COOKIE = "cv_session";
/** Refresh lifetime from the spec: 7 days, extended while the device is in use. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** How often use extends the session and records last_active: not on every request. */
const TOUCH_INTERVAL_MS = 10 * 60 * 1000;

export type CurrentUser = {
  id: string;
  email: string;
  name: string | null;
  avatarUrl: string | null;
  role: "user" | "admin";
  sessionId: string;
  /** Their chosen language, null until chosen (then the browser's is used). */
  language: Language | null;
  replyInLanguage: boolean;
};

/** The cookie holds a random token; the database keeps only its SHA-256 as the session id. */
const sessionIdFor = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * A new login session for this browser, and the cookie that carries it. A session the browser
 * still holds (signed in before, as this person or another) ends first: the new cookie replaces
 * the old one, which must not stay valid for its remaining days.
 */
export async function startLoginSession(userId: string, request: Request, ipAddress: string | null) {
  const token = randomBytes(32).toString("base64url");
  const previous = loginSessionIdOf(request);
  if (previous) await prisma().loginSession.deleteMany({ where: { id: previous } });
  await prisma().loginSession.create({
    data: {
      id: sessionIdFor(token),
      userId,
      expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS),
      userAgent: request.headers.get("user-agent")?.slice(0, 300) ?? null,
      ipAddress,
    },
  });
  await prisma().user.update({ where: { id: userId }, data: { lastActiveAt: new Date() } });
  return sessionCookie(token, SESSION_LIFETIME_MS / 1000);
}

/**
 * The signed-in person for this request, or null. Extends the session while it is used. The
 * lookup, and the session touch, happen once per request however many loaders ask.
 */
export function getCurrentUser(request: Request): Promise<CurrentUser | null> {
  return oncePerRequest(request, "current user", () => lookUpCurrentUser(request));
}

/** This request's login session id (the SHA-256 of its cookie's token), or null without the cookie. */
export function loginSessionIdOf(request: Request) {
  const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
  return token ? sessionIdFor(token) : null;
}

/**
 * The live login session with this id, as a query for other statements to build on: unexpired,
 * of an account that is not disabled. Columns: "loginSessionId", "lastSeenAt", "userId" (uuid),
 * email, name, "avatarUrl", role.
 */
export function liveLoginSessionSql(loginSessionId: string) {
  return Prisma.sql`
    SELECT s.id AS "loginSessionId", s.last_seen_at AS "lastSeenAt",
           u.id AS "userId", u.email, u.name, u.avatar_url AS "avatarUrl", u.role::text AS role,
           u.language, u.reply_in_language AS "replyInLanguage"
    FROM login_sessions s JOIN users u ON u.id = s.user_id
    WHERE s.id = ${loginSessionId} AND s.expires_at > ${sqlNow} AND u.status <> 'inactive'`;
}

/** Whether this login session is still live (not ended, expired or of a disabled account) and this person's. */
export async function isLoginSessionLive(loginSessionId: string, userId: string) {
  const rows = await prisma().$queryRaw<unknown[]>`SELECT 1 FROM (${liveLoginSessionSql(loginSessionId)}) live WHERE live."userId" = ${userId}::uuid`;
  return rows.length > 0;
}

/** Use extends the session and records the person's last activity, at most once per TOUCH_INTERVAL_MS. */
export async function keepLoginSessionAlive(session: { loginSessionId: string; lastSeenAt: Date; userId: string }) {
  if (Date.now() - session.lastSeenAt.getTime() <= TOUCH_INTERVAL_MS) return;
  const now = new Date();
  await prisma().$transaction([
    prisma().loginSession.update({
      where: { id: session.loginSessionId },
      data: { lastSeenAt: now, expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS) },
    }),
    prisma().user.update({ where: { id: session.userId }, data: { lastActiveAt: now } }),
  ]);
}

type SessionRow = {
  loginSessionId: string;
  lastSeenAt: Date;
  userId: string;
  email: string;
  name: string | null;
  avatarUrl: string | null;
  role: CurrentUser["role"];
  language: string | null;
  replyInLanguage: boolean;
};

/** One statement (every signed-in request waits for it): a live session of an account that is not disabled. */
async function lookUpCurrentUser(request: Request): Promise<CurrentUser | null> {
  const loginSessionId = loginSessionIdOf(request);
  if (!loginSessionId) return null;
  const [session] = await prisma().$queryRaw<SessionRow[]>`
    SELECT live."loginSessionId", live."lastSeenAt", live."userId"::text AS "userId", live.email, live.name, live."avatarUrl", live.role,
           live.language, live."replyInLanguage"
    FROM (${liveLoginSessionSql(loginSessionId)}) live`;
  if (!session) return null;
  await keepLoginSessionAlive(session);
  const language = isLanguage(session.language) ? session.language : null;
  // The person's own choice wins over this browser's for everything this request answers.
  if (language) noteRequestLanguage(language);
  return {
    id: session.userId,
    email: session.email,
    name: session.name,
    avatarUrl: session.avatarUrl,
    role: session.role,
    sessionId: session.loginSessionId,
    language,
    replyInLanguage: session.replyInLanguage,
  };
}

/** Ends this device's session only (the spec's local scope) and returns the cookie that clears it. */
export async function endLoginSession(request: Request) {
  const token = readCookie(request.headers.get("cookie"), SESSION_COOKIE);
  if (token) await prisma().loginSession.deleteMany({ where: { id: sessionIdFor(token) } });
  return sessionCookie("", 0);
}

/** On how many other devices the person is signed in (unexpired sessions besides this one). */
export function countOtherLoginSessions(user: CurrentUser) {
  return prisma().loginSession.count({ where: { userId: user.id, id: { not: user.sessionId }, expiresAt: { gt: new Date() } } });
}

/** Signs the person out of every other device (within `db`'s transaction when given); answers how many. */
export async function endOtherLoginSessions(user: CurrentUser, db: Pick<Prisma.TransactionClient, "loginSession"> = prisma()) {
  return (await db.loginSession.deleteMany({ where: { userId: user.id, id: { not: user.sessionId } } })).count;
}

export async function endAllLoginSessions(userId: string) {
  await prisma().loginSession.deleteMany({ where: { userId } });
}

/**
 * For loaders and actions that need a signed-in person: otherwise to sign-in, and back to `url`
 * after (the route's `url` argument: the page's address, where `request.url` of a client-side
 * navigation names its data request).
 */
export async function requireUser(request: Request, url: URL) {
  const user = await getCurrentUser(request);
  if (!user) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  return user;
}

/** Admin pages: anyone else is sent to / (spec section 2). */
export async function requireAdmin(request: Request) {
  const user = await getCurrentUser(request);
  if (!user || user.role !== "admin") throw redirect("/");
  return user;
}

function sessionCookie(value: string, maxAgeSeconds: number) {
  const secure = env().NODE_ENV === "production" && env().APP_URL.startsWith("https://");
  return [`${SESSION_COOKIE}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${Math.floor(maxAgeSeconds)}`, ...(secure ? ["Secure"] : [])].join("; ");
}

/** One cookie's value from a Cookie header, or null. */
export function readCookie(header: string | null, name: string) {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=") || null;
  }
  return null;
}
