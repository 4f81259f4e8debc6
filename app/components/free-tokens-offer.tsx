import { Gift } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { useFormats, useT } from "~/lib/i18n/react";
import { FREE_MONTHLY_TOKENS } from "~/lib/tokens";

/** Where the claim is answered: the tokens page's claim intent, which comes back to `returnTo` with its toast. */
const CLAIM_ACTION = "/dashboard/tokens";

/**
 * This month's free tokens, offered where a person lands while the claim is open (a new account
 * has its first made by the confirmation, so this is for the months after): one
 * plain form, so one tap claims them with JavaScript off too.
 */
export function FreeTokensOffer({ returnTo }: { returnTo: string }) {
  const t = useT();
  const { number } = useFormats();
  const count = number(FREE_MONTHLY_TOKENS);
  const navigation = useNavigation();
  const claiming = navigation.formAction === CLAIM_ACTION && navigation.formData?.get("intent") === "claim";
  return (
    <section aria-labelledby="free-tokens-offer" className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <Gift className="size-8 shrink-0 text-accent" aria-hidden />
      <div className="min-w-0 flex-1">
        <h2 id="free-tokens-offer" className="font-semibold">
          {t("tokens.claimOffer", { count })}
        </h2>
        <p className="text-sm text-muted">{t("tokens.claimOfferNote")}</p>
      </div>
      <Form method="post" action={CLAIM_ACTION}>
        <input type="hidden" name="intent" value="claim" />
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" className="btn-primary w-full sm:w-auto" disabled={claiming}>
          {claiming ? t("tokens.claiming") : t("tokens.claimButton", { count })}
        </button>
      </Form>
    </section>
  );
}
