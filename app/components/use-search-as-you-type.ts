import { useEffect, useRef, type FormEvent } from "react";
import { useSubmit } from "react-router";

/** The list is asked for once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A plain GET search form that, with JavaScript, also submits itself once typing pauses
 * (Explore's search and the chat list's). Spread `formProps` on the `<Form method="get">` and
 * give its input `ref={searchInput}`: the input follows the URL's `query` (back button, another
 * link) but never overwrites what the person is typing.
 */
export function useSearchAsYouType(query: string) {
  const submit = useSubmit();
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  const searchInput = useRef<HTMLInputElement>(null);
  useEffect(() => () => clearTimeout(debounce.current), []);
  useEffect(() => {
    const input = searchInput.current;
    if (input && document.activeElement !== input) input.value = query;
  }, [query]);
  const formProps = {
    onChange(event: FormEvent<HTMLFormElement>) {
      const form = event.currentTarget;
      clearTimeout(debounce.current);
      debounce.current = setTimeout(() => submit(form, { replace: true, preventScrollReset: true }), SEARCH_DEBOUNCE_MS);
    },
    onSubmit() {
      clearTimeout(debounce.current);
    },
  };
  return { searchInput, formProps };
}
