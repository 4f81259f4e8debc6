import { errorResponse } from "~/modules/http/errors.server";
import { handleFalWebhook } from "~/modules/media/fal-webhook.server";
import { readWebhookBody } from "~/modules/payments/webhook-body.server";
import type { Route } from "./+types/webhooks.fal";

/**
 * fal's webhook: a request has finished. The signature is checked over the raw body; a valid call
 * finishes its job here and now, with the result fetched from fal. Exempt from the same-origin check
 * (fal is not a browser); the signature is the authentication.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
  try {
    return Response.json(await handleFalWebhook(request.headers, await readWebhookBody(request), new URL(request.url)));
  } catch (error) {
    return errorResponse(error);
  }
}
