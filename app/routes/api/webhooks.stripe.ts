import { errorResponse, NotFoundError } from "~/modules/http/errors.server";
import { handleStripeWebhook } from "~/modules/payments/fulfilment.server";
import { isPaymentsConfigured } from "~/modules/payments/stripe.server";
import { readWebhookBody } from "~/modules/payments/webhook-body.server";
import type { Route } from "./+types/webhooks.stripe";

/**
 * Stripe's webhook. The signature is checked over the raw body, so the body is read as bytes
 * (at most WEBHOOK_BODY_MAX_BYTES; more is answered 413 unparsed) and parsed only by the SDK.
 * Exempt from the same-origin check (Stripe is not a browser); the signature is the authentication.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
  try {
    if (!isPaymentsConfigured()) throw new NotFoundError("Payments are not configured");
    const result = await handleStripeWebhook(await readWebhookBody(request), request.headers.get("stripe-signature"));
    return Response.json({ received: true, ...result });
  } catch (error) {
    return errorResponse(error);
  }
}
