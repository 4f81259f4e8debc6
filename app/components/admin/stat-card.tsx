import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useFormats } from "~/lib/i18n/react";

/** One figure of the admin console: a label, the value and an optional line of detail. */
export function StatCard({ label, value, detail, icon: Icon }: { label: string; value: ReactNode; detail?: ReactNode; icon?: LucideIcon }) {
  const { number } = useFormats();
  return (
    <div className="card flex min-w-0 flex-col gap-1 p-4 wrap-break-word">
      <p className="flex items-center gap-2 text-sm text-muted">
        {Icon ? <Icon className="size-4 shrink-0" aria-hidden /> : null}
        {label}
      </p>
      <p className="text-2xl font-semibold">{typeof value === "number" ? number(value) : value}</p>
      {detail ? <p className="text-xs text-faint">{detail}</p> : null}
    </div>
  );
}

/** A row of stat cards that wraps by the page's width (two on a phone, up to four wide). */
export function StatGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section aria-label={label} className="grid grid-cols-2 gap-3 @2xl:grid-cols-4">
      {children}
    </section>
  );
}
