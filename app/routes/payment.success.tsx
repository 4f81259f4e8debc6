import { CheckCircle2, XCircle } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { safeRedirectPath } from "~/lib/auth-forms";
import { formatTokens, PAYMENT_REDIRECT_SECONDS, tokenTexts } from "~/lib/tokens";
import { requireUser } from "~/modules/auth/login-session.server";
import { isAppError, isNotFound } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { verifyCheckoutForUser } from "~/modules/payments/fulfilment.server";
import { isPaymentsConfigured } from "~/modules/payments/stripe.server";
import type { Route } from "./+types/payment.success";

const TOKENS_PAGE = "/dashboard/tokens";

/**
 * Spec: after 3 seconds the tokens page, also without JavaScript (a meta refresh); a purchase
 * started elsewhere (a chat out of tokens) goes back there instead.
 */
export function meta({ data }: Route.MetaArgs) {
  const destination = data?.destination ?? TOKENS_PAGE;
  return [{ title: "Payment · CharacterVerse" }, { httpEquiv: "refresh", content: `${PAYMENT_REDIRECT_SECONDS};url=${destination}` }];
}

type Outcome = ({ ok: true; tokens: number; kind: string } | { ok: false; error: string }) & { destination: string };

export async function loader({ request, url }: Route.LoaderArgs): Promise<Outcome> {
  const user = await requireUser(request, url);
  // Only a path on this site: a return address is never another origin.
  const destination = safeRedirectPath(url.searchParams.get("returnTo"), TOKENS_PAGE);
  return { ...(await verify(user.id, url.searchParams.get("session_id"))), destination };
}

async function verify(userId: string, sessionId: string | null) {
  if (!sessionId) return { ok: false as const, error: tokenTexts.noSessionId };
  if (!isPaymentsConfigured()) return { ok: false as const, error: tokenTexts.verifyFailed };
  try {
    const result = await verifyCheckoutForUser(userId, sessionId);
    if (result.status === "unpaid" || result.status === "unknown") return { ok: false as const, error: tokenTexts.verifyFailed };
    return { ok: true as const, tokens: result.tokens, kind: result.kind };
  } catch (error) {
    // Someone else's checkout does not exist for this person; an unknown id is the spec's failed verification.
    if (isNotFound(error)) throw error;
    if (isAppError(error)) return { ok: false as const, error: error.message };
    logger.error({ err: error, sessionId }, "payment verification failed");
    return { ok: false as const, error: tokenTexts.processFailed };
  }
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { destination } = loaderData;
  const backToTokens = destination === TOKENS_PAGE;
  useEffect(() => {
    const timer = setTimeout(() => navigate(destination, { replace: true }), PAYMENT_REDIRECT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [navigate, destination]);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-20 text-center">
      {loaderData.ok ? (
        <>
          <CheckCircle2 className="size-14 text-success" aria-hidden />
          <h1 className="text-2xl font-bold">Payment Successful</h1>
          <p className="text-muted" role="status">
            {loaderData.kind === "token_package" ? tokenTexts.paymentSucceeded : "Your subscription is active."}
            {loaderData.kind === "token_package" && loaderData.tokens ? ` (${formatTokens(loaderData.tokens)} tokens)` : null}
          </p>
        </>
      ) : (
        <>
          <XCircle className="size-14 text-danger" aria-hidden />
          <h1 className="text-2xl font-bold">Payment not confirmed</h1>
          <p className="text-danger" role="alert">
            {loaderData.error}
          </p>
        </>
      )}
      <p className="text-sm text-muted">
        {backToTokens ? "Taking you to your tokens" : "Taking you back to where you were"} in {PAYMENT_REDIRECT_SECONDS} seconds…
      </p>
      <Link to={destination} className="btn-secondary">
        {backToTokens ? "Go to tokens now" : "Go back now"}
      </Link>
    </div>
  );
}
