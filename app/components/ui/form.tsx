import type { ReactNode } from "react";

/** A labelled input with its error (or, without one, its hint) under it, tied to it for screen readers. */
export function FormField({
  label,
  name,
  type = "text",
  error,
  hint,
  ...input
}: {
  label: string;
  name: string;
  type?: string;
  error?: string;
  hint?: string;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const describedBy = error ? `${name}-error` : hint ? `${name}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={name} className="text-sm font-medium">
        {label}
      </label>
      <input id={name} name={name} type={type} className="field h-11" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error ? (
        <p id={`${name}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : hint ? (
        <p id={`${name}-hint`} className="text-xs text-faint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A form-wide message above the fields: an error is announced at once, a success politely. */
export function FormAlert({ tone, children }: { tone: "error" | "success"; children: ReactNode }) {
  return (
    <p
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-xl border px-3 py-2 text-sm ${tone === "error" ? "border-danger/40 bg-danger/10 text-danger" : "border-success/40 bg-success/10 text-success"}`}
    >
      {children}
    </p>
  );
}

/** A labelled multi-line text with its error (or hint) under it. */
export function TextAreaField({
  label,
  name,
  id = name,
  defaultValue,
  error,
  hint,
  rows = 3,
  maxLength,
  required = false,
}: {
  label: string;
  name: string;
  /** The textarea's id, when a form keeps its ids apart from the field names (the character form's `cf-`). */
  id?: string;
  defaultValue: string;
  error?: string;
  hint?: string;
  rows?: number;
  maxLength?: number;
  required?: boolean;
}) {
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
