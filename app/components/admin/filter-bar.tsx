import type { ReactNode } from "react";
import { Search } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import { useT } from "~/lib/i18n/react";

/**
 * An admin list's filters: a GET form, so the filters live in the URL and work without
 * JavaScript. Submitting starts again at page 1 (the page is not one of its fields). "Clear"
 * shows while any filter is set.
 */
export function FilterBar({ label, action, active, children }: { label: string; action: string; active: boolean; children: ReactNode }) {
  // Fields show the URL's values: a new query (a page link, "Clear") remounts them with it.
  const { search } = useLocation();
  const t = useT();
  return (
    <Form
      key={search}
      method="get"
      action={action}
      role="search"
      aria-label={label}
      className="card flex flex-col gap-3 p-4 @2xl:flex-row @2xl:flex-wrap @2xl:items-end"
    >
      {children}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary h-10">
          {t("admin.action.filter")}
        </button>
        {active ? (
          <Link to={action} className="btn-secondary h-10">
            {t("admin.action.clear")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/** A case-insensitive text filter. */
export function FilterSearch({ name, label, value, placeholder }: { name: string; label: string; value: string; placeholder?: string }) {
  return (
    <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm">
      <span className="text-muted">{label}</span>
      <span className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-faint" aria-hidden />
        <input type="search" name={name} defaultValue={value} placeholder={placeholder} maxLength={100} className="field h-10 pl-9" />
      </span>
    </label>
  );
}

/** A choice filter; the first option ("All …") sends an empty value, which means no filter. */
export function FilterSelect({
  name,
  label,
  value,
  allLabel,
  options,
}: {
  name: string;
  label: string;
  value: string;
  allLabel: string;
  options: { value: string; label: string }[];
}) {
  return (
    <label className="flex flex-col gap-1 text-sm @2xl:w-44">
      <span className="text-muted">{label}</span>
      <select name={name} defaultValue={value} className="field h-10">
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
