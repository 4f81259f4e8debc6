import { Coins, CreditCard, Gift, LifeBuoy, MessageSquare, ShoppingCart, UserPlus, Users, Zap } from "lucide-react";
import { Link } from "react-router";
import { PaymentsOffNotice } from "~/components/admin/payments-off-notice";
import { ReviewQueueCard } from "~/components/admin/review-queue-card";
import { StatCard, StatGrid } from "~/components/admin/stat-card";
import { Avatar } from "~/components/ui/avatar";
import { formatDate } from "~/lib/dates";
import { pageMeta } from "~/lib/i18n/meta";
import { useFormats, useLang, useT } from "~/lib/i18n/react";
import { formatUsd } from "~/lib/tokens";
import { dashboardFigures, type DailyActivity } from "~/modules/admin/dashboard.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import type { Route } from "./+types/dashboard";
import { paymentsOffSettings } from "~/modules/config/env.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "admin.dashboard.meta.title");

/** Live figures (the spec's console showed fixed sample figures). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { ...(await dashboardFigures()), paymentsOff: paymentsOffSettings() };
}

export default function AdminDashboard({ loaderData: figures }: Route.ComponentProps) {
  const t = useT();
  const { number } = useFormats();
  const { people, tokens, revenue } = figures;
  return (
    <div className="flex max-w-6xl flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("admin.dashboard.heading")}</h1>

      <ReviewQueueCard count={figures.waitingForReview} />
      {figures.paymentsOff ? <PaymentsOffNotice settings={figures.paymentsOff} /> : null}

      <StatGrid label={t("admin.dashboard.people")}>
        <StatCard
          label={t("admin.dashboard.people")}
          value={people.total}
          icon={Users}
          detail={
            <Link to="/admin/users" className="text-accent hover:underline">
              {t("admin.dashboard.viewUsers")}
            </Link>
          }
        />
        <StatCard label={t("admin.dashboard.newThisWeek")} value={people.newThisWeek} icon={UserPlus} detail={t("admin.dashboard.newThisWeek.detail")} />
        <StatCard label={t("admin.dashboard.activeToday")} value={people.activeToday} icon={Zap} detail={t("admin.dashboard.activeToday.detail")} />
        <StatCard
          label={t("admin.dashboard.openTickets")}
          value={figures.openTickets}
          icon={LifeBuoy}
          detail={
            <Link to="/admin/tickets?status=open" className="text-accent hover:underline">
              {t("admin.dashboard.openTickets.detail")}
            </Link>
          }
        />
      </StatGrid>

      <section aria-labelledby="money-heading" className="flex flex-col gap-3">
        <h2 id="money-heading" className="font-semibold">
          {t("admin.dashboard.money")} <span className="text-sm font-normal text-muted">{t("admin.dashboard.lastDays", { days: figures.days })}</span>
        </h2>
        <div className="grid grid-cols-2 gap-3 @2xl:grid-cols-4">
          <StatCard
            label={t("admin.dashboard.revenue")}
            value={formatUsd(revenue.periodCents)}
            icon={CreditCard}
            detail={t("admin.dashboard.revenue.detail", { payments: String(revenue.periodPayments), allTime: formatUsd(revenue.allTimeCents) })}
          />
          <StatCard label={t("admin.dashboard.bought")} value={number(tokens.bought)} icon={ShoppingCart} detail={t("admin.dashboard.bought.detail")} />
          <StatCard label={t("admin.dashboard.granted")} value={number(tokens.granted)} icon={Gift} detail={t("admin.dashboard.granted.detail")} />
          <StatCard
            label={t("admin.dashboard.spent")}
            value={number(tokens.spent)}
            icon={Coins}
            detail={t("admin.dashboard.spent.detail", { tokens: number(tokens.deducted) })}
          />
        </div>
      </section>

      <ActivityChart days={figures.activity} />

      <div className="grid gap-4 @3xl:grid-cols-[2fr_1fr]">
        <TopCharacters characters={figures.topCharacters} days={figures.days} />
        <section aria-labelledby="catalogue-heading" className="card flex flex-col gap-2 p-5">
          <h2 id="catalogue-heading" className="font-semibold">
            {t("admin.dashboard.catalogue")}
          </h2>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt className="text-muted">{t("admin.dashboard.catalogue.characters")}</dt>
            <dd className="text-right font-semibold">{number(figures.catalogue.characters)}</dd>
            <dt className="text-muted">{t("admin.dashboard.catalogue.published")}</dt>
            <dd className="text-right font-semibold">{number(figures.catalogue.published)}</dd>
            <dt className="text-muted">{t("admin.dashboard.catalogue.models")}</dt>
            <dd className="text-right font-semibold">{number(figures.catalogue.models)}</dd>
          </dl>
        </section>
      </div>
    </div>
  );
}

/** Inline SVG bars, two per day; the same figures follow as a table for screen readers and anyone who wants the numbers. */
function ActivityChart({ days }: { days: DailyActivity[] }) {
  const t = useT();
  const lang = useLang();
  const { number } = useFormats();
  const highest = Math.max(1, ...days.flatMap((day) => [day.messages, day.replies]));
  const totals = days.reduce((sum, day) => ({ messages: sum.messages + day.messages, replies: sum.replies + day.replies }), { messages: 0, replies: 0 });
  const slot = 10;
  const barHeight = (value: number) => (value / highest) * 96;
  return (
    <section aria-labelledby="activity-heading" className="card flex flex-col gap-3 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="activity-heading" className="flex items-center gap-2 font-semibold">
          <MessageSquare className="size-4 text-muted" aria-hidden /> {t("admin.dashboard.activity.heading")}
        </h2>
        <p className="flex gap-4 text-xs text-muted">
          <span className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-accent" aria-hidden /> {t("admin.dashboard.activity.messagesTotal", { count: number(totals.messages) })}
          </span>
          <span className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-pink" aria-hidden /> {t("admin.dashboard.activity.repliesTotal", { count: number(totals.replies) })}
          </span>
        </p>
      </div>
      <div className="flex gap-2">
        <div className="flex flex-col justify-between text-right text-xs text-faint" aria-hidden>
          <span>{number(highest)}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${days.length * slot} 100`}
          preserveAspectRatio="none"
          className="h-40 w-full border-b border-l border-line"
          role="img"
          aria-label={t("admin.dashboard.activity.chart", { days: String(days.length), messages: String(totals.messages), replies: String(totals.replies) })}
        >
          {days.map((day, index) => (
            <g key={day.day}>
              <title>
                {t("admin.dashboard.activity.day", {
                  date: formatDate(`${day.day}T12:00:00Z`, lang),
                  messages: String(day.messages),
                  replies: String(day.replies),
                })}
              </title>
              <rect x={index * slot + 1} y={100 - barHeight(day.messages)} width={4} height={barHeight(day.messages)} className="fill-accent" />
              <rect x={index * slot + 5} y={100 - barHeight(day.replies)} width={4} height={barHeight(day.replies)} className="fill-pink" />
            </g>
          ))}
        </svg>
      </div>
      <div className="flex justify-between pl-6 text-xs text-faint" aria-hidden>
        <span>{formatDate(`${days[0]!.day}T12:00:00Z`, lang)}</span>
        <span>{formatDate(`${days.at(-1)!.day}T12:00:00Z`, lang)}</span>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted hover:text-ink">{t("admin.dashboard.activity.showTable")}</summary>
        <table className="mt-2 w-full max-w-md text-left">
          <caption className="sr-only">{t("admin.dashboard.activity.heading")}</caption>
          <thead className="text-muted">
            <tr>
              <th scope="col" className="py-1 font-medium">
                {t("admin.dashboard.activity.dayColumn")}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t("admin.dashboard.activity.messages")}
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {t("admin.dashboard.activity.replies")}
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.day} className="border-t border-line">
                <th scope="row" className="py-1 font-normal">
                  {day.day}
                </th>
                <td className="py-1 text-right">{day.messages}</td>
                <td className="py-1 text-right">{day.replies}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

type TopCharacter = { id: string; name: string; avatarUrl: string | null; messages: number; people: number };

function TopCharacters({ characters, days }: { characters: TopCharacter[]; days: number }) {
  const t = useT();
  const { number } = useFormats();
  return (
    <section aria-labelledby="top-heading" className="card flex flex-col gap-3 p-5">
      <h2 id="top-heading" className="font-semibold">
        {t("admin.dashboard.top.heading")} <span className="text-sm font-normal text-muted">{t("admin.dashboard.lastDays", { days })}</span>
      </h2>
      {characters.length === 0 ? (
        <p className="text-sm text-muted">{t("admin.dashboard.top.empty")}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {characters.map((character, index) => (
            <li key={character.id} className="flex items-center gap-3">
              <span className="w-4 text-sm text-faint">{index + 1}</span>
              <Avatar url={character.avatarUrl} size={36} name={character.name} />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-medium">{character.name}</span>
                <span className="text-xs text-muted">
                  {t("admin.dashboard.top.figures", { messages: number(character.messages), people: character.people })}
                </span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
