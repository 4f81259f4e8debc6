import { accountTexts } from "./account";
import { agentTexts } from "./agent-form";
import { detailTexts, modelTexts } from "./admin-model-texts";
import { chatTexts } from "./chat";
import { ticketTexts } from "./tickets";
import { tokenTexts } from "./tokens";

type Tone = "success" | "error";

export type Toast = { title: string; message: string; tone: Tone };

/**
 * The one toast mechanism: a redirect adds `?toast=<code>`, and the shell shows the matching
 * fixed text. Codes, not texts, travel in the URL, so nobody can make the app display their words.
 * Each row is [tone, message, title]; the title is "Success" or "Error" by tone unless it names one.
 */
const rows = {
  "logged-in": ["success", "Logged in successfully"],
  "email-confirmed": ["success", "Your e-mail is confirmed and you are signed in."],
  "signed-in": ["success", "Successfully signed in"],
  "auth-failed": ["error", "Failed to complete authentication"],
  "google-failed": ["error", "Failed to sign in with Google"],
  "profile-updated": ["success", "Profile updated successfully"],
  "signed-out-others": ["success", "Signed out of all other devices"],
  "password-changed": ["success", accountTexts.passwordChanged],
  "account-deleted": ["success", accountTexts.accountDeleted],
  "too-many-downloads": ["error", accountTexts.tooManyDownloads],
  "tokens-claimed": ["success", tokenTexts.claimed],
  "already-claimed": ["error", tokenTexts.alreadyClaimedMessage, tokenTexts.alreadyClaimedTitle],
  "claim-failed": ["error", tokenTexts.claimFailed],
  "checkout-failed": ["error", tokenTexts.createSessionFailed],
  "too-many-checkouts": ["error", tokenTexts.tooManyCheckouts],
  "payments-not-configured": ["error", tokenTexts.paymentsNotConfigured],
  "subscription-canceled": ["success", "Your subscription will end at the end of the current period."],
  "subscription-renewed": ["success", "Your subscription will renew automatically."],
  "plan-changed": ["success", "Your plan has been changed."],
  "agent-updated": ["success", agentTexts.updated],
  // Raised in the browser with the spec's text for the case ('Failed to upload {filename}', …).
  "agent-update-failed": ["error", agentTexts.updateFailed],
  "attachment-refused": ["error", "Failed to upload"],
  "subscription-failed": ["error", "Failed to update the subscription. Please try again."],
  "send-failed": ["error", chatTexts.sendFailed],
  "voice-unsupported": ["error", chatTexts.voiceUnsupported],
  "message-copied": ["success", chatTexts.messageCopied],
  "copy-message-failed": ["error", chatTexts.copyMessageFailed],
  "prompt-copied": ["success", chatTexts.promptCopied],
  "copy-prompt-failed": ["error", chatTexts.copyPromptFailed],
  "message-deleted": ["success", chatTexts.messageDeleted],
  "delete-message-failed": ["error", chatTexts.deleteFailed],
  "start-chat-failed": ["error", chatTexts.startFailed],
  "model-settings-failed": ["error", chatTexts.modelSettingsFailed],
  "character-load-failed": ["error", chatTexts.characterLoadFailed],
  "plan-created": ["success", "Plan created successfully"],
  "plan-updated": ["success", "Plan updated successfully"],
  "plan-deleted": ["success", "Plan deleted successfully"],
  "package-created": ["success", "Token package created successfully"],
  "package-updated": ["success", "Token package updated successfully"],
  "package-deleted": ["success", "Token package deleted successfully"],
  "package-activated": ["success", "Token package is now offered"],
  "package-deactivated": ["success", "Token package is no longer offered"],
  "banner-added": ["success", "Banner added successfully"],
  "banner-updated": ["success", "Banner updated successfully"],
  "banner-deleted": ["success", "Banner deleted successfully"],
  "banner-published": ["success", "Banner published successfully"],
  "banner-unpublished": ["success", "Banner unpublished successfully"],
  "banner-status-failed": ["error", "Failed to update banner status"],
  "character-saved": ["success", "Character saved successfully"],
  "character-updated": ["success", "Character updated successfully"],
  "character-saved-avatar": ["success", "Character saved: its avatar is being generated"],
  "character-updated-avatar": ["success", "Character updated: its avatar is being generated"],
  "character-updated-avatar-failed": ["error", "Character updated, but its avatar could not be generated. Please try again."],
  "character-deleted": ["success", "Character deleted successfully"],
  "character-update-failed": ["error", "Error updating character"],
  "user-invited": ["success", "Invitation sent: the person chooses a password through the link."],
  "invitation-not-sent": ["error", "The account was created, but the invitation e-mail could not be sent. Try Resend invitation."],
  "invitation-resent": ["success", "Invitation sent again."],
  "user-suspended": ["success", "The account is suspended and signed out everywhere."],
  "user-reactivated": ["success", "The account is active again."],
  "role-changed": ["success", "Role updated."],
  "tokens-granted": ["success", "Tokens granted."],
  "tokens-deducted": ["success", "Tokens deducted."],
  "user-deleted": ["success", "The account was deleted and its personal data removed."],
  "model-added": ["success", modelTexts.added],
  "model-updated": ["success", modelTexts.updated],
  "model-deleted": ["success", modelTexts.deleted],
  "model-update-failed": ["error", modelTexts.updateFailed],
  "detail-saved": ["success", detailTexts.saved],
  "detail-deleted": ["success", detailTexts.deleted],
  "detail-save-failed": ["error", detailTexts.saveFailed],
  "contact-sign-in": ["error", ticketTexts.signInRequired, ticketTexts.signInRequiredTitle],
  "ticket-sent": ["success", ticketTexts.sent],
  "ticket-replied": ["success", ticketTexts.replied],
  "ticket-closed": ["success", ticketTexts.closed],
  "ticket-load-failed": ["error", ticketTexts.loadOneFailed],
  "ticket-status-changed": ["success", "Ticket status updated"],
  // Without JavaScript the toast cannot name the item (codes only); with it, the spec's '{name} added to favorites'.
  "favorite-added": ["success", "Added to favorites"],
  "favorite-removed": ["success", "Removed from favorites"],
  "favorite-failed": ["error", "Failed to update favorites"],
  "favorite-sign-in": ["error", "Please sign in to add favorites", "Sign in required"],
  "image-public": ["success", "Image is now public"],
  "image-private": ["success", "Image is now private"],
  "image-status-failed": ["error", "Failed to update image status"],
  "image-deleted": ["success", "Image deleted successfully"],
  "image-delete-failed": ["error", "Failed to delete image"],
  "generation-started": ["success", "Image generation started"],
  "generation-failed": ["error", "Failed to generate image"],
  "media-added": ["success", "Media added successfully"],
  "media-add-failed": ["error", "Failed to add media"],
  "media-deleted": ["success", "Media deleted successfully"],
  "media-delete-failed": ["error", "Failed to delete media"],
  "character-edits-held": ["success", "Changes saved: they wait for review, and the published version stays until then"],
  "character-submitted": ["success", "Submitted for review"],
  "character-submit-failed": ["error", "This character has nothing waiting to submit"],
  "character-approved": ["success", "Character approved and published"],
  "character-declined": ["success", "Character declined"],
  "review-not-waiting": ["error", "This character is not waiting for review"],
  "language-changed": ["success", "Language changed"],
  "persona-chosen": ["success", "Persona changed for this chat"],
  "chat-model-chosen": ["success", "Model changed for this chat"],
  "chat-renamed": ["success", "Chat renamed"],
  "chat-deleted": ["success", "Chat deleted"],
  "persona-saved": ["success", "Persona saved"],
  "persona-deleted": ["success", "Persona deleted"],
} satisfies Record<string, readonly [Tone, string, string?]>;

