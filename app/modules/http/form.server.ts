import type { z } from "zod";
import { fieldErrors } from "~/lib/forms";
import { AppError, InvalidInputError } from "./errors.server";

/**
 * The one form path (decision 037). A route reads and checks its form in one line:
 *
 *     const input = await parseForm(request, bannerForm, BANNER_FORM);
 *
 * The body is read within `maxBytes` (BodyTooLargeError with `tooLarge`, 413, when larger), its
 * fields are gathered by the schema's shape (a list field takes every value sent under its name,
 * any other the first; a file stays a File), and the schema's output is returned, typed. A form
 * the schema refuses throws InvalidFormError (400): its first problem as the text, each field's
 * own, and the text values as sent, so the page shows them again (`formFailure` in lib/forms).
 * Modules take the typed value, never FormData.
 */
export async function parseForm<Schema extends z.ZodType>(request: Request, schema: Schema, limit: FormLimit): Promise<z.output<Schema>> {
  return parseFormData(await readForm(request, limit), schema);
}

/** A form's size limit, and what a person reads when a form is larger (the form's own text where the spec has one). */
export type FormLimit = { maxBytes: number; tooLarge?: string };

/** The body as a form, within its limit: for the few routes that hand a form on whole (sign-in's strategy). */
export async function readForm(request: Request, { maxBytes, tooLarge }: FormLimit): Promise<FormData> {
  const form = await readFormWithin(request, maxBytes);
  if (!form) throw new BodyTooLargeError(tooLarge ?? "This form is too large.");
  return form;
}

/** `form` checked against `schema`, as parseForm does once the body is read. */
export function parseFormData<Schema extends z.ZodType>(form: FormData, schema: Schema): z.output<Schema> {
  const parsed = schema.safeParse(formValues(form, schema));
  if (parsed.success) return parsed.data;
  throw new InvalidFormError(parsed.error, sentValues(form));
}

/** A form its schema refused: 400 with each field's first problem and the text values as sent. */
export class InvalidFormError extends AppError {
  constructor(error: z.ZodError, values: Record<string, string | string[]>) {
    const fields = fieldErrors(error);
    const shown = Object.keys(values).length > 0 ? { values } : {};
    super("invalid-input", 400, Object.values(fields)[0] ?? "Please check the form", { details: { fields, ...shown } });
  }
}

/**
 * The form's fields as the schema reads them: for an object schema (or a union of them, told
 * apart by `intent`), each key of its shape from the form (every value for a list, else the
 * first; absent as undefined); for any other schema, every field's first value.
 */
export function formValues(form: FormData, schema: z.ZodType): Record<string, unknown> {
  const shape = shapeOf(schema);
  if (!shape) {
    const values: Record<string, unknown> = {};
    for (const [name, value] of form) if (!(name in values)) values[name] = value;
    return values;
  }
  const values: Record<string, unknown> = {};
  for (const [name, field] of shape) {
    if (field === "list") values[name] = form.getAll(name);
    else {
      const value = form.get(name);
      if (value !== null) values[name] = value;
    }
  }
  // A loose object (z.looseObject) also takes the fields it does not name, each its first value: a form whose names are numbered rows.
  if (shape.rest) for (const [name, value] of form) if (!shape.has(name) && !(name in values)) values[name] = value;
  return values;
}

type Shape = Map<string, "list" | "one"> & { rest?: boolean };

/** The fields an object schema (through optional, default, pipe and union wrappers) names, and which take a list. */
function shapeOf(schema: z.ZodType): Shape | null {
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      const shape: Shape = new Map();
      for (const [name, field] of Object.entries(def.shape as Record<string, z.ZodType>)) shape.set(name, isList(field) ? "list" : "one");
      shape.rest = def.catchall !== undefined && defOf(def.catchall as z.ZodType).type !== "never";
      return shape;
    }
    case "union": {
      const shape: Shape = new Map();
      for (const option of def.options as z.ZodType[]) {
        for (const [name, kind] of shapeOf(option) ?? []) if (shape.get(name) !== "list") shape.set(name, kind);
      }
      return shape.size > 0 ? shape : null;
    }
    case "pipe":
      return shapeOf(def.in as z.ZodType);
    default: {
      const inner = innerOf(def);
      return inner ? shapeOf(inner) : null;
    }
  }
}

function isList(field: z.ZodType): boolean {
  const def = defOf(field);
  if (def.type === "array") return true;
  if (def.type === "pipe") return isList(def.in as z.ZodType);
  const inner = innerOf(def);
  return inner ? isList(inner) : false;
}

type SchemaDef = { type: string; shape?: unknown; catchall?: unknown; options?: unknown; in?: unknown; innerType?: unknown; schema?: unknown };

function defOf(schema: z.ZodType): SchemaDef {
  return (schema as unknown as { _zod: { def: SchemaDef } })._zod.def;
}

/** The schema inside a wrapper (optional, nullable, default, catch, readonly, lazy...). */
function innerOf(def: SchemaDef): z.ZodType | null {
  const inner = def.innerType ?? (typeof def.schema === "object" ? def.schema : undefined);
  return inner ? (inner as z.ZodType) : null;
}

