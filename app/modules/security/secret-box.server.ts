import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { env } from "~/modules/config/env.server";

/**
 * Secrets the app stores for itself (a chat model's API key), sealed with AES-256-GCM under a key
 * derived from SESSION_SECRET with HKDF. A sealed value reads `v1:<iv>:<tag>:<ciphertext>`
 * (base64url); anything else is a value stored before sealing existed and is read as it is
 * (decision 017).
 */
const PREFIX = "v1:";
const HKDF_INFO = "charverse chat-model api keys v1";

let derived: { secret: string; key: Buffer } | undefined;

function boxKey() {
  const secret = env().SESSION_SECRET;
  if (derived?.secret !== secret) derived = { secret, key: Buffer.from(hkdfSync("sha256", secret, "", HKDF_INFO, 32)) };
  return derived.key;
}

export function isSealed(value: string) {
  return value.startsWith(PREFIX);
}

export function sealSecret(plain: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", boxKey(), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return PREFIX + [iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url")).join(":");
}

/** The plain secret; a legacy plain value as it is; null when nothing is stored or it cannot be opened (another SESSION_SECRET). */
export function openSecret(stored: string | null | undefined): string | null {
  if (!stored) return null;
  if (!isSealed(stored)) return stored;
  const [iv, tag, sealed] = stored
    .slice(PREFIX.length)
    .split(":")
    .map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !sealed) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", boxKey(), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
