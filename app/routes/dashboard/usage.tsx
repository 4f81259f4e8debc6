import { format } from "date-fns";
import { Coins, HardDrive } from "lucide-react";
import { Link } from "react-router";
import type { TextId } from "~/lib/i18n/ids";
import type { Language } from "~/lib/i18n/languages";
import { pageMeta } from "~/lib/i18n/meta";
import { useFormats, useLang, useT } from "~/lib/i18n/react";
import { formatBytes } from "~/lib/uploads";
import { getMonthlyUsage } from "~/modules/account/usage.server";
import { requireUser } from "~/modules/auth/login-session.server";
import { getRequestBalance } from "~/modules/tokens/ledger.server";
import type { Route } from "./+types/usage";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "dashboard.usage.meta.title");

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  return { usage: await getMonthlyUsage(user.id, { balance: getRequestBalance(request, user.id) }) };
}

/** "2026-11" as "November 2026", built from its parts so no time zone can shift the month. */
function monthLabel(month: string, lang: Language) {
  const [year, monthNumber] = month.split("-").map(Number);
  const first = new Date(year!, monthNumber! - 1, 1);
  return lang === "en" ? format(first, "MMMM yyyy") : new Intl.DateTimeFormat(lang, { year: "numeric", month: "long" }).format(first);
}

/** Each kind's name and what one paid request of it is called ("3 replies", "1 generation"). */
const KINDS = [
  { kind: "chat", label: "dashboard.usage.kind.chat", request: "dashboard.usage.replies" },
  { kind: "image", label: "dashboard.usage.kind.image", request: "dashboard.usage.generations" },
  { kind: "video", label: "dashboard.usage.kind.video", request: "dashboard.usage.generations" },
  { kind: "audio", label: "dashboard.usage.kind.audio", request: "dashboard.usage.generations" },
  { kind: "music", label: "dashboard.usage.kind.music", request: "dashboard.usage.generations" },
  { kind: "other", label: "dashboard.usage.kind.other", request: "dashboard.usage.requests" },
] as const satisfies readonly { kind: string; label: TextId; request: TextId }[];

export default function Usage({ loaderData: { usage } }: Route.ComponentProps) {
  const t = useT();
  const lang = useLang();
  const { number } = useFormats();
  const { byKind, total } = usage.spent;
  // "Other" shows only when something fell there; the five named kinds always show.
  const kinds = KINDS.filter(({ kind }) => kind !== "other" || byKind.other.requests > 0 || byKind.other.tokens > 0);
  const stats = [
    {
      label: t("dashboard.usage.storage"),
      value: formatBytes(usage.storage.bytes),
      detail: t("dashboard.usage.files", { count: usage.storage.files }),
      icon: HardDrive,
    },
  ];
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">{t("dashboard.usage.heading")}</h1>
        <p className="text-sm text-muted">{monthLabel(usage.month, lang)}</p>
      </div>

      <section className="card flex flex-col gap-4 p-5" aria-labelledby="spent-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="spent-heading" className="font-semibold">
            {t("dashboard.usage.spentHeading")}
          </h2>
          <p className="text-2xl font-semibold">{number(total)}</p>
        </div>
        {total === 0 ? <p className="text-sm text-muted">{t("dashboard.usage.nothingSpent")}</p> : null}
        <ul className="flex flex-col gap-3" aria-label={t("dashboard.usage.byKind")}>
          {kinds.map(({ kind, label, request }) => {
            const { tokens, requests } = byKind[kind];
            return (
              <li key={kind} className="flex flex-col gap-1" data-testid={`usage-${kind}`}>
                <div className="flex justify-between gap-3 text-sm">
                  <span>
                    {t(label)} <span className="text-muted">· {t(request, { count: requests })}</span>
                  </span>
                  <span className="text-muted">{t("dashboard.usage.tokens", { count: tokens })}</span>
                </div>
                <div className="h-2 overflow-hidden rounded-full bg-raised" aria-hidden>
                  <div className="h-full rounded-full bg-linear-to-r from-accent to-pink" style={{ width: `${total === 0 ? 0 : (tokens / total) * 100}%` }} />
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <div className="grid gap-4">
        {stats.map(({ label, value, detail, icon: Icon }) => (
          <div key={label} className="card flex min-w-0 flex-col gap-1 p-5 wrap-break-word">
            <p className="flex items-center gap-2 text-sm text-muted">
              <Icon className="size-4 shrink-0" aria-hidden /> {label}
            </p>
            <p className="text-2xl font-semibold">{value}</p>
            {detail ? <p className="text-xs text-faint">{detail}</p> : null}
          </div>
        ))}
      </div>

      <section className="card flex flex-wrap items-center justify-between gap-3 p-5" aria-labelledby="balance-heading">
        <div>
          <h2 id="balance-heading" className="flex items-center gap-2 text-sm text-muted">
            <Coins className="size-4" aria-hidden /> {t("dashboard.usage.balance")}
          </h2>
          <p className="text-2xl font-semibold">{t("dashboard.usage.tokens", { count: usage.balance.total })}</p>
          <p className="text-xs text-faint">
            {t("dashboard.overview.balanceDetail", { free: number(usage.balance.free), purchased: number(usage.balance.purchased) })}
          </p>
        </div>
        <Link to="/dashboard/tokens" className="btn-primary">
          {t("dashboard.overview.getTokens")}
        </Link>
      </section>
    </div>
  );
}
