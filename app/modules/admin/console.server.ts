import { data } from "react-router";
import type { z } from "zod";
import { fieldErrors } from "~/lib/forms";
import type { ToastCode } from "~/lib/toasts";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { AppError, errorData, redirectWithToast, saveFailureData } from "~/modules/http/errors.server";
import { BodyTooLargeError, readFormWithin } from "~/modules/http/form.server";
import type { AuditActor } from "~/modules/audit/audit.server";

type IntentHandler = (admin: AuditActor, form: FormData) => Promise<unknown>;

/** A form of buttons and a few short fields: what the console's lists and delete confirmations post. */
const SMALL_FORM_BYTES = 4096;

/** A console page's own small form (the users pages'), read within `maxBytes`; a larger one answers 413. */
export async function readConsoleForm(request: Request, maxBytes = 16 * 1024) {
  const form = await readFormWithin(request, maxBytes);
  if (!form) throw new BodyTooLargeError("This form is too large.");
  return form;
}

/**
 * An admin console action: the admin guard, a form of at most `maxBytes`, then the handler its
 * `intent` names. An oversized form answers 413 with `tooLarge`, an intent without a handler 400.
 */
export async function adminAction<Handlers extends Record<string, IntentHandler>>(
  request: Request,
  handlers: Handlers,
  { maxBytes = SMALL_FORM_BYTES, tooLarge = "This form is too large." }: { maxBytes?: number; tooLarge?: string } = {},
) {
  const admin = await requireAdmin(request);
  const form = await readFormWithin(request, maxBytes);
  if (!form) return data({ error: tooLarge }, { status: 413 });
  const intent = String(form.get("intent"));
  if (!Object.hasOwn(handlers, intent)) return data({ error: "Unknown action" }, { status: 400 });
  return handlers[intent](admin, form) as ReturnType<Handlers[keyof Handlers]>;
}

/**
 * The action of an editor route (add, edit or delete one record): `save` runs for the one
 * `intent` the editor posts; a refusal is shown in the editor, success goes back to the list
 * with a toast. `failed`: the spec's text for a save that failed for another reason than the
 * form (saveFailureData), shown in the editor in its place.
 */
export function editorAction(
  request: Request,
  editor: { intent: string; save: IntentHandler; done: [path: string, toast: ToastCode]; maxBytes?: number; tooLarge?: string; failed?: string },
) {
  const save = async (admin: AuditActor, form: FormData) => {
    try {
      await editor.save(admin, form);
    } catch (error) {
      return editor.failed ? saveFailureData(error, editor.failed) : errorData(error);
    }
    throw redirectWithToast(...editor.done);
  };
  return adminAction(request, { [editor.intent]: save }, editor);
}

/** The loader of an editor route: the admin guard, then `load`; a record that does not exist is the page's 404. */
export async function editorLoader<T>(request: Request, load: () => Promise<T>) {
  await requireAdmin(request);
  try {
    return await load();
  } catch (error) {
    throw errorData(error);
  }
}

/**
 * An editor's form values checked against its schema. A refusal carries the field errors and the
 * values as sent, so the editor shows them again; its text is the first field's problem, else `fallback`.
 */
export function parseEditorForm<Schema extends z.ZodType>(schema: Schema, values: Record<string, unknown>, fallback: string): z.output<Schema> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  const fields = fieldErrors(parsed.error);
  throw new AppError("invalid-input", 400, Object.values(fields)[0] ?? fallback, { details: { fields, values } });
}
