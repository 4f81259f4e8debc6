import { z } from "zod";

/**
 * A checkbox as a form sends it: "on" when ticked, nothing when not. Parsed, a boolean; a boolean
 * given as such (a record's own values) is taken as it is.
 */
export const checkbox = () =>
  z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === "on");

const isChosen = (value: unknown): value is File => value instanceof File && value.size > 0;

/** The file a file field sent, or undefined when none was chosen (an empty file input sends an empty file). */
export const chosenFile = () =>
  z
    .unknown()
    .transform((value) => (isChosen(value) ? value : undefined))
    .optional();

/** The file a file field must send: without one, the form is refused with `message`. */
export const requiredFile = (message: string) =>
  z.unknown().transform((value, context) => {
    if (isChosen(value)) return value;
    context.addIssue({ code: "custom", message });
    return z.NEVER;
  });

/** A text field a form left out reads as blank, as a browser sends an empty one. */
export const blank = <Schema extends z.ZodType>(schema: Schema) => z.preprocess((value) => value ?? "", schema);
