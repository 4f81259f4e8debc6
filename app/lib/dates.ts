import { format } from "date-fns";

/** The spec's two date formats, in one place. */
export const formatDate = (value: string | Date) => format(new Date(value), "MMM d, yyyy");
export const formatDateTime = (value: string | Date) => format(new Date(value), "MMM d, yyyy h:mm a");
/** Session list times: the time today, otherwise the date. */
export const formatChatTime = (value: string | Date) => {
  const date = new Date(value);
  return date.toDateString() === new Date().toDateString() ? format(date, "h:mm a") : format(date, "MMM d");
};
/** A calendar day ("2026-12-01") as "1 December", built from its parts so no time zone can move the day. */
export const formatDayMonth = (day: string) => {
  const [year, month, date] = day.split("-").map(Number);
  return format(new Date(year!, month! - 1, date!), "d MMMM");
};
