import { Link } from "react-router";
import { useT } from "~/lib/i18n/react";
import { legalNav } from "./navigation";

export function Footer() {
  const t = useT();
  return (
    <footer className="mt-12 border-t border-line px-4 py-6 text-sm text-faint">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 sm:flex-row">
        <p>{t("common.footer.notice", { year: String(new Date().getFullYear()) })}</p>
        <nav aria-label={t("common.footer.legal")} className="flex flex-wrap gap-x-4">
          {[...legalNav, { to: "/aboutus", label: "common.nav.aboutUs" as const }, { to: "/contactus", label: "common.nav.contactUs" as const }].map((item) => (
            <Link key={item.to} to={item.to} className="flex min-h-6 items-center hover:text-ink">
              {t(item.label)}
            </Link>
          ))}
        </nav>
      </div>
    </footer>
  );
}
