import { accountTexts } from "./account";
import { agentTexts } from "./agent-form";
import { detailTexts, modelTexts } from "./admin-model-texts";
import { chatTexts } from "./chat";
import { ticketTexts } from "./tickets";
import { tokenTexts } from "./tokens";

/**
 * The one toast mechanism: a redirect adds `?toast=<code>`, and the shell shows the matching
 * fixed text. Codes, not texts, travel in the URL, so nobody can make the app display their words.
 */
export const toasts = {
  "logged-in": { title: "Success", message: "Logged in successfully", tone: "success" },
  "email-confirmed": { title: "Success", message: "Your e-mail is confirmed and you are signed in.", tone: "success" },
  "signed-in": { title: "Success", message: "Successfully signed in", tone: "success" },
  "auth-failed": { title: "Error", message: "Failed to complete authentication", tone: "error" },
  "google-failed": { title: "Error", message: "Failed to sign in with Google", tone: "error" },
  "profile-updated": { title: "Success", message: "Profile updated successfully", tone: "success" },
  "signed-out-others": { title: "Success", message: "Signed out of all other devices", tone: "success" },
  "password-changed": { title: "Success", message: accountTexts.passwordChanged, tone: "success" },
  "account-deleted": { title: "Success", message: accountTexts.accountDeleted, tone: "success" },
  "too-many-downloads": { title: "Error", message: accountTexts.tooManyDownloads, tone: "error" },
  "tokens-claimed": { title: "Success", message: tokenTexts.claimed, tone: "success" },
  "already-claimed": { title: tokenTexts.alreadyClaimedTitle, message: tokenTexts.alreadyClaimedMessage, tone: "error" },
  "claim-failed": { title: "Error", message: tokenTexts.claimFailed, tone: "error" },
  "checkout-failed": { title: "Error", message: tokenTexts.createSessionFailed, tone: "error" },
  "too-many-checkouts": { title: "Error", message: tokenTexts.tooManyCheckouts, tone: "error" },
  "payments-not-configured": { title: "Error", message: tokenTexts.paymentsNotConfigured, tone: "error" },
  "subscription-canceled": { title: "Success", message: "Your subscription will end at the end of the current period.", tone: "success" },
  "subscription-renewed": { title: "Success", message: "Your subscription will renew automatically.", tone: "success" },
  "plan-changed": { title: "Success", message: "Your plan has been changed.", tone: "success" },
  "agent-updated": { title: "Success", message: agentTexts.updated, tone: "success" },
  // Raised in the browser with the spec's text for the case ('Failed to upload {filename}', …).
  "agent-update-failed": { title: "Error", message: agentTexts.updateFailed, tone: "error" },
  "attachment-refused": { title: "Error", message: "Failed to upload", tone: "error" },
  "subscription-failed": { title: "Error", message: "Failed to update the subscription. Please try again.", tone: "error" },
  "send-failed": { title: "Error", message: chatTexts.sendFailed, tone: "error" },
  "voice-unsupported": { title: "Error", message: chatTexts.voiceUnsupported, tone: "error" },
  "message-copied": { title: "Success", message: chatTexts.messageCopied, tone: "success" },
  "copy-message-failed": { title: "Error", message: chatTexts.copyMessageFailed, tone: "error" },
  "prompt-copied": { title: "Success", message: chatTexts.promptCopied, tone: "success" },
  "copy-prompt-failed": { title: "Error", message: chatTexts.copyPromptFailed, tone: "error" },
  "message-deleted": { title: "Success", message: chatTexts.messageDeleted, tone: "success" },
  "delete-message-failed": { title: "Error", message: chatTexts.deleteFailed, tone: "error" },
  "start-chat-failed": { title: "Error", message: chatTexts.startFailed, tone: "error" },
  "model-settings-failed": { title: "Error", message: chatTexts.modelSettingsFailed, tone: "error" },
  "character-load-failed": { title: "Error", message: chatTexts.characterLoadFailed, tone: "error" },
  "plan-created": { title: "Success", message: "Plan created successfully", tone: "success" },
  "plan-updated": { title: "Success", message: "Plan updated successfully", tone: "success" },
  "plan-deleted": { title: "Success", message: "Plan deleted successfully", tone: "success" },
  "package-created": { title: "Success", message: "Token package created successfully", tone: "success" },
  "package-updated": { title: "Success", message: "Token package updated successfully", tone: "success" },
  "package-deleted": { title: "Success", message: "Token package deleted successfully", tone: "success" },
  "package-activated": { title: "Success", message: "Token package is now offered", tone: "success" },
  "package-deactivated": { title: "Success", message: "Token package is no longer offered", tone: "success" },
  "banner-added": { title: "Success", message: "Banner added successfully", tone: "success" },
  "banner-updated": { title: "Success", message: "Banner updated successfully", tone: "success" },
  "banner-deleted": { title: "Success", message: "Banner deleted successfully", tone: "success" },
  "banner-published": { title: "Success", message: "Banner published successfully", tone: "success" },
  "banner-unpublished": { title: "Success", message: "Banner unpublished successfully", tone: "success" },
  "banner-status-failed": { title: "Error", message: "Failed to update banner status", tone: "error" },
  "character-saved": { title: "Success", message: "Character saved successfully", tone: "success" },
  "character-updated": { title: "Success", message: "Character updated successfully", tone: "success" },
  "character-saved-avatar": { title: "Success", message: "Character saved: its avatar is being generated", tone: "success" },
  "character-updated-avatar": { title: "Success", message: "Character updated: its avatar is being generated", tone: "success" },
  "character-updated-avatar-failed": { title: "Error", message: "Character updated, but its avatar could not be generated. Please try again.", tone: "error" },
  "character-deleted": { title: "Success", message: "Character deleted successfully", tone: "success" },
  "character-update-failed": { title: "Error", message: "Error updating character", tone: "error" },
  "user-invited": { title: "Success", message: "Invitation sent: the person chooses a password through the link.", tone: "success" },
  "invitation-not-sent": {
    title: "Error",
    message: "The account was created, but the invitation e-mail could not be sent. Try Resend invitation.",
    tone: "error",
  },
  "invitation-resent": { title: "Success", message: "Invitation sent again.", tone: "success" },
  "user-suspended": { title: "Success", message: "The account is suspended and signed out everywhere.", tone: "success" },
  "user-reactivated": { title: "Success", message: "The account is active again.", tone: "success" },
  "role-changed": { title: "Success", message: "Role updated.", tone: "success" },
  "tokens-granted": { title: "Success", message: "Tokens granted.", tone: "success" },
  "tokens-deducted": { title: "Success", message: "Tokens deducted.", tone: "success" },
  "user-deleted": { title: "Success", message: "The account was deleted and its personal data removed.", tone: "success" },
  "model-added": { title: "Success", message: modelTexts.added, tone: "success" },
  "model-updated": { title: "Success", message: modelTexts.updated, tone: "success" },
  "model-deleted": { title: "Success", message: modelTexts.deleted, tone: "success" },
  "model-update-failed": { title: "Error", message: modelTexts.updateFailed, tone: "error" },
  "detail-saved": { title: "Success", message: detailTexts.saved, tone: "success" },
  "detail-deleted": { title: "Success", message: detailTexts.deleted, tone: "success" },
  "detail-save-failed": { title: "Error", message: detailTexts.saveFailed, tone: "error" },
  "contact-sign-in": { title: ticketTexts.signInRequiredTitle, message: ticketTexts.signInRequired, tone: "error" },
  "ticket-sent": { title: "Success", message: ticketTexts.sent, tone: "success" },
  "ticket-replied": { title: "Success", message: ticketTexts.replied, tone: "success" },
  "ticket-closed": { title: "Success", message: ticketTexts.closed, tone: "success" },
  "ticket-load-failed": { title: "Error", message: ticketTexts.loadOneFailed, tone: "error" },
  "ticket-status-changed": { title: "Success", message: "Ticket status updated", tone: "success" },
  // Without JavaScript the toast cannot name the item (codes only); with it, the spec's '{name} added to favorites'.
  "favorite-added": { title: "Success", message: "Added to favorites", tone: "success" },
  "favorite-removed": { title: "Success", message: "Removed from favorites", tone: "success" },
  "favorite-failed": { title: "Error", message: "Failed to update favorites", tone: "error" },
  "favorite-sign-in": { title: "Sign in required", message: "Please sign in to add favorites", tone: "error" },
  "image-public": { title: "Success", message: "Image is now public", tone: "success" },
  "image-private": { title: "Success", message: "Image is now private", tone: "success" },
  "image-status-failed": { title: "Error", message: "Failed to update image status", tone: "error" },
  "image-deleted": { title: "Success", message: "Image deleted successfully", tone: "success" },
  "image-delete-failed": { title: "Error", message: "Failed to delete image", tone: "error" },
  "generation-started": { title: "Success", message: "Image generation started", tone: "success" },
  "generation-failed": { title: "Error", message: "Failed to generate image", tone: "error" },
  "media-added": { title: "Success", message: "Media added successfully", tone: "success" },
  "media-add-failed": { title: "Error", message: "Failed to add media", tone: "error" },
  "media-deleted": { title: "Success", message: "Media deleted successfully", tone: "success" },
  "media-delete-failed": { title: "Error", message: "Failed to delete media", tone: "error" },
  "character-edits-held": { title: "Success", message: "Changes saved: they wait for review, and the published version stays until then", tone: "success" },
  "character-submitted": { title: "Success", message: "Submitted for review", tone: "success" },
  "character-submit-failed": { title: "Error", message: "This character has nothing waiting to submit", tone: "error" },
  "character-approved": { title: "Success", message: "Character approved and published", tone: "success" },
  "character-declined": { title: "Success", message: "Character declined", tone: "success" },
  "review-not-waiting": { title: "Error", message: "This character is not waiting for review", tone: "error" },
} as const;

export type ToastCode = keyof typeof toasts;

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
