import type { ReactNode } from "react";
import { useFormats, useT } from "~/lib/i18n/react";

type TokenPackage = { id: string; name: string; tokens: number; priceCents: number; discount: number; isPopular: boolean };

/**
 * The four token packages (spec section 9); the page decides what each card's button does (none: shown only to read). The
 * columns follow the grid's own width (a container), which two sidebars can make far narrower
 * than the screen.
 */
export function TokenPackageGrid({ packages, renderAction }: { packages: TokenPackage[]; renderAction?: (item: TokenPackage) => ReactNode }) {
  const t = useT();
  const { number } = useFormats();
  return (
    <div className="@container">
      <ul className="grid gap-4 @md:grid-cols-2 @4xl:grid-cols-4">
        {packages.map((item) => (
          <li key={item.id} className={`card relative flex flex-col gap-3 p-5 ${item.isPopular ? "ring-2 ring-accent" : ""}`}>
            {item.isPopular ? (
              <span className="absolute -top-3 left-5 rounded-full bg-accent-strong px-3 py-0.5 text-xs font-semibold text-white">
                {t("tokens.package.popular")}
              </span>
            ) : null}
            <h3 className="text-lg font-semibold">{item.name}</h3>
            <p className="text-3xl font-bold">{number(item.tokens)}</p>
            <p className="text-sm text-muted">{t("tokens.package.tokens")}</p>
            <p className="flex flex-wrap items-baseline gap-2">
              <span className="text-xl font-semibold">{number(item.priceCents / 100, { style: "currency", currency: "USD" })}</span>
              {item.discount > 0 ? (
                <span className="rounded-full bg-success/15 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-success">
                  {t("tokens.package.discount", { discount: item.discount })}
                </span>
              ) : null}
            </p>
            {renderAction ? <div className="mt-auto pt-2">{renderAction(item)}</div> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
