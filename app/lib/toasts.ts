import { agentTexts } from "./agent-form";
import { tokenTexts } from "./tokens";

/**
 * The one toast mechanism: a redirect adds `?toast=<code>`, and the shell shows the matching
 * fixed text. Codes, not texts, travel in the URL, so nobody can make the app display their words.
 */
export const toasts = {
  "logged-in": { title: "Success", message: "Logged in successfully", tone: "success" },
  "signed-in": { title: "Success", message: "Successfully signed in", tone: "success" },
  "auth-failed": { title: "Error", message: "Failed to complete authentication", tone: "error" },
  "profile-updated": { title: "Success", message: "Profile updated successfully", tone: "success" },
  "signed-out-others": { title: "Success", message: "Signed out of all other devices", tone: "success" },
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
  "subscription-failed": { title: "Error", message: "Failed to update the subscription. Please try again.", tone: "error" },
} as const;

export type ToastCode = keyof typeof toasts;

export function toastFor(code: string | null) {
  return code && Object.hasOwn(toasts, code) ? toasts[code as ToastCode] : null;
}

/** Spec: toasts vanish after 1.5 s or on click. */
export const TOAST_MS = 1500;