const TITLES: Record<Tone, string> = { success: "Success", error: "Error" };

export type ToastCode = keyof typeof rows;

export const toasts = Object.fromEntries(
  Object.entries(rows).map(([code, [tone, message, title]]: [string, readonly [Tone, string, string?]]) => [
    code,
    { title: title ?? TITLES[tone], message, tone },
  ]),
) as Record<ToastCode, Toast>;

export function toastFor(code: string | null) {
  return code && Object.hasOwn(toasts, code) ? toasts[code as ToastCode] : null;
}

/** `path` (which may carry a query already) with a redirect's toast. */
export function withToast(path: string, code: ToastCode) {
  const url = new URL(path, "http://x");
  url.searchParams.set("toast", code);
  return url.pathname + url.search;
}

/**
 * What happens in the browser alone (a copy, a send whose connection broke) has no redirect to
 * carry its toast: the same code travels in a window event to the same toaster instead. Such a
 * toast may say something more specific than its code's text (a file's name, the server's
 * reason); only the page's own script can raise one, never a URL.
 */
const TOAST_EVENT = "cv:toast";

export type RaisedToast = { code: ToastCode; message?: string };

/** Toasts raised before the toaster listens (a page's own effects run before the shell's): shown once it does. */
const waiting: RaisedToast[] = [];
let listening = 0;

export function showToast(code: ToastCode, message?: string) {
  if (listening === 0) waiting.push({ code, message });
  else window.dispatchEvent(new CustomEvent<RaisedToast>(TOAST_EVENT, { detail: { code, message } }));
}

export function onToast(listener: (toast: RaisedToast) => void) {
  const handle = (event: Event) => listener((event as CustomEvent<RaisedToast>).detail);
  window.addEventListener(TOAST_EVENT, handle);
  listening += 1;
  for (const toast of waiting.splice(0)) listener(toast);
  return () => {
    listening -= 1;
    window.removeEventListener(TOAST_EVENT, handle);
  };
}

/** Spec: toasts vanish after 1.5 s or on click. */
export const TOAST_MS = 1500;
