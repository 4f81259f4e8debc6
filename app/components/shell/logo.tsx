import { useT } from "~/lib/i18n/react";
import { Link } from "react-router";

const [BRAND_START, BRAND_END] = ["Character", "Verse"];

export function Logo() {
  const t = useT();
  return (
    <Link to="/" className="flex items-center gap-2 font-bold tracking-tight" aria-label={t("common.shell.home")}>
      <img src="/favicon.svg" alt="" className="size-8" width={32} height={32} />
      {/* Not at 768-1023 px, where the header's category links take its room. */}
      <span className="hidden text-lg sm:inline md:hidden lg:inline">
        {/* The product's name, the same in every language. */}
        {BRAND_START}
        <span className="bg-linear-to-r from-accent to-pink bg-clip-text text-transparent">{BRAND_END}</span>
      </span>
    </Link>
  );
}
