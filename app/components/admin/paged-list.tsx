import { useLocation } from "react-router";
import { Pagination } from "~/components/pagination";
import { pageHref, rangeLabel } from "~/lib/admin-lists";
import type { TextId } from "~/lib/i18n/ids";
import { useFormats, useT } from "~/lib/i18n/react";

/**
 * A paged admin list's status line: "Showing 11–20 of 47 users". `noun` is the list's count text
 * by id (`{count, plural, one {# user} other {# users}}`).
 */
export function ListRange({ page, pageSize, total, noun }: { page: number; pageSize: number; total: number; noun: TextId }) {
  const t = useT();
  const { number } = useFormats();
  const range = rangeLabel({ page, pageSize, total });
  const counted = t(noun, { count: total });
  return (
    <p className="text-sm text-muted" role="status">
      {t(range.id, { first: number(range.first), last: number(range.last), noun: counted })}
    </p>
  );
}

/** A paged admin list's page links: the list's `path` (default: this page) with the current filters. */
export function ListPagination({ page, pageCount, path }: { page: number; pageCount: number; path?: string }) {
  const { pathname, search } = useLocation();
  return <Pagination page={page} pageCount={pageCount} hrefFor={(number) => pageHref(path ?? pathname, search, number)} />;
}
