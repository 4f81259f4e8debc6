import { readCookie } from "~/modules/auth/login-session.server";
import { MESSAGE_MAX, TOPIC_MAX } from "~/lib/tickets";

/**
 * A signed-out visitor's unsent contact message, kept for the contact page while they sign up or
 * sign in: a cookie only /contactus receives, for a day, so it works without JavaScript and the
 * server stores nothing for someone without an account. A cookie holds about 4 KB, so a very long
 * message keeps its beginning.
 */
const COOKIE = "cv_contact_draft";
const MAX_VALUE_BYTES = 3800;

export type ContactDraft = { topic: string; message: string };

/** The first `length` characters, never half of a pair (encodeURIComponent refuses one). */
const cut = (text: string, length: number) => text.slice(0, length).replace(/[\uD800-\uDBFF]$/, "");

export function contactDraftCookie({ topic, message }: ContactDraft) {
  let draft = { topic: cut(topic, TOPIC_MAX), message: cut(message, MESSAGE_MAX) };
  let value = encodeURIComponent(JSON.stringify(draft));
  while (value.length > MAX_VALUE_BYTES && draft.message.length > 0) {
    const keep = Math.floor(draft.message.length * (MAX_VALUE_BYTES / value.length) * 0.95);
    draft = { ...draft, message: cut(draft.message, keep) };
    value = encodeURIComponent(JSON.stringify(draft));
  }
  return `${COOKIE}=${value}; Path=/contactus; HttpOnly; SameSite=Lax; Max-Age=86400`;
}

export const clearContactDraftCookie = () => `${COOKIE}=; Path=/contactus; HttpOnly; SameSite=Lax; Max-Age=0`;

export function readContactDraft(request: Request): ContactDraft | null {
  const value = readCookie(request.headers.get("cookie"), COOKIE);
  if (!value) return null;
  try {
    const draft = JSON.parse(decodeURIComponent(value)) as Partial<ContactDraft>;
    return { topic: String(draft.topic ?? "").slice(0, TOPIC_MAX), message: String(draft.message ?? "").slice(0, MESSAGE_MAX) };
  } catch {
    return null;
  }
}
