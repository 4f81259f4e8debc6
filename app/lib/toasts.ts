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
} as const;

export type ToastCode = keyof typeof toasts;

export function toastFor(code: string | null) {
  return code && Object.hasOwn(toasts, code) ? toasts[code as ToastCode] : null;
}

/** Spec: toasts vanish after 1.5 s or on click. */
export const TOAST_MS = 1500;
