import type { ReactNode } from "react";
import { OutlineIcon } from "./ui/outline-icon";

export type FaqItem = {
  question: string;
  answer: ReactNode;
};

/**
 * Native <details> elements: they open and close without JavaScript, and
 * without a shared `name` attribute any number of them can be open at once.
 */
export function FaqAccordion({ items }: { items: FaqItem[] }) {
  return (
    <div className="space-y-3">
      {items.map((item) => (
        <details key={item.question} className="group card transition-colors open:border-accent/60">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-2xl px-5 py-4 font-medium text-ink hover:text-accent [&::-webkit-details-marker]:hidden">
            <span>{item.question}</span>
            <OutlineIcon className="size-5 shrink-0 text-muted transition-transform group-open:rotate-180">
              <path d="M6 9l6 6 6-6" />
            </OutlineIcon>
          </summary>
          <div className="space-y-3 px-5 pb-5 text-sm leading-relaxed text-muted">{item.answer}</div>
        </details>
      ))}
    </div>
  );
}
