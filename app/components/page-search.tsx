import { Search } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { Form } from "react-router";
import type { useSearchAsYouType } from "./use-search-as-you-type";

/**
 * A page's own search box (Explore, Favorites, chat search): a plain GET form sending `q`, with the
 * page's other filters as hidden inputs (`children`) and a submit button for screen readers. With
 * `searchAsYouType` (useSearchAsYouType) it also submits itself once typing pauses.
 */
export function PageSearch({
  query,
  label,
  placeholder,
  submitLabel,
  maxLength = 100,
  searchAsYouType,
  children,
}: {
  query: string;
  label: string;
  placeholder: string;
  submitLabel: string;
  maxLength?: number;
  searchAsYouType?: ReturnType<typeof useSearchAsYouType>;
  children?: ReactNode;
}) {
  const input: Ref<HTMLInputElement> | undefined = searchAsYouType?.searchInput;
  return (
    <Form method="get" role="search" className="relative" {...searchAsYouType?.formProps}>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-faint" aria-hidden />
      <input
        type="search"
        name="q"
        ref={input}
        defaultValue={query}
        placeholder={placeholder}
        aria-label={label}
        className="field h-11 pl-10"
        maxLength={maxLength}
      />
      {children}
      <button type="submit" className="sr-only">
        {submitLabel}
      </button>
    </Form>
  );
}
