import Stripe from "stripe";
import { tokenTexts } from "~/lib/tokens";
import { env } from "~/modules/config/env.server";
import { AppError } from "~/modules/http/errors.server";

export { isPaymentsConfigured } from "~/modules/config/env.server";

/** A payment asked of a server without STRIPE_SECRET_KEY: the `payments-not-configured` toast. */
export class PaymentsNotConfiguredError extends AppError {
  constructor() {
    super("payments-not-configured", 503, tokenTexts.paymentsNotConfigured);
  }
}

let client: { key: string; apiUrl: string | undefined; stripe: Stripe } | undefined;

/**
 * The official SDK. STRIPE_API_URL points it elsewhere (the fake Stripe in tests); otherwise it
 * talks to api.stripe.com.
 */
export function stripe(): Stripe {
  const { STRIPE_SECRET_KEY: key, STRIPE_API_URL: apiUrl } = env();
  if (!key) throw new PaymentsNotConfiguredError();
  if (client?.key === key && client.apiUrl === apiUrl) return client.stripe;
  const endpoint = apiUrl ? new URL(apiUrl) : undefined;
  const instance = new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "CharacterVerse" },
    ...(endpoint && {
      host: endpoint.hostname,
      port: Number(endpoint.port || (endpoint.protocol === "https:" ? 443 : 80)),
      protocol: endpoint.protocol === "https:" ? "https" : "http",
    }),
  });
  client = { key, apiUrl, stripe: instance };
  return instance;
}

/** The webhook signing secret; without it the webhook refuses every event. */
export function webhookSecret() {
  return env().STRIPE_WEBHOOK_SECRET;
}

/**
 * Where a Buy or Subscribe form may lead (CSP form-action applies to the redirect after a form
 * post): Stripe's hosted checkout, or the configured API host (the fake Stripe in tests).
 */
export function stripeFormActionSources(config = env()) {
  if (!config.STRIPE_SECRET_KEY) return [];
  return [config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL).origin : "https://checkout.stripe.com"];
}
