import { z } from "zod";
import { listOf, readWith, recordOf } from "./reading";

/**
 * The options of a character-detail definition (spec sections 2 and 3): each a plain text, or
 * an object of texts with the same keys as the first option (a name among them).
 */
export type DetailOption = string | Record<string, string>;

export const detailOptionTexts = {
  notList: "Options must be a list",
  option: "An option must be a text or an object of texts",
  empty: "An option cannot be empty",
  name: "An option of fields needs a name",
  sameKeys: (keys: string[]) => `Each option must have the same fields as the first one: ${keys.join(", ")}`,
} as const;

const detailOptionsReading = listOf(
  z.union([
    z.string(),
    z
      .record(z.string(), z.unknown())
      .pipe(recordOf(z.string()))
      .refine((option) => Object.keys(option).length > 0),
  ]),
);

/** Reads stored options: an option that is neither a text nor an object of texts is left out, and so is an object's entry that is not a text. Never throws. */
export function parseDetailOptions(value: unknown): DetailOption[] {
  return readWith(detailOptionsReading, value, () => []);
}

const sameKeys = (option: Record<string, string>, keys: string[]) => {
  const own = Object.keys(option);
  return own.length === keys.length && keys.every((key) => own.includes(key));
};

/** What is written as a definition's options (the admin console's detail editor, the seed). */
export const detailOptionsSchema = z
  .array(
    z.union([z.string().trim().min(1, detailOptionTexts.empty), z.record(z.string(), z.string().trim())], detailOptionTexts.option),
    detailOptionTexts.notList,
  )
  .superRefine((options, context) => {
    const first = options.find((option) => typeof option === "object");
    if (!first) return;
    const keys = Object.keys(first);
    options.forEach((option, index) => {
      if (typeof option !== "object") return;
      if (!option.name) context.addIssue({ code: "custom", path: [index, "name"], message: detailOptionTexts.name });
      else if (!sameKeys(option, keys)) context.addIssue({ code: "custom", path: [index], message: detailOptionTexts.sameKeys(keys) });
    });
  });
