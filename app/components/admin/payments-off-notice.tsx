import { CreditCard } from "lucide-react";
import { useT } from "~/lib/i18n/react";

/** The console's word that this server takes no payments, and the settings that turn them on. */
export function PaymentsOffNotice({ settings }: { settings: string[] }) {
  const t = useT();
  return (
    <section aria-labelledby="payments-off-heading" className="card flex items-start gap-3 border-warning/60 px-4 py-3" data-testid="payments-off">
      <CreditCard className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
      <div className="flex min-w-0 flex-col gap-1 text-sm">
        <h2 id="payments-off-heading" className="font-semibold">
          {t("admin.paymentsOff.title")}
        </h2>
        <p className="text-muted">{t("admin.paymentsOff.detail")}</p>
        <p className="text-muted">
          {t("admin.paymentsOff.howTo")}{" "}
          {settings.map((name, index) => (
            <span key={name}>
              {index > 0 ? t("admin.paymentsOff.and") : null}
              <code className="rounded bg-raised px-1 py-0.5 text-xs break-all text-ink">{name}</code>
            </span>
          ))}
          {t("admin.paymentsOff.end")}
        </p>
      </div>
    </section>
  );
}
