/**
 * The admins' queue of characters people submit for the catalogue (docs/characters.md): where it
 * is, and how its count reads in the admin menu and on the dashboard.
 */

/** The console's list of what waits for review (the characters list's "Submitted" status). */
export const SUBMISSIONS_PATH = "/admin/characters?published=submitted";

/** One submission's review (Approve, or Decline with a reason), over the list of submissions. */
export const reviewPath = (characterId: string) => `/admin/characters/${characterId}/review?published=submitted`;

/** Read after the count in the admin menu: "Characters 3 waiting for review". */
export const WAITING_FOR_REVIEW = "waiting for review";

export function waitingForReviewText(count: number) {
  if (count === 0) return "No characters waiting for review";
  return `${count.toLocaleString("en-US")} ${count === 1 ? "character" : "characters"} ${WAITING_FOR_REVIEW}`;
}
