import { Form, useNavigation } from "react-router";
import { ModalRoute } from "~/components/admin/modal-route";
import { FormAlert } from "~/components/ui/form";
import { SUBMISSIONS_PATH } from "~/lib/review-queue";
import { adminAction, editorLoader } from "~/modules/admin/console.server";
import type { AuditActor } from "~/modules/audit/audit.server";
import { approveSubmission, DECLINE_REASON_MAX, declineSubmission, getSubmission, submissionTexts } from "~/modules/catalogue/submissions.server";
import { errorData, isNotFound, redirectWithToast } from "~/modules/http/errors.server";
import type { Route } from "./+types/characters.review";

/** Where a review ends: the list of what is still waiting. */
const SUBMITTED = SUBMISSIONS_PATH;

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => ({
    character: await getSubmission(params.characterId),
    reasonMax: DECLINE_REASON_MAX,
    notWaiting: submissionTexts.notWaiting,
  }));
}

export async function action({ request, params }: Route.ActionArgs) {
  const decide = (run: (admin: AuditActor, form: FormData) => Promise<unknown>, toast: "character-approved" | "character-declined") => {
    return async (admin: AuditActor, form: FormData) => {
      try {
        await run(admin, form);
      } catch (error) {
        if (isNotFound(error)) return redirectWithToast(SUBMITTED, "review-not-waiting");
        return errorData(error);
      }
      return redirectWithToast(SUBMITTED, toast);
    };
  };
  return adminAction(request, {
    approve: decide((admin) => approveSubmission(admin, params.characterId), "character-approved"),
    decline: decide((admin, form) => declineSubmission(admin, params.characterId, form.get("reason")), "character-declined"),
  });
}

/** Decline asks for a reason (the owner reads it on /create and by mail); Approve is here too. Without JavaScript, a page. */
export default function ReviewCharacter({ loaderData, actionData }: Route.ComponentProps) {
  const { character, reasonMax, notWaiting } = loaderData;
  const busy = useNavigation().state === "submitting";
  const error = actionData && "error" in actionData ? String(actionData.error) : undefined;
  return (
    <ModalRoute title={`Review ${character.name}`} backTo={SUBMITTED}>
      <p className="text-sm text-muted">
        {character.hasPendingEdits ? "Edits to a published character" : "A new character"} by {character.ownerEmail ?? "a deleted account"}
      </p>
      <p className="text-sm break-words">{character.description}</p>
      {character.waiting ? (
        <>
          {error ? <FormAlert tone="error">{error}</FormAlert> : null}
          <Form method="post" className="flex flex-col gap-3">
            <label htmlFor="decline-reason" className="text-sm font-medium">
              Reason for declining
            </label>
            <textarea
              id="decline-reason"
              name="reason"
              rows={3}
              maxLength={reasonMax}
              className="field"
              aria-describedby="decline-reason-hint"
              aria-invalid={error ? true : undefined}
            />
            <p id="decline-reason-hint" className="text-xs text-faint">
              The owner reads it on their Create Character page and by e-mail.
            </p>
            <div className="flex flex-wrap justify-end gap-2">
              <button type="submit" name="intent" value="approve" className="btn-secondary" disabled={busy}>
                Approve
              </button>
              <button type="submit" name="intent" value="decline" className="btn-primary" disabled={busy}>
                Decline
              </button>
            </div>
          </Form>
        </>
      ) : (
        <FormAlert tone="error">{notWaiting}</FormAlert>
      )}
    </ModalRoute>
  );
}
