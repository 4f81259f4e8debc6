import { createHash, createPublicKey, verify, type KeyObject } from "node:crypto";
import { env } from "~/modules/config/env.server";
import { AppError } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { finishNotifiedJob } from "./worker.server";

/**
 * fal's webhook, verified as fal documents it: the signature (hex, ED25519) covers
 * `{request id}\n{user id}\n{timestamp}\n{sha256 hex of the raw body}` from the
 * X-Fal-Webhook-* headers, by one of the keys fal publishes as a JWKS (FAL_JWKS_URL), cached for a
 * day and fetched again when no cached key fits (fal rotated them). A timestamp more than five
 * minutes away is refused, so an old delivery cannot be replayed. Even a valid call only tells the
 * app to look: its result is fetched from fal by request id, with the app's key.
 */

const KEYS_TTL_MS = 24 * 60 * 60 * 1000;
/** At most one fetch of the keys per minute when signatures do not fit, whoever sends them. */
const REFETCH_AFTER_MS = 60 * 1000;
const TIMESTAMP_TOLERANCE_SECONDS = 300;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class InvalidWebhookSignatureError extends AppError {
  constructor() {
    super("invalid-signature", 401, "Invalid webhook signature");
  }
}

type KeyCache = { url: string; keys: KeyObject[]; fetchedAt: number };
const state = globalThis as unknown as { __falKeys?: KeyCache };

async function fetchKeys(url: string): Promise<KeyObject[]> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) throw new Error(`fal's keys answered ${response.status}`);
  const body = (await response.json()) as { keys?: { kty?: string; crv?: string; x?: string }[] };
  return (body.keys ?? []).flatMap((key) => {
    if (key.kty !== "OKP" || key.crv !== "Ed25519" || typeof key.x !== "string") return [];
    try {
      return [createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: key.x }, format: "jwk" })];
    } catch {
      return [];
    }
  });
}

async function publicKeys({ refresh = false } = {}): Promise<KeyObject[]> {
  const url = env().FAL_JWKS_URL;
  const cached = state.__falKeys;
  const age = cached && cached.url === url ? Date.now() - cached.fetchedAt : Infinity;
  if (age < KEYS_TTL_MS && !(refresh && age > REFETCH_AFTER_MS)) return cached!.keys;
  const keys = await fetchKeys(url);
  state.__falKeys = { url, keys, fetchedAt: Date.now() };
  return keys;
}

/** Tests change the key set between cases. */
export function forgetFalKeysForTests() {
  state.__falKeys = undefined;
}

type SignedHeaders = { requestId: string; userId: string; timestamp: string; signature: Buffer };

function signedHeaders(headers: Headers): SignedHeaders | null {
  const requestId = headers.get("x-fal-webhook-request-id");
  const userId = headers.get("x-fal-webhook-user-id");
  const timestamp = headers.get("x-fal-webhook-timestamp");
  const signature = headers.get("x-fal-webhook-signature");
  if (!requestId || !userId || !timestamp || !signature || !/^[0-9a-f]{128}$/i.test(signature)) return null;
  return { requestId, userId, timestamp, signature: Buffer.from(signature, "hex") };
}

/** Whether the call is fal's, as fal documents the check. */
export async function isSignedByFal(headers: Headers, body: Buffer, now = Date.now()): Promise<boolean> {
  const signed = signedHeaders(headers);
  if (!signed || !/^\d+$/.test(signed.timestamp)) return false;
  if (Math.abs(now / 1000 - Number(signed.timestamp)) > TIMESTAMP_TOLERANCE_SECONDS) return false;
  const digest = createHash("sha256").update(body).digest("hex");
  const message = Buffer.from(`${signed.requestId}\n${signed.userId}\n${signed.timestamp}\n${digest}`);
  const fits = (keys: KeyObject[]) => keys.some((key) => verify(null, message, key, signed.signature));
  return fits(await publicKeys()) || fits(await publicKeys({ refresh: true }));
}

/**
 * Handles one delivery: InvalidWebhookSignatureError (401) unless fal signed it; otherwise the job
 * with that request id is claimed and finished before the answer (a job already finished, or
 * unknown, is left alone: fal retries for hours and every step is idempotent). The job named in
 * the address (`?job=`, see falWebhookUrl) is only a hint for a webhook that arrives before its
 * request id is recorded; the signed request id decides. `job` says whether a running job was found.
 */
export async function handleFalWebhook(headers: Headers, body: Buffer, url?: URL): Promise<{ received: true; job: boolean }> {
  if (!(await isSignedByFal(headers, body))) throw new InvalidWebhookSignatureError();
  const requestId = headers.get("x-fal-webhook-request-id")!;
  const named = url?.searchParams.get("job") ?? "";
  const job = await finishNotifiedJob(requestId, UUID.test(named) ? named : null);
  if (!job) logger.info({ requestId }, "a fal webhook for no running job");
  return { received: true, job };
}
