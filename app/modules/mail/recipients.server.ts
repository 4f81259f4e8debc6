import type { Language } from "~/lib/i18n/languages";
import { prisma } from "~/modules/db/db.server";
import { recipientLanguage } from "./templates";

/**
 * Mail goes out in its recipient's language: the account's (users.language) for an address that
 * has one, else English (a support address no account has, an account that never chose).
 */
export async function languageOfAddress(email: string): Promise<Language> {
  const user = await prisma().user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { language: true } });
  return recipientLanguage(user?.language);
}

/**
 * Addresses grouped by their language, each group in the order given: one mail per language, so
 * when everyone reads the same language (as usual) the staff still get one mail together.
 */
export async function addressesByLanguage(addresses: string[]): Promise<[Language, string[]][]> {
  const users = await prisma().user.findMany({
    where: { email: { in: addresses.map((address) => address.trim().toLowerCase()) } },
    select: { email: true, language: true },
  });
  const languages = new Map(users.map((user) => [user.email, recipientLanguage(user.language)]));
  const groups = new Map<Language, string[]>();
  for (const address of addresses) {
    const lang = languages.get(address.trim().toLowerCase()) ?? recipientLanguage(null);
    groups.set(lang, [...(groups.get(lang) ?? []), address]);
  }
  return [...groups.entries()];
}
