import type { z } from "zod";

/**
 * The one form path, as the browser sees it. A route reads its form with `parseForm`
 * (modules/http/form.server.ts): a typed value, or one refusal of this shape, answered as action
 * data with status 400 (413 when the form is too large): the text shown above the fields, each
 * field's own error, and what was sent so the form shows it again.
 */
export type FieldErrors = Partial<Record<string, string>>;

export type FormFailure = {
  ok: false;
  error: string;
  code?: string;
  fields?: FieldErrors;
  values?: Record<string, unknown>;
};

/** Each field's first problem, by field name ("form" for a problem of the whole form). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The refusal an action answered with, or undefined when its data is anything else (a success, nothing yet). */
export function formFailure(actionData: unknown): FormFailure | undefined {
  if (typeof actionData !== "object" || actionData === null) return undefined;
  const candidate = actionData as Partial<FormFailure>;
  if (candidate.ok !== false && !(typeof candidate.error === "string" && ("fields" in candidate || "values" in candidate))) return undefined;
  return {
    ok: false,
    error: typeof candidate.error === "string" ? candidate.error : "",
    code: typeof candidate.code === "string" ? candidate.code : undefined,
    fields: typeof candidate.fields === "object" && candidate.fields !== null ? candidate.fields : undefined,
    values: typeof candidate.values === "object" && candidate.values !== null ? candidate.values : undefined,
  };
}

/**
 * What a form shows in its fields: `values` (a saved record's, or blank), with what was sent in its
 * place after a refusal. Only the keys `values` has, and only sent values of the same kind
 * (text for text, a list for a list, a switch for a switch), are taken.
 */
export function valuesShown<Values extends Record<string, unknown>>(failure: FormFailure | undefined, values: Values): Values {
  const sent = failure?.values;
  if (!sent) return values;
  const shown: Record<string, unknown> = { ...values };
  for (const key of Object.keys(values)) {
    const before = values[key];
    const after = sent[key];
    if (Array.isArray(before)) shown[key] = Array.isArray(after) ? after.map(String) : after === undefined ? [] : [String(after)];
    else if (typeof before === "boolean") shown[key] = after === true || after === "on" || after === "true";
    else if (typeof before === "number") shown[key] = after === undefined || after === "" ? before : Number(after);
    else if (after !== undefined) shown[key] = String(after);
  }
  return shown as Values;
}

/**
 * What a form page shows of its action's refusal: each field's error beside its field, any other
 * refusal above the fields.
 */
export function formRefusal(actionData: unknown): { fields: FieldErrors; formError?: string } {
  const failure = formFailure(actionData);
  if (!failure) return { fields: {} };
  return failure.fields ? { fields: failure.fields, formError: failure.fields.form } : { fields: {}, formError: failure.error };
}
