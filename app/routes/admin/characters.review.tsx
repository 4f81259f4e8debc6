import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { ModalRoute } from "~/components/admin/modal-route";
import { FormAlert } from "~/components/ui/form";
import { useT } from "~/lib/i18n/react";
import { SUBMISSIONS_PATH } from "~/lib/review-queue";
import { approveSubmission, DECLINE_REASON_MAX, declineSubmission, getSubmission, submissionTexts } from "~/modules/catalogue/submissions.server";
import { errorData, isNotFound, redirectWithToast } from "~/modules/http/errors.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import { consoleAction, editorLoader } from "./+shared/console-action.server";
import type { Route } from "./+types/characters.review";

/** Where a review ends: the list of what is still waiting. */
const SUBMITTED = SUBMISSIONS_PATH;

export async function loader({ request, params }: Route.LoaderArgs) {
  return editorLoader(request, async () => ({
    character: await getSubmission(params.characterId),
    reasonMax: DECLINE_REASON_MAX,
    notWaiting: translateMessage(submissionTexts.notWaiting),
  }));
}

const reviewForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve") }),
  z.object({ intent: z.literal("decline"), reason: z.string().optional() }),
]);

export async function action({ request, params }: Route.ActionArgs) {
  return consoleAction(request, reviewForm, async (admin, input) => {
    try {
      if (input.intent === "approve") await approveSubmission(admin, params.characterId);
      else await declineSubmission(admin, params.characterId, input.reason);
    } catch (error) {
      if (isNotFound(error)) return redirectWithToast(SUBMITTED, "review-not-waiting");
      return errorData(error);
    }
    return redirectWithToast(SUBMITTED, input.intent === "approve" ? "character-approved" : "character-declined");
  });
}

export default function ReviewCharacter({ loaderData, actionData }: Route.ComponentProps) {
  const { character, reasonMax, notWaiting } = loaderData;
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const error = actionData && "error" in actionData ? String(actionData.error) : undefined;
  return (
    <ModalRoute title={t("catalogue.characters.review.title", { name: character.name })} backTo={SUBMITTED}>
      <p className="text-sm text-muted">
        {t(character.hasPendingEdits ? "catalogue.characters.review.edits" : "catalogue.characters.review.new", {
          owner: character.ownerEmail ?? t("catalogue.characters.review.deletedAccount"),
        })}
      </p>
      <p className="text-sm break-words">{character.description}</p>
      {character.waiting ? (
        <>
          {error ? <FormAlert tone="error">{error}</FormAlert> : null}
          <Form method="post" className="flex flex-col gap-3">
            <label htmlFor="decline-reason" className="text-sm font-medium">
              {t("catalogue.characters.review.reason")}
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
              {t("catalogue.characters.review.reasonHint")}
            </p>
            <div className="flex flex-wrap justify-end gap-2">
              <button type="submit" name="intent" value="approve" className="btn-secondary" disabled={busy}>
                {t("catalogue.characters.review.approve")}
              </button>
              <button type="submit" name="intent" value="decline" className="btn-primary" disabled={busy}>
                {t("catalogue.characters.review.decline")}
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
