import { useFetcher } from "react-router";

/**
 * A published (or active) switch in an admin list: a POST form with an `intent`, the record's id
 * and the state it asks for, so it works without JavaScript and repeating it changes nothing.
 * With JavaScript it posts through a fetcher and shows the new state at once.
 */
export function PublishSwitch({
  intent,
  id,
  checked,
  label,
  field = "published",
}: {
  intent: string;
  id: string;
  checked: boolean;
  /** e.g. "Published: Summer sale" */
  label: string;
  /** the form field that carries the wanted state */
  field?: string;
}) {
  const fetcher = useFetcher();
  const wanted = fetcher.formData?.get(field);
  const on = wanted === undefined || wanted === null ? checked : wanted === "true";
  return (
    <fetcher.Form method="post" className="inline-flex">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name={field} value={String(!on)} />
      <button
        type="submit"
        role="switch"
        aria-checked={on}
        aria-label={label}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border transition ${on ? "border-accent bg-accent" : "border-line bg-raised"}`}
      >
        <span className={`inline-block size-4 rounded-full bg-white shadow transition ${on ? "translate-x-6" : "translate-x-1"}`} />
      </button>
    </fetcher.Form>
  );
}
