import { formatTokens, tokenTexts } from "~/lib/tokens";
import { env } from "~/modules/config/env.server";
import { prisma } from "~/modules/db/db.server";
import { AppError } from "~/modules/http/errors.server";
import { RateLimitedError, recordAttempt, type RateLimitRule } from "~/modules/security/rate-limit.server";
import { stripe } from "./stripe.server";

export type TokenPackage = { id: string; name: string; tokens: number; priceCents: number; discount: number; isPopular: boolean };

export function listTokenPackages(): Promise<TokenPackage[]> {
  return prisma().tokenPackage.findMany({
    where: { isActive: true },
    orderBy: { seq: "asc" },
    select: { id: true, name: true, tokens: true, priceCents: true, discount: true, isPopular: true },
  });
}

/** No active token package has this id. */
export class UnknownPackageError extends AppError {
  constructor(packageId: string) {
    super("unknown-package", 400, "This token package is not available.", { details: { packageId } });
  }
}

/** More checkouts started than CHECKOUT_STARTS allows: the `too-many-checkouts` toast. */
export class TooManyCheckoutsError extends RateLimitedError {
  constructor(retryAfterSeconds: number) {
    super(tokenTexts.tooManyCheckouts, retryAfterSeconds, "too-many-checkouts");
  }
}

/** Each Checkout Session is a call to Stripe and a payment row: 20 an hour per person is plenty. */
export const CHECKOUT_STARTS: RateLimitRule = { limit: 20, windowSeconds: 3600 };

export async function countCheckoutStart(userId: string) {
  const { limited, retryAfterSeconds } = await recordAttempt(`checkout:user:${userId}`, CHECKOUT_STARTS);
  if (limited) throw new TooManyCheckoutsError(retryAfterSeconds);
}

/**
 * Where Stripe sends the browser back: the success page, with the session id Stripe fills in and
 * the page the purchase started from (`returnTo`, a path on this site that the caller has
 * checked), where the success page then leads; a cancel goes back to `cancelPath`.
 */
export function checkoutReturnUrls(cancelPath: string, returnTo?: string) {
  const back = returnTo ? `&${new URLSearchParams({ returnTo })}` : "";
  return {
    success_url: `${env().APP_URL}/payment/success?session_id={CHECKOUT_SESSION_ID}${back}`,
    cancel_url: `${env().APP_URL}${cancelPath}`,
  };
}

/**
 * Starts a Checkout Session for a token package. The price and the tokens come from our own
 * table, never from the browser; the pending payment row is written before the browser leaves,
 * so the webhook and the success page both find it. `returnTo` (a checked path) is where the
 * person goes after paying.
 */
export async function startTokenCheckout(user: { id: string; email: string }, packageId: string, returnTo?: string) {
  const tokenPackage = await prisma().tokenPackage.findFirst({ where: { id: packageId, isActive: true } });
  if (!tokenPackage) throw new UnknownPackageError(packageId);
  await countCheckoutStart(user.id);
  const session = await stripe().checkout.sessions.create({
    mode: "payment",
    customer_email: user.email,
    client_reference_id: user.id,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "usd",
          unit_amount: tokenPackage.priceCents,
          product_data: { name: `${tokenPackage.name} · ${formatTokens(tokenPackage.tokens)} tokens` },
        },
      },
    ],
    metadata: { userId: user.id, packageId: tokenPackage.id, kind: "token_package" },
    ...checkoutReturnUrls(returnTo ? `/dashboard/tokens?${new URLSearchParams({ returnTo })}` : "/dashboard/tokens", returnTo),
  });
  await prisma().payment.create({
    data: {
      userId: user.id,
      stripeSessionId: session.id,
      kind: "token_package",
      packageId: tokenPackage.id,
      tokens: tokenPackage.tokens,
      amountCents: tokenPackage.priceCents,
      currency: "usd",
    },
  });
  if (!session.url) throw new Error(`Stripe returned no URL for ${session.id}`);
  return session.url;
}
