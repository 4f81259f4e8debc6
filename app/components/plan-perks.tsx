import { Check, X } from "lucide-react";
import { useT } from "~/lib/i18n/react";
import type { PlanPerkLine } from "~/lib/plans";

/** A plan's perks, generated from its settings (by the server, in the reader's language): a tick for what it includes, struck through with a cross for what it does not. */
export function PlanPerkList({ perks, className }: { perks: PlanPerkLine[]; className: string }) {
  const t = useT();
  return (
    <ul className={className} aria-label={t("tokens.perks.label")}>
      {perks.map((perk) => (
        <li key={perk.text} className={`flex items-start gap-2 ${perk.enabled ? "" : "text-faint line-through"}`}>
          {perk.enabled ? (
            <Check className="size-4 shrink-0 text-success" aria-label={t("tokens.perks.included")} />
          ) : (
            <X className="size-4 shrink-0" aria-label={t("tokens.perks.notIncluded")} />
          )}
          {perk.text}
        </li>
      ))}
    </ul>
  );
}
