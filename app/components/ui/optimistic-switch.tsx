import type { ReactNode } from "react";
import { useFetcher } from "react-router";

/** How a switch looks where it stands: the console's lists, or a gallery item. */
const LOOKS = {
  console: { width: "w-11", on: "border-accent bg-accent", off: "border-line bg-raised", knobOn: "translate-x-6" },
  gallery: { width: "w-10", on: "border-accent bg-accent-strong", off: "border-faint bg-raised", knobOn: "translate-x-5" },
} as const;

/**
 * An on/off switch that is a POST form: the hidden `fields` (an intent and the record), then
 * `field` with the state it asks for, so it works without JavaScript and repeating it changes
 * nothing. With JavaScript it posts through a fetcher and shows the asked-for state at once.
 * `children` (a visible label) follow the button.
 */
export function OptimisticSwitch({
  action,
  className,
  fields,
  field,
  checked,
  returnTo,
  look,
  id,
  label,
  describedBy,
  children,
}: {
  action?: string;
  className: string;
  fields: Record<string, string>;
  /** the form field that carries the wanted state */
  field: string;
  checked: boolean;
  /** where the answer comes back to without JavaScript */
  returnTo?: string;
  look: keyof typeof LOOKS;
  id?: string;
  label?: string;
  describedBy?: string;
  children?: ReactNode;
}) {
  const fetcher = useFetcher();
  const wanted = fetcher.formData?.get(field);
  const on = typeof wanted === "string" ? wanted === "true" : checked;
  const { width, ...colours } = LOOKS[look];
  return (
    <fetcher.Form method="post" action={action} className={className}>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name={field} value={String(!on)} />
      {returnTo === undefined ? null : <input type="hidden" name="returnTo" value={returnTo} />}
      <button
        id={id}
        type="submit"
        role="switch"
        aria-checked={on}
        aria-label={label}
        aria-describedby={describedBy}
        className={`relative inline-flex h-6 ${width} shrink-0 items-center rounded-full border transition ${on ? colours.on : colours.off}`}
      >
        <span className={`inline-block size-4 rounded-full bg-white shadow transition ${on ? colours.knobOn : "translate-x-1"}`} />
      </button>
      {children}
    </fetcher.Form>
  );
}
