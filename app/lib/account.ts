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
  return `Too many wrong passwords. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/** What deleting an account removes, and what it keeps: the delete page lists them, docs/accounts.md explains them. */
export const deletionEffects = {
  removed: [
    "Your chats and every message in them",
    "Your uploads (My Media) and chat attachments",
    "The pictures, videos and sounds you generated",
    "Your favorites and your own copies of characters",
    "Characters you made that are not published",
    "Your support tickets and their replies",
    "Your name, e-mail address, picture and password, and every device you are signed in on",
  ],
  kept: [
    "Characters of yours that are published stay in the catalogue, credited to “Deleted account”.",
    "Token and payment records stay for the accounts, without your name or e-mail address.",
    "A subscription still running is cancelled at once.",
  ],
} as const;

/** How a deleted account is named wherever it is credited (a published character's creator). */
export const DELETED_ACCOUNT_LABEL = "Deleted account";
