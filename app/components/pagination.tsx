import { useT } from "~/lib/i18n/react";

import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

/** Numbered page links around the current page; plain links so they work without JavaScript. */
export function Pagination({ page, pageCount, hrefFor }: { page: number; pageCount: number; hrefFor: (page: number) => string }) {
  const t = useT();
  if (pageCount <= 1) return null;
  const first = Math.max(1, Math.min(page - 2, pageCount - 4));
  const pages = Array.from({ length: Math.min(5, pageCount) }, (_, offset) => first + offset);
  const item = "inline-flex min-w-10 items-center justify-center rounded-xl border border-line px-3 py-2 text-sm";
  return (
    <nav aria-label={t("common.pagination.label")} className="flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={`${item} hover:border-accent`} rel="prev">
          <ChevronLeft className="size-4" aria-hidden /> {t("common.pagination.previous")}
        </Link>
      ) : null}
      {pages.map((number) => (
        <Link
          key={number}
          to={hrefFor(number)}
          aria-current={number === page ? "page" : undefined}
          className={`${item} ${number === page ? "border-accent bg-accent-strong text-white" : "hover:border-accent"}`}
        >
          {number}
        </Link>
      ))}
      {page < pageCount ? (
        <Link to={hrefFor(page + 1)} className={`${item} hover:border-accent`} rel="next">
          {t("common.pagination.next")} <ChevronRight className="size-4" aria-hidden />
        </Link>
      ) : null}
    </nav>
  );
}
