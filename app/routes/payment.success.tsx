import { CheckCircle2, XCircle } from "lucide-react";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { safeRedirectPath } from "~/lib/auth-forms";
import { pageMeta } from "~/lib/i18n/meta";
import { useFormats, useT } from "~/lib/i18n/react";
import { PAYMENT_REDIRECT_SECONDS, tokenTexts } from "~/lib/tokens";
import { requireUser } from "~/modules/auth/login-session.server";
import { errorResponse, isAppError, isNotFound } from "~/modules/http/errors.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import { logger } from "~/modules/logging/logger.server";
import { verifyCheckoutForUser } from "~/modules/payments/fulfilment.server";
import { isPaymentsConfigured } from "~/modules/payments/stripe.server";
import type { Route } from "./+types/payment.success";

const TOKENS_PAGE = "/dashboard/tokens";

/**
 * Spec: after 3 seconds the tokens page, also without JavaScript (a meta refresh); a purchase
 * started elsewhere (a chat out of tokens) goes back there instead.
 */
export function meta({ data, matches }: Route.MetaArgs) {
  const destination = data?.destination ?? TOKENS_PAGE;
  return [...pageMeta(matches, "tokens.payment.meta.title"), { httpEquiv: "refresh", content: `${PAYMENT_REDIRECT_SECONDS};url=${destination}` }];
}

type Outcome = ({ ok: true; tokens: number; kind: string } | { ok: false; error: string }) & { destination: string };

export async function loader({ request, url }: Route.LoaderArgs): Promise<Outcome> {
  const user = await requireUser(request, url);
  // Only a path on this site: a return address is never another origin.
  const destination = safeRedirectPath(url.searchParams.get("returnTo"), TOKENS_PAGE);
  const outcome = await verify(user.id, url.searchParams.get("session_id"));
  // The refusal is an English text of the server's: shown in the person's language.
  return { ...(outcome.ok ? outcome : { ...outcome, error: translateMessage(outcome.error) }), destination };
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
    if (isNotFound(error)) throw errorResponse(error);
    if (isAppError(error)) return { ok: false as const, error: error.message };
    logger.error({ err: error, sessionId }, "payment verification failed");
    return { ok: false as const, error: tokenTexts.processFailed };
  }
}

export default function PaymentSuccess({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { number } = useFormats();
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
          <h1 className="text-2xl font-bold">{t("tokens.payment.successTitle")}</h1>
          <p className="text-muted" role="status">
            {loaderData.kind === "token_package" ? t("tokens.paymentSucceeded") : t("tokens.payment.subscriptionActive")}
            {loaderData.kind === "token_package" && loaderData.tokens ? ` ${t("tokens.payment.tokenCount", { count: number(loaderData.tokens) })}` : null}
          </p>
        </>
      ) : (
        <>
          <XCircle className="size-14 text-danger" aria-hidden />
          <h1 className="text-2xl font-bold">{t("tokens.payment.failedTitle")}</h1>
          <p className="text-danger" role="alert">
            {loaderData.error}
          </p>
        </>
      )}
      <p className="text-sm text-muted">
        {backToTokens
          ? t("tokens.payment.redirectTokens", { seconds: PAYMENT_REDIRECT_SECONDS })
          : t("tokens.payment.redirectBack", { seconds: PAYMENT_REDIRECT_SECONDS })}
      </p>
      <Link to={destination} className="btn-secondary">
        {backToTokens ? t("tokens.payment.goTokens") : t("tokens.payment.goBack")}
      </Link>
    </div>
  );
}
