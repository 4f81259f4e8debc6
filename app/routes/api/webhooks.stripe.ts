import { handleStripeWebhook, InvalidSignatureError } from "~/modules/payments/fulfilment.server";
import { isPaymentsConfigured } from "~/modules/payments/stripe.server";
import type { Route } from "./+types/webhooks.stripe";

/**
 * Stripe's webhook. The signature is checked over the raw body, so the body is read as text and
 * parsed only by the SDK. Exempt from the same-origin check (Stripe is not a browser); the
 * signature is the authentication.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
  if (!isPaymentsConfigured()) return new Response("Payments are not configured", { status: 404 });
  try {
    const result = await handleStripeWebhook(await request.text(), request.headers.get("stripe-signature"));
    return Response.json({ received: true, ...result });
  } catch (error) {
    if (error instanceof InvalidSignatureError) return new Response("Invalid signature", { status: 400 });
    throw error;
  }
}
