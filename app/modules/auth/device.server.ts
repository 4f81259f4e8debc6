import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "~/modules/config/env.server";
import { readCookie } from "./login-session.server";

/**
 * The known-device cookie: set when a browser signs in to an account, it lets that browser's later
 * password attempts at the same account skip the account's failure limits (decision 016), so
 * guessers cannot lock the owner out. It names no account: its signature binds a random device id
 * and an expiry to the account's e-mail, so it proves "this browser signed in as <e-mail>" only to
 * someone who already asks about that e-mail, and cannot be made without the session secret.
 * One account per browser: signing in to another replaces it.
 */
export const DEVICE_COOKIE = "cv_device";
/** A year: the device is known as long as it keeps signing in now and then. */
const DEVICE_LIFETIME_SECONDS = 365 * 24 * 60 * 60;

/** The cookie that marks this browser as one that signed in to the account with this e-mail. */
export function knownDeviceCookie(email: string) {
  const deviceId = randomBytes(16).toString("base64url");
  const expires = Math.floor(Date.now() / 1000) + DEVICE_LIFETIME_SECONDS;
  const value = `${deviceId}.${expires}.${signature(deviceId, expires, email)}`;
  const secure = env().NODE_ENV === "production" && env().APP_URL.startsWith("https://");
  return [`${DEVICE_COOKIE}=${value}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${DEVICE_LIFETIME_SECONDS}`, ...(secure ? ["Secure"] : [])].join("; ");
}

/** This request's device id when its cookie is valid, unexpired and was signed for `email`; otherwise null. */
export function knownDeviceFor(request: Request, email: string): string | null {
  const value = readCookie(request.headers.get("cookie"), DEVICE_COOKIE);
  const [deviceId, expiresText, given, ...rest] = (value ?? "").split(".");
  const expires = Number(expiresText);
  if (!deviceId || !given || rest.length > 0 || !Number.isSafeInteger(expires) || expires <= Date.now() / 1000) return null;
  const expected = Buffer.from(signature(deviceId, expires, email));
  const received = Buffer.from(given);
  return expected.length === received.length && timingSafeEqual(expected, received) ? deviceId : null;
}

function signature(deviceId: string, expires: number, email: string) {
  return createHmac("sha256", env().SESSION_SECRET).update(`device:${deviceId}:${expires}:${email.trim().toLowerCase()}`).digest("base64url");
}