/** Fields whose values are never sent back into a page: passwords, API keys, a mailed link's token, a deletion's confirmation. */
const SECRET_FIELD = /password|api_?key|secret|^token$|^confirmation$/i;

/** The text values as sent (files and secrets left out), so a refused form shows them again. */
function sentValues(form: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || SECRET_FIELD.test(name)) continue;
    const before = values[name];
    values[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return values;
}

/** A body (a form, a webhook's payload) larger than its reader allows: 413, with what the person reads. */
export class BodyTooLargeError extends AppError {
  constructor(message = "Payload Too Large") {
    super("too-large", 413, message);
  }
}

/** A form that failed its schema, as the error its page shows: each field's first problem, and the first of all as the text. */
export function invalidForm(error: z.ZodError) {
  const fields = fieldErrors(error);
  return new InvalidInputError(Object.values(fields)[0] ?? "Please check the form", fields as Record<string, string>);
}

/** A body that is not a form (JSON, plain text) where a form is expected: 415. */
export class NotAFormError extends AppError {
  constructor() {
    super("not-a-form", 415, "Send this as a form (application/x-www-form-urlencoded or multipart/form-data).");
  }
}

/** A form that cannot be read (a multipart body cut short), or holds what no field can (a NUL character): 400. */
export class UnreadableFormError extends AppError {
  constructor(message: string) {
    super("unreadable-form", 400, message);
  }
}

/**
 * Reads a form body of at most `maxBytes`, or null when it is larger. The Content-Length header
 * refuses most oversized bodies before a byte is read; a body without one (chunked) is counted
 * as it arrives and dropped as soon as it passes the limit. Forms are buffered to be parsed, so
 * every action that takes files or free text reads its form through this, and gets only forms a
 * person could have sent: a body that is not a form (refused before it is read) or one that
 * cannot be read throws NotAFormError or UnreadableFormError, answered in their status through
 * any route (decision 015).
 */
export async function readFormWithin(request: Request, maxBytes: number): Promise<FormData | null> {
  const contentType = request.headers.get("content-type") ?? "";
  const urlEncoded = /^application\/x-www-form-urlencoded/i.test(contentType);
  // A post with nothing in it (a button alone) has no fields, whatever it says it is.
  if (!urlEncoded && !/^multipart\/form-data/i.test(contentType) && request.body && request.headers.get("content-length") !== "0") {
    throw new NotAFormError();
  }
  const bytes = await readBodyWithin(request, maxBytes);
  if (!bytes) return null;
  const form = bytes.length === 0 ? new FormData() : urlEncoded ? urlEncodedForm(bytes.toString("utf8")) : await multipartForm(bytes, contentType);
  refuseNul(form);
  refuseFilesInTextFields(form);
  return form;
}

/** The fields where the app's forms take files; every other field takes text. */
const FILE_FIELDS = new Set(["file", "avatar", "image", "card"]);

/** A file sent where text is expected is refused, rather than read as "[object File]". */
function refuseFilesInTextFields(form: FormData) {
  for (const [name, value] of form) {
    if (typeof value !== "string" && !FILE_FIELDS.has(name)) throw new UnreadableFormError(`The field "${name.slice(0, 40)}" takes text, not a file.`);
  }
}

async function multipartForm(bytes: Buffer<ArrayBuffer>, contentType: string) {
  try {
    return await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    throw new UnreadableFormError("This form could not be read: its multipart body is incomplete or malformed.");
  }
}

/**
 * PostgreSQL stores no NUL character in text, and no person types one: a form with one in a field
 * or a file's name is refused here, once, rather than failing whichever statement it reaches.
 */
function refuseNul(form: FormData) {
  for (const [, value] of form) {
    if ((typeof value === "string" ? value : value.name).includes("\0"))
      throw new UnreadableFormError("This form holds a NUL character, which no field can take.");
  }
}

/**
 * The raw body of at most `maxBytes`, byte for byte, or null when it is larger: refused on its
 * Content-Length before a byte is read, otherwise counted as it arrives and let go as soon as it
 * passes the limit, so an oversized body is never held whole.
 */
export async function readBodyWithin(request: Request, maxBytes: number): Promise<Buffer<ArrayBuffer> | null> {
  if (declaresMoreThan(request, maxBytes)) return null;
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    size += next.value.byteLength;
    if (size > maxBytes) {
      // Let go without cancelling: the server's adapter drops the rest once the answer is sent
      // (server/node-adapter.server.ts), and a body Node's own Request makes from a FormData still
      // pushes its parts after a cancel, which on Node 24 fails outside any caller.
      reader.releaseLock();
      return null;
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

/**
 * The FormData `Response.formData()` gives for an urlencoded body (it parses with URLSearchParams
 * too), without a Response built around the bytes first: a fifth of a millisecond less before a
 * reply's first word (bench/chat-stream).
 */
function urlEncodedForm(text: string) {
  const form = new FormData();
  for (const [name, value] of new URLSearchParams(text)) form.append(name, value);
  return form;
}

/** The body's Content-Length says it is larger than `maxBytes`: refusable before anything else is done for it. */
export function declaresMoreThan(request: Request, maxBytes: number) {
  return Number(request.headers.get("content-length") ?? 0) > maxBytes;
}
