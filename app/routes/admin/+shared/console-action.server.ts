import { data } from "react-router";
import { z } from "zod";
import { adminUserTexts } from "~/lib/admin-users";
import type { ToastCode } from "~/lib/toasts";
import type { AuditActor } from "~/modules/audit/audit.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { errorData, isNotFound, redirectWithToast, saveFailureData } from "~/modules/http/errors.server";
import { BodyTooLargeError, InvalidFormError, parseForm, type FormLimit } from "~/modules/http/form.server";
import { translateMessage } from "~/modules/i18n/messages.server";

/** A form of buttons and a few short fields: what the console's lists and delete confirmations post. */
export const SMALL_FORM: FormLimit = { maxBytes: 4096, tooLarge: "This form is too large." };
/** The users pages' forms: an invitation's address and name, a grant's reason. */
export const USERS_FORM: FormLimit = { maxBytes: 16 * 1024, tooLarge: "This form is too large." };

/** A console form says what it asks by its `intent`: one literal, or a discriminated union of forms told apart by it. */
type IntentForm = z.ZodType<{ intent: string }>;

/**
 * A console page's action: the admin guard, then its form read within `limit` and checked by
 * `schema`, handed to `handle` typed. A form over the limit answers 413 with the limit's text, an
 * intent the schema does not know 400 "Unknown action"; any other refusal answers `refused()` (a
 * list's toast) when given, else the refusal itself (400 with its fields and the values sent).
 */
export async function consoleAction<Schema extends IntentForm, Result>(
  request: Request,
  schema: Schema,
  handle: (admin: AuditActor, input: z.output<Schema>) => Promise<Result>,
  { limit = SMALL_FORM, refused, oversized = "answer" }: ConsoleFormOptions = {},
) {
  const admin = await requireAdmin(request);
  let input: z.output<Schema>;
  try {
    input = await parseForm(request, schema, limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError && oversized === "throw") throw error;
    return formRefusal(error, refused);
  }
  return handle(admin, input);
}

type ConsoleFormOptions = {
  limit?: FormLimit;
  /** What a form the schema refuses answers (a list's toast, a page's own text), when not the refusal itself. */
  refused?: (refusal: InvalidFormError) => Response | ReturnType<typeof data>;
  /** A form over its limit: answered as the page's action data (an editor shows it), or thrown to the request pipeline (413). */
  oversized?: "answer" | "throw";
};

function formRefusal(error: unknown, refused: ConsoleFormOptions["refused"]) {
  if (error instanceof BodyTooLargeError) return errorData(error);
  if (!(error instanceof InvalidFormError)) throw error;
  if (error.details.fields && (error.details.fields as Record<string, string>).intent) {
    return data({ ok: false as const, error: translateMessage(adminUserTexts.unknownIntent), fields: {} }, { status: 400 });
  }
  if (refused) return refused(error);
  return errorData(error);
}

/** The intent a refused form was sent with. */
export function sentIntent(refusal: InvalidFormError): string {
  const values = refusal.details.values as Record<string, unknown> | undefined;
  return String(values?.intent ?? "");
}

/**
 * The action of an editor route (add, edit or delete one record): its form checked by `schema`
 * (whose `intent` is the one the editor posts), then `save`. A refusal is shown in the editor,
 * success goes back to the list with a toast. `failed`: the spec's text for a save that failed for
 * another reason than the form (saveFailureData), shown in the editor in its place.
 */
export function editorAction<Schema extends IntentForm>(
  request: Request,
  schema: Schema,
  editor: {
    save: (admin: AuditActor, input: Omit<z.output<Schema>, "intent">) => Promise<unknown>;
    done: [path: string, toast: ToastCode];
    limit?: FormLimit;
    failed?: string;
  },
) {
  const save = async (admin: AuditActor, input: z.output<Schema>) => {
    try {
      await editor.save(admin, withoutIntent(input));
    } catch (error) {
      return editor.failed ? saveFailureData(error, editor.failed) : errorData(error);
    }
    throw redirectWithToast(...editor.done);
  };
  return consoleAction(request, schema, save, { limit: editor.limit });
}

/** The form's fields but its `intent`, as a module takes them. */
function withoutIntent<Input extends { intent: string }>(input: Input): Omit<Input, "intent"> {
  const fields: Partial<Input> = { ...input };
  delete fields.intent;
  return fields as Omit<Input, "intent">;
}

/** A change to one listed record: a record gone meanwhile (deleted in another tab) goes back to `back` with the `gone` toast. */
export async function unlessGone<T>(back: string, gone: ToastCode, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    if (isNotFound(error)) throw redirectWithToast(back, gone);
    throw error;
  }
}

/** A change from a console page: back to `path` with `toast` when done, or its refusal answered in place (errorData). */
export async function changeWithToast(change: () => Promise<unknown>, path: string, toast: ToastCode) {
  try {
    await change();
  } catch (error) {
    return errorData(error);
  }
  return redirectWithToast(path, toast);
}

/** The loader of an editor route: the admin guard, then `load`; a record that does not exist is the page's 404. */
export async function editorLoader<T>(request: Request, load: (admin: AuditActor) => Promise<T>) {
  const admin = await requireAdmin(request);
  try {
    return await load(admin);
  } catch (error) {
    throw errorData(error);
  }
}

/** What a delete confirmation posts. */
export const deleteForm = z.object({ intent: z.literal("delete") });

/** A record's id as a list's buttons post it. */
export const recordId = z.string().min(1).max(64);

/** The state a switch (PublishSwitch) asks for. */
export const wantedState = z.enum(["true", "false"]).transform((value) => value === "true");

/** What a list's Published switch posts: the record and the state it asks for. */
export const publishForm = <Intent extends string>(intent: Intent) => z.object({ intent: z.literal(intent), id: recordId, published: wantedState });
