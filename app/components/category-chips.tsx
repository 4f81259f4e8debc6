import { useT } from "~/lib/i18n/react";
import { Link } from "react-router";
import type { CategorySummary } from "~/lib/catalogue";
import { CategoryIcon } from "./category-icon";

/** "All" plus one chip per category; each is a plain link so it works without JavaScript. */
export function CategoryChips({
  categories,
  activeId,
  hrefFor,
  className = "",
}: {
  categories: CategorySummary[];
  activeId: number | null;
  hrefFor: (categoryId: number | null) => string;
  className?: string;
}) {
  const t = useT();
  const chip = (active: boolean) =>
    `inline-flex shrink-0 items-center gap-1.5 rounded-full px-4 py-1.5 text-sm font-medium transition ${
      active ? "bg-accent-strong text-white" : "border border-line bg-raised text-muted hover:text-ink"
    }`;
  return (
    <nav aria-label={t("common.categories.filter")} className={`flex gap-2 overflow-x-auto pb-1 ${className}`}>
      <Link to={hrefFor(null)} className={chip(activeId === null)} aria-current={activeId === null ? "page" : undefined} preventScrollReset>
        {t("common.categories.all")}
      </Link>
      {categories.map((category) => (
        <Link
          key={category.id}
          to={hrefFor(category.id)}
          className={chip(activeId === category.id)}
          aria-current={activeId === category.id ? "page" : undefined}
          preventScrollReset
        >
          <CategoryIcon name={category.name} className="size-4" />
          {category.name}
        </Link>
      ))}
    </nav>
  );
}
