import { useLocation } from "react-router";
import { formatDayMonth } from "~/lib/dates";
import { useFormats, useLang, useT } from "~/lib/i18n/react";
import { FREE_MONTHLY_TOKENS, type OutOfTokensOffer } from "~/lib/tokens";

/**
 * What a person out of tokens can do, beneath the refusal (in chat and on /generate): claim this
 * month's free tokens, buy (only when the server takes payments), and otherwise when the next
 * free tokens come. Buy leads to the packages with the way back to this page (`returnTo`), so
 * a payment ends where it started.
 */
export function OutOfTokensOptions({ offer, className = "" }: { offer: OutOfTokensOffer; className?: string }) {
  const t = useT();
  const lang = useLang();
  const { number } = useFormats();
  const location = useLocation();
  const returnTo = `${location.pathname}${location.search}`;
  const links = offer.claimTokens || offer.buyTokens;
  return (
    <div className={`flex flex-col gap-1 ${className}`} data-testid="out-of-tokens">
      {offer.nextFreeTokens ? (
        <p>{t("tokens.nextFreeTokens", { amount: number(offer.nextFreeTokens.amount), date: formatDayMonth(offer.nextFreeTokens.date, lang) })}</p>
      ) : null}
      {links ? (
        <p className="flex flex-wrap gap-x-4 gap-y-1">
          {/* While this month's free tokens are unclaimed, claiming them comes first. */}
          {offer.claimTokens ? (
            <a href={offer.claimTokens} className="inline-flex min-h-6 items-center font-semibold underline">
              {t("tokens.claimOffer", { count: number(FREE_MONTHLY_TOKENS) })}
            </a>
          ) : null}
          {offer.buyTokens ? (
            <a href={`${offer.buyTokens}?${new URLSearchParams({ returnTo })}#buy`} className="inline-flex min-h-6 items-center font-semibold underline">
              {t("tokens.buyTokens")}
            </a>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
