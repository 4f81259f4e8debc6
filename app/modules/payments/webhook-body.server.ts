import { BodyTooLargeError, readBodyWithin } from "~/modules/http/form.server";

/**
 * The largest webhook body read. Stripe's events carry one object and are a few KiB, tens at most
 * (a Checkout Session or an invoice with many lines); 1 MiB leaves a wide margin while keeping an
 * unsigned stranger from making the server buffer whatever they send before the signature check.
 */
export const WEBHOOK_BODY_MAX_BYTES = 1024 * 1024;

/** The webhook's raw body, byte for byte as the signature covers it; BodyTooLargeError when it is larger than `maxBytes`. */
export async function readWebhookBody(request: Request, maxBytes = WEBHOOK_BODY_MAX_BYTES): Promise<Buffer> {
  const body = await readBodyWithin(request, maxBytes);
  if (!body) throw new BodyTooLargeError();
  return body;
}
