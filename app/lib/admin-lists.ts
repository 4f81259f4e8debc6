import { z } from "zod";

/**
 * Admin lists keep their state in the URL (GET-form filters, page links), so they work without
 * JavaScript and a filtered page can be bookmarked or shared.
 */

/** A list's page number as its URL carries it (?page=); anything unreadable is page 1. */
export const listPage = z.coerce.number().int().min(1).max(100_000).catch(1);

/** `pathname` with the current query and another page; page 1 is implied. */
export function pageHref(pathname: string, search: URLSearchParams | string, page: number) {
  const params = new URLSearchParams(search);
  params.delete("toast");
  if (page > 1) params.set("page", String(page));
  else params.delete("page");
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** "Showing 11–20 of 47 users" for a list page. */
export function rangeLabel({ page, pageSize, total, noun }: { page: number; pageSize: number; total: number; noun: string }) {
  if (total === 0) return `0 ${noun}`;
  if ((page - 1) * pageSize >= total) return `${total.toLocaleString("en-US")} ${noun}, none on this page`;
  const first = Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  return `Showing ${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} ${noun}`;
}

/** A share of a total as a whole percentage ("33%"); 0 of 0 is 0%. */
export function percentOf(count: number, total: number) {
  return total === 0 ? 0 : Math.round((count / total) * 100);
}
