import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";

/** A labelled multi-line text with its error (or hint) under it. */
export function TextArea({
  label,
  name,
  defaultValue,
  error,
  hint,
  rows = 3,
  maxLength,
  required = false,
}: {
  label: string;
  name: string;
  defaultValue: string;
  error?: string;
  hint?: string;
  rows?: number;
  maxLength?: number;
  required?: boolean;
}) {
  const id = fieldId(name);
  return (
    <div className="flex flex-col gap-1.5">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <textarea
        id={id}
        name={name}
        defaultValue={defaultValue}
        rows={rows}
        maxLength={maxLength}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-note` : undefined}
        className="field resize-y"
      />
      <FieldNote id={`${id}-note`} error={error} hint={hint} />
    </div>
  );
}

/** A field's error, else its hint. */
export function FieldNote({ id, error, hint }: { id?: string; error?: string; hint?: string }) {
  if (error)
    return (
      <p id={id} className="text-sm text-danger">
        {error}
      </p>
    );
  if (hint)
    return (
      <p id={id} className="text-xs text-faint">
        {hint}
      </p>
    );
  return null;
}

/**
 * A field's label; a required field is marked with a star beside it (outside the label, so the
 * field's name stays its label), but not enforced by the browser: the server names every missing
 * one at once (spec section 5).
 */
export function FieldLabel({ htmlFor, required = false, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  return (
    <div className="flex items-baseline gap-1">
      <label htmlFor={htmlFor} className="text-sm font-medium">
        {children}
      </label>
      {required ? (
        <span className="text-sm text-danger" aria-hidden>
          *
        </span>
      ) : null}
    </div>
  );
}

/** One part of the form, titled. */
export function FormSection({ title, note, children }: { title: string; note?: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {note ? <p className="-mt-1 text-xs text-faint">{note}</p> : null}
      {children}
    </fieldset>
  );
}

/** An id for a field name such as `guide.send_me.category` (ids and names differ only by their dots). */
export const fieldId = (name: string) => `cf-${name.replace(/[^\w-]/g, "-")}`;

/**
 * A part of the form folded away until opened (a native `<details>`, so it opens without
 * JavaScript too); `open` unfolds it when it is first shown. Its fields are sent folded or not.
 */
export function FoldedSection({ title, summary, open, children }: { title: string; summary: string; open: boolean; children: ReactNode }) {
  return (
    <details open={open} className="group min-w-0 rounded-2xl border border-line">
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-3 rounded-2xl px-4 py-3 hover:bg-raised/50 [&::-webkit-details-marker]:hidden">
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="text-sm font-semibold">{title}</span>
          <span className="text-xs text-faint">{summary}</span>
        </span>
        <ChevronDown className="size-4 shrink-0 text-muted transition-transform group-open:rotate-180" aria-hidden />
      </summary>
      <div className="flex min-w-0 flex-col gap-3 border-t border-line p-4">{children}</div>
    </details>
  );
}
