import { Check, X } from "lucide-react";

/** A plan's feature rows: a tick for what it includes, struck through with a cross for what it does not. */
export function PlanFeatureList({ features, className }: { features: { text: string; enabled: boolean }[]; className: string }) {
  return (
    <ul className={className}>
      {features.map((feature, index) => (
        <li key={index} className={`flex items-start gap-2 ${feature.enabled ? "" : "text-faint line-through"}`}>
          {feature.enabled ? (
            <Check className="size-4 shrink-0 text-success" aria-label="Included" />
          ) : (
            <X className="size-4 shrink-0" aria-label="Not included" />
          )}
          {feature.text}
        </li>
      ))}
    </ul>
  );
}
