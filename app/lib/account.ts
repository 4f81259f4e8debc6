import type { TextId } from "~/lib/i18n/ids";

/** The account's own settings (password, data download, deletion): texts shared by the server and the pages. */

export const accountTexts = {
  currentPasswordRequired: "Please enter your current password",
  currentPasswordWrong: "The current password is not correct",
  noPassword: "You sign in with Google, so this account has no password. To add one, use Forgot password: we e-mail you a link to set it.",
  passwordChanged: "Your password has been changed. Your other devices are signed out.",
  passwordRequired: "Please enter your password",
  passwordWrong: "The password is not correct",
  emailRequired: "Please type your e-mail address",
  emailMismatch: "Type this account's e-mail address exactly as shown above",
  adminAccount: "An admin account cannot be deleted. Ask another admin to remove your admin role first.",
  subscriptionNotEnded: "We could not cancel your subscription with the payment provider, so nothing was deleted. Please try again shortly.",
  accountDeleted: "Your account and your data have been deleted.",
  tooManyDownloads: "You have downloaded your data several times in the last hour. Please try again later.",
} as const;

/** The refusal once too many wrong passwords were typed into the account's forms. */
export function tooManyPasswordChecks(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  // Two whole sentences, so each is found in the catalogue by its English text.
  return minutes === 1 ? "Too many wrong passwords. Please try again in 1 minute." : `Too many wrong passwords. Please try again in ${minutes} minutes.`;
}

/** What deleting an account removes, and what it keeps: the delete page lists them, docs/accounts.md explains them. */
export const deletionEffects = {
  removed: [
    "dashboard.deleteAccount.removed.chats",
    "dashboard.deleteAccount.removed.uploads",
    "dashboard.deleteAccount.removed.generated",
    "dashboard.deleteAccount.removed.favorites",
    "dashboard.deleteAccount.removed.characters",
    "dashboard.deleteAccount.removed.tickets",
    "dashboard.deleteAccount.removed.profile",
  ],
  kept: ["dashboard.deleteAccount.kept.published", "dashboard.deleteAccount.kept.records", "dashboard.deleteAccount.kept.subscription"],
} as const satisfies Record<string, readonly TextId[]>;

/** How a deleted account is named wherever it is credited (a published character's creator). */
export const DELETED_ACCOUNT_LABEL = "Deleted account";

/** A subscription's status (Stripe's words) as the dashboard names it; another status shows as it is. */
export const subscriptionStatusTexts: Partial<Record<string, TextId>> = {
  active: "dashboard.subscriptionStatus.active",
  trialing: "dashboard.subscriptionStatus.trialing",
  past_due: "dashboard.subscriptionStatus.pastDue",
  unpaid: "dashboard.subscriptionStatus.unpaid",
  canceled: "dashboard.subscriptionStatus.canceled",
  incomplete: "dashboard.subscriptionStatus.incomplete",
  incomplete_expired: "dashboard.subscriptionStatus.incompleteExpired",
  paused: "dashboard.subscriptionStatus.paused",
};
