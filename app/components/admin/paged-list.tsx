import { useLocation } from "react-router";
import { Pagination } from "~/components/pagination";
import { pageHref, rangeLabel } from "~/lib/admin-lists";

/** A paged admin list's status line: "Showing 11–20 of 47 users", the noun in the singular for one. */
export function ListRange({ page, pageSize, total, noun }: { page: number; pageSize: number; total: number; noun: [one: string, many: string] }) {
  return (
    <p className="text-sm text-muted" role="status">
      {rangeLabel({ page, pageSize, total, noun: total === 1 ? noun[0] : noun[1] })}
    </p>
  );
}

/** A paged admin list's page links: the list's `path` (default: this page) with the current filters. */
export function ListPagination({ page, pageCount, path }: { page: number; pageCount: number; path?: string }) {
  const { pathname, search } = useLocation();
  return <Pagination page={page} pageCount={pageCount} hrefFor={(number) => pageHref(path ?? pathname, search, number)} />;
}
