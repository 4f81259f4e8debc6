import type { ReactNode } from "react";

/** What every field shows around its control: a label, and under it its error or else its hint. */
type FieldTexts = {
  label: string;
  name: string;
  error?: string;
  hint?: ReactNode;
};

/** A labelled input with its error (or, without one, its hint) under it, tied to it for screen readers. */
export function FormField({
  label,
  name,
  type = "text",
  error,
  hint,
  ...input
}: FieldTexts & {
  type?: string;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const describedBy = error ? `${name}-error` : hint ? `${name}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={name} className="text-sm font-medium">
        {label}
      </label>
      <input id={name} name={name} type={type} className="field h-11" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      <FieldNote id={describedBy} error={error} hint={hint} />
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
}: FieldTexts & {
  /** The textarea's id, when a form keeps its ids apart from the field names (the character form's `cf-`). */
  id?: string;
  defaultValue: string;
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
export function FieldNote({ id, error, hint }: { id?: string; error?: string; hint?: ReactNode }) {
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

/** A labelled choice from a list, with its error (or hint) under it. */
export function SelectField({
  label,
  name,
  defaultValue,
  options,
  error,
  hint,
  required,
  onChange,
}: FieldTexts & {
  defaultValue: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  onChange?: (value: string) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <FieldLabel htmlFor={name}>{label}</FieldLabel>
      <select
        id={name}
        name={name}
        defaultValue={defaultValue}
        required={required}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${name}-note` : undefined}
        className="field h-11"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldNote id={`${name}-note`} error={error} hint={hint} />
    </div>
  );
}

/** A ticked-or-not setting (Popular, Active, Published), its label beside the box. */
export function CheckboxField({ name, checked, className = "", children }: { name: string; checked: boolean; className?: string; children: ReactNode }) {
  return (
    <label className={`flex items-center gap-2 text-sm ${className}`.trimEnd()}>
      <input type="checkbox" name={name} defaultChecked={checked} className="size-4 accent-accent" /> {children}
    </label>
  );
}

/** A labelled file input with its error (or hint) under it; `children` (the current picture) show between the label and the input. */
export function FileField({
  label,
  name,
  accept,
  required = false,
  error,
  hint,
  children,
}: FieldTexts & {
  accept?: string;
  required?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={name} className="text-sm font-medium">
        {label}
      </label>
      {children}
      <input
        id={name}
        name={name}
        type="file"
        accept={accept}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${name}-note` : undefined}
        className="w-full min-w-0 text-sm text-muted file:mr-3 file:rounded-full file:border-0 file:bg-raised file:px-3 file:py-1.5 file:text-ink"
      />
      <FieldNote id={`${name}-note`} error={error} hint={hint} />
    </div>
  );
}
