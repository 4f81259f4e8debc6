import { data, redirect } from "react-router";
import { toastFor, withToast, type ToastCode } from "~/lib/toasts";
import { translateMessage } from "~/modules/i18n/messages.server";
import { logger } from "~/modules/logging/logger.server";

/**
 * The application's one error type: a machine-readable code, the HTTP status it answers with and
 * the text a person reads. Domain errors extend it and modules throw them; a route turns any of
 * them into a response in one line (`errorResponse` for resource routes, `errorData` for page
 * actions, `redirectWithToast` for a toast). Modules never build HTTP responses themselves.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  /** Extra fields the response carries beside `error` (e.g. `buyTokens`, field errors). */
  readonly details: Record<string, unknown>;
  /** Response headers (e.g. `Retry-After`). */
  readonly headers: Record<string, string>;

  constructor(
    code: string,
    status: number,
    message: string,
    options: { details?: Record<string, unknown>; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.status = status;
    this.details = options.details ?? {};
    this.headers = options.headers ?? {};
  }
}

/** Something that does not exist for this person (someone else's record included): 404. */
export class NotFoundError extends AppError {
  constructor(what = "Not Found") {
    super("not-found", 404, what);
  }
}

/** Something this person may see but not do (a mode their plan leaves out): 403. */
export class ForbiddenError extends AppError {
  constructor(message = "Forbidden", code = "forbidden") {
    super(code, 403, message);
  }
}

/** Whether `error` says the thing asked for does not exist for this person: the one test for a 404 (every 404 is a NotFoundError). */
export function isNotFound(error: unknown): error is NotFoundError {
  return error instanceof NotFoundError;
}

/** Input that breaks a rule, with the person-facing text (and field errors when a form has them): 400. */
export class InvalidInputError extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super("invalid-input", 400, message, fields ? { details: { fields } } : {});
  }
}

/** How long a person is asked to wait while the database cannot be reached (Retry-After, seconds). */
export const DATABASE_RETRY_SECONDS = 5;
export const DATABASE_UNAVAILABLE_TEXT = "CharacterVerse cannot reach its database for a moment. Please try again shortly.";

/** The database cannot be reached (down, restarting, out of connections): 503 with Retry-After, not a 500. */
export class DatabaseUnavailableError extends AppError {
  constructor(cause: unknown) {
    super("database-unavailable", 503, DATABASE_UNAVAILABLE_TEXT, { headers: { "Retry-After": String(DATABASE_RETRY_SECONDS) }, cause });
  }
}

/** Driver adapter error kinds (Prisma) and codes (Node, PostgreSQL, Prisma) that say the database cannot be reached now. */
const UNREACHABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
  "P1001",
  "P1002",
  "P1017",
  "P2024",
]);

/** Whether `error` (or what caused it) says the database cannot be reached, rather than a query being wrong. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; typeof cause === "object" && cause !== null && depth < 5; depth += 1) {
    const { code, meta, message } = cause as { code?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: unknown } } }; message?: unknown };
    if (typeof code === "string" && UNREACHABLE_CODES.has(code)) return true;
    const kind = meta?.driverAdapterError?.cause?.kind;
    if (typeof kind === "string" && UNREACHABLE_KINDS.has(kind)) return true;
    if (typeof message === "string" && /Connection terminated|Can't reach database server/.test(message)) return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** The JSON body an app error answers with: `{ error, code, ...details }`, its texts in the request's language. */
export function errorBody(error: AppError) {
  const { fields, ...details } = error.details;
  const translated = isTextRecord(fields) ? { fields: Object.fromEntries(Object.entries(fields).map(([name, text]) => [name, translateMessage(text)])) } : {};
  return { error: translateMessage(error.message), code: error.code, ...details, ...(fields === undefined ? {} : { fields }), ...translated };
}

function isTextRecord(value: unknown): value is Record<string, string> {
  return typeof value === "object" && value !== null && Object.values(value).every((entry) => typeof entry === "string");
}

/**
 * For a resource route: the app error as a JSON response with its status and headers. Anything
 * that is not an app error is a bug and is thrown on (React Router answers 500 and logs it).
 */
export function errorResponse(error: unknown): Response {
  if (!isAppError(error)) throw error;
  return Response.json(errorBody(error), { status: error.status, headers: error.headers });
}

/**
 * For a page action: the app error as action data `{ ok: false, error, code, ...details }` with its
 * status. A 404 is thrown instead, so the page's error boundary shows "not found".
 */
export function errorData(error: unknown) {
  if (!isAppError(error)) throw error;
  if (error.status === 404) throw data("Not Found", { status: 404 });
  return data({ ok: false as const, ...errorBody(error) }, { status: error.status, headers: error.headers });
}

/**
 * errorData for a save the spec gives a text of its own for failing ("Failed to update banner"):
 * an app error (the form refused, the record gone) is answered as errorData answers it; any other
 * failure is a fault, logged, and answered 500 with `failed`. A database out of reach (and a
 * response thrown on purpose) goes on to the request pipeline, which answers 503.
 */
export function saveFailureData(error: unknown, failed: string) {
  if (isAppError(error) || isDatabaseUnreachable(error) || error instanceof Response) return errorData(error);
  logger.error({ err: error }, "a save failed");
  return data({ ok: false as const, error: translateMessage(failed), code: "save-failed" }, { status: 500 });
}

/** Throws a 404 unless `condition` holds: a guard clause in one line. */
export function ensureFound<T>(value: T | null | undefined | false, what?: string): asserts value {
  if (!value) throw new NotFoundError(what);
}

/** A redirect that shows one of the fixed toasts (lib/toasts) on the page it leads to. */
export function redirectWithToast(path: string, code: ToastCode, init?: ResponseInit) {
  return redirect(withToast(path, code), init);
}

/**
 * The toast for an action that failed with `error`: an app error's own code when a toast has that
 * code (`too-many-checkouts`), else `fallback`. Anything that is not an app error is a fault, and
 * is logged here, since the person only sees the toast.
 */
export function failureToast(error: unknown, fallback: ToastCode): ToastCode {
  if (!isAppError(error)) {
    logger.error({ err: error, toast: fallback }, "an action failed");
    return fallback;
  }
  return toastFor(error.code) ? (error.code as ToastCode) : fallback;
}
