import { format } from "date-fns";
import type { Language } from "./i18n/languages";

/**
 * The spec's date formats, in one place. English keeps the spec's exact patterns; another
 * language gets the same parts in its own order and words, through Intl.
 */
const intl = (lang: Language, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(lang, options);

export const formatDate = (value: string | Date, lang: Language = "en") =>
  lang === "en" ? format(new Date(value), "MMM d, yyyy") : intl(lang, { year: "numeric", month: "short", day: "numeric" }).format(new Date(value));

export const formatDateTime = (value: string | Date, lang: Language = "en") =>
  lang === "en"
    ? format(new Date(value), "MMM d, yyyy h:mm a")
    : intl(lang, { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" }).format(new Date(value));

/** Session list times: the time today, otherwise the date. */
export const formatChatTime = (value: string | Date, lang: Language = "en") => {
  const date = new Date(value);
  const today = date.toDateString() === new Date().toDateString();
  if (lang === "en") return today ? format(date, "h:mm a") : format(date, "MMM d");
  return intl(lang, today ? { hour: "numeric", minute: "2-digit" } : { month: "short", day: "numeric" }).format(date);
};

/** A calendar day ("2026-12-01") as "1 December", built from its parts so no time zone can move the day. */
export const formatDayMonth = (day: string, lang: Language = "en") => {
  const [year, month, date] = day.split("-").map(Number);
  const local = new Date(year!, month! - 1, date!);
  return lang === "en" ? format(local, "d MMMM") : intl(lang, { month: "long", day: "numeric" }).format(local);
};
