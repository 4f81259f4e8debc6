import { reviewPath } from "~/lib/review-queue";
import { env } from "~/modules/config/env.server";
import { logger } from "~/modules/logging/logger.server";
import { sendMail } from "~/modules/mail/mailer.server";
import { addressesByLanguage, languageOfAddress } from "~/modules/mail/recipients.server";
import { characterReviewEmail, submissionWaitingEmail } from "~/modules/mail/templates";
import { supportAddresses } from "~/modules/support/notifications.server";

/**
 * The review's mail: the staff hear of a character waiting, the owner of the decision. Each goes
 * after its change is committed, and a failed mail is only logged: the change stands, and both
 * sides also see it on their pages (the console's Submitted list, /create).
 */

/** A character entered the queue: mailed where new support tickets go (SUPPORT_EMAIL, or every admin). */
export async function mailStaffAboutSubmission(character: { id: string; name: string; owner: string; edits: boolean }) {
  try {
    const to = await supportAddresses();
    if (to.length === 0) {
      logger.warn({ characterId: character.id }, "a submission was not mailed: no SUPPORT_EMAIL and no admin");
      return;
    }
    const appUrl = env().APP_URL;
    // In each reader's language: one mail per language among the addresses.
    for (const [lang, addresses] of await addressesByLanguage(to)) {
      await sendMail({ to: addresses.join(", "), ...submissionWaitingEmail({ ...character, link: `${appUrl}${reviewPath(character.id)}`, appUrl, lang }) });
    }
  } catch (error) {
    logger.error({ err: error, characterId: character.id }, "could not mail the staff about a submission");
  }
}

export async function mailOwnerAboutReview(to: string | undefined, name: string, outcome: { approved: boolean; characterId: string; reason?: string }) {
  if (!to) return;
  const appUrl = env().APP_URL;
  const link = outcome.approved ? `${appUrl}/explore?character=${outcome.characterId}` : `${appUrl}/create`;
  try {
    const lang = await languageOfAddress(to);
    await sendMail({ to, ...characterReviewEmail({ name, link, appUrl, approved: outcome.approved, reason: outcome.reason, lang }) });
  } catch (error) {
    logger.error({ err: error, characterId: outcome.characterId }, "could not mail a character's owner about its review");
  }
}
