import { getCurrentUser } from "~/modules/auth/login-session.server";
import { z } from "zod";
import { errorResponse } from "~/modules/http/errors.server";
import { parseForm } from "~/modules/http/form.server";
import { cancelGeneration, jobForOwner } from "~/modules/media/jobs.server";
import type { Route } from "./+types/media.jobs";

/** The Cancel button's form. */
const cancelForm = z.object({ intent: z.literal("cancel", { error: "Unknown intent" }) });

const NOT_SIGNED_IN = { error: "Please sign in to continue." };

/** `GET /api/media/jobs/:jobId`: the person's own job, its state and results; anyone else's answers 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (!user) return Response.json(NOT_SIGNED_IN, { status: 401 });
  try {
    return Response.json(await jobForOwner(user.id, params.jobId), { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return errorResponse(error);
  }
}

/** `POST /api/media/jobs/:jobId` with `intent=cancel`: stops the person's own running job and gives its tokens back. */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await getCurrentUser(request);
  if (!user) return Response.json(NOT_SIGNED_IN, { status: 401 });
  try {
    await parseForm(request, cancelForm, { maxBytes: 4096, tooLarge: "Payload Too Large" });
    return Response.json(await cancelGeneration(user.id, params.jobId));
  } catch (error) {
    return errorResponse(error);
  }
}
