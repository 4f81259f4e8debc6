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

/**
 * "Showing 11–20 of 47 users" for a list page, as the text's id and its values (numbers already
 * formatted in the page's language; `noun` is the list's noun for `total`, from its plural text).
 */
export function rangeLabel({ page, pageSize, total }: { page: number; pageSize: number; total: number }): {
  id: "admin.range.total" | "admin.range.beyond" | "admin.range.showing";
  first: number;
  last: number;
} {
  if (total === 0) return { id: "admin.range.total", first: 0, last: 0 };
  if ((page - 1) * pageSize >= total) return { id: "admin.range.beyond", first: 0, last: 0 };
  const first = Math.min(total, (page - 1) * pageSize + 1);
  const last = Math.min(total, page * pageSize);
  return { id: "admin.range.showing", first, last };
}

/** A share of a total as a whole percentage ("33%"); 0 of 0 is 0%. */
export function percentOf(count: number, total: number) {
  return total === 0 ? 0 : Math.round((count / total) * 100);
}
