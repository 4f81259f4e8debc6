import { CheckCircle2, XCircle } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { formatTokens, PAYMENT_REDIRECT_SECONDS, tokenTexts } from "~/lib/tokens";
import { requireUser } from "~/modules/auth/login-session.server";
import { isAppError, NotFoundError } from "~/modules/http/errors.server";
import { logger } from "~/modules/logging/logger.server";
import { verifyCheckoutForUser } from "~/modules/payments/fulfilment.server";
import { isPaymentsConfigured } from "~/modules/payments/stripe.server";
import type { Route } from "./+types/payment.success";

const TOKENS_PAGE = "/dashboard/tokens";

/** Spec: after 3 seconds the tokens page, also without JavaScript (a meta refresh). */
export function meta() {
  return [{ title: "Payment · CharacterVerse" }, { httpEquiv: "refresh", content: `${PAYMENT_REDIRECT_SECONDS};url=${TOKENS_PAGE}` }];
}

type Outcome = { ok: true; tokens: number; kind: string } | { ok: false; error: string };

export async function loader({ request, url }: Route.LoaderArgs): Promise<Outcome> {
  const user = await requireUser(request, url);
  const sessionId = url.searchParams.get("session_id");
  if (!sessionId) return { ok: false, error: tokenTexts.noSessionId };
  if (!isPaymentsConfigured()) return { ok: false, error: tokenTexts.verifyFailed };
  try {
    const result = await verifyCheckoutForUser(user.id, sessionId);
    if (result.status === "unpaid" || result.status === "unknown") return { ok: false, error: tokenTexts.verifyFailed };
    return { ok: true, tokens: result.tokens, kind: result.kind };
  } catch (error) {
    // Someone else's checkout does not exist for this person; an unknown id is the spec's failed verification.
    if (error instanceof NotFoundError) throw new Response("Not Found", { status: 404 });
    if (isAppError(error)) return { ok: false, error: error.message };
    logger.error({ err: error, sessionId }, "payment verification failed");
    return { ok: false, error: tokenTexts.processFailed };
  }
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(TOKENS_PAGE, { replace: true }), PAYMENT_REDIRECT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [navigate]);
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
      <p className="text-sm text-muted">Taking you to your tokens in {PAYMENT_REDIRECT_SECONDS} seconds…</p>
      <Link to={TOKENS_PAGE} className="btn-secondary">
        Go to tokens now
      </Link>
    </div>
  );
}
