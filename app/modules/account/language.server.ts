import type { Language } from "~/lib/i18n/languages";
import { prisma } from "~/modules/db/db.server";

/** The person's language: every page and every mail to them uses it, in any browser. */
export async function setPersonLanguage(userId: string, language: Language) {
  await prisma().user.update({ where: { id: userId }, data: { language } });
}

/** Whether characters are asked to answer in the person's language (on by default). */
export async function setReplyInLanguage(userId: string, replyInLanguage: boolean) {
  await prisma().user.update({ where: { id: userId }, data: { replyInLanguage } });
}
