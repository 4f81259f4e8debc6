import { redirect } from "react-router";
import { z } from "zod";
import { safeRedirectPath } from "~/lib/auth-forms";
import { CARD_FILE_MAX_BYTES, cardErrorKey, cardTexts } from "~/lib/cards";
import { getCurrentUser } from "~/modules/auth/login-session.server";
import { importCard } from "~/modules/cards/cards.server";
import { isAppError, type AppError } from "~/modules/http/errors.server";
import { parseForm } from "~/modules/http/form.server";
import type { Route } from "./+types/characters.import";

/** Room for the form's other fields and the multipart framing around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** The card file, its category, and how to answer (a script's `answer=data`, or back to `redirectTo`). */
const importForm = z.object({
  card: z
    .unknown()
    .optional()
    .transform((value) => (value instanceof File ? value : null)),
  categoryId: z.string().nullable().default(null),
  answer: z.string().optional(),
  redirectTo: z.string().optional(),
});

/** Where a page's import form comes back to, with `?imported=<id>` or `?cardError=<key>` (and `cardField`, the field a card that does not fit names). */
function back(path: string, params: Record<string, string>) {
  const url = new URL(path, "http://x");
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.pathname + url.search;
}

/** A refusal as a plain form's redirect carries it: keys, never texts, travel in a URL. */
function refusalParams(error: AppError): Record<string, string> {
  const key = cardErrorKey(error.message);
  if (key === "badCard" && error.message.startsWith(cardTexts.doesNotFit) && typeof error.details.field === "string")
    return { cardError: "doesNotFit", cardField: error.details.field };
  return { cardError: key };
}

/**
 * POST multipart (card: a PNG or .json file; categoryId; redirectTo; answer=data from a script):
 * imports a character card as a new character of the person's own, not published. A script gets
 * { ok, characterId } or { ok: false, error } with the reason; a plain form is sent back to
 * `redirectTo` with the new character's id or the reason's key. Nothing is written for a card
 * that is refused.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  if (!user) return Response.json({ ok: false, error: "Sign in to import a character card" }, { status: 401 });
  let form: z.output<typeof importForm>;
  try {
    form = await parseForm(request, importForm, { maxBytes: CARD_FILE_MAX_BYTES + FORM_OVERHEAD_BYTES, tooLarge: cardTexts.fileTooLarge });
  } catch (error) {
    if (isAppError(error)) return Response.json({ ok: false, error: error.message }, { status: error.status });
    throw error;
  }
  const answer = form.answer === "data";
  const returnTo = safeRedirectPath(form.redirectTo, "/create");
  try {
    const characterId = await importCard(user.id, form.card, { categoryId: form.categoryId });
    return answer ? Response.json({ ok: true, characterId }, { status: 201 }) : redirect(back(returnTo, { imported: characterId }));
  } catch (error) {
    // A refusal (the card, its picture, its size, too many imports) is the person's to read; anything else is a fault.
    if (!isAppError(error) || error.status >= 500) throw error;
    if (answer) return Response.json({ ok: false, error: error.message }, { status: error.status, headers: error.headers });
    return redirect(back(returnTo, refusalParams(error)));
  }
}
