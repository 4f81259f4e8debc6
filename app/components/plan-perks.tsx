import { Check, X } from "lucide-react";
import type { PlanPerkLine } from "~/lib/plans";

/** A plan's perks, generated from its settings: a tick for what it includes, struck through with a cross for what it does not. */
export function PlanPerkList({ perks, className }: { perks: PlanPerkLine[]; className: string }) {
  return (
    <ul className={className} aria-label="What the plan includes">
      {perks.map((perk) => (
        <li key={perk.text} className={`flex items-start gap-2 ${perk.enabled ? "" : "text-faint line-through"}`}>
          {perk.enabled ? (
            <Check className="size-4 shrink-0 text-success" aria-label="Included" />
          ) : (
            <X className="size-4 shrink-0" aria-label="Not included" />
          )}
          {perk.text}
        </li>
      ))}
    </ul>
  );
}
