import { format } from "date-fns";
import { Coins, HardDrive } from "lucide-react";
import { Link } from "react-router";
import { formatTokens } from "~/lib/tokens";
import { formatBytes } from "~/lib/uploads";
import { getMonthlyUsage } from "~/modules/account/usage.server";
import { requireUser } from "~/modules/auth/login-session.server";
import { getRequestBalance } from "~/modules/tokens/ledger.server";
import type { Route } from "./+types/usage";

export function meta() {
  return [{ title: "Usage · CharacterVerse" }];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  return { usage: await getMonthlyUsage(user.id, { balance: getRequestBalance(request, user.id) }) };
}

/** "2026-11" as "November 2026", built from its parts so no time zone can shift the month. */
function monthLabel(month: string) {
  const [year, monthNumber] = month.split("-").map(Number);
  return format(new Date(year!, monthNumber! - 1, 1), "MMMM yyyy");
}

/** Each kind's name and what one paid request of it is called ("3 replies", "1 generation"). */
const KINDS = [
  { kind: "chat", label: "Chat", request: ["reply", "replies"] },
  { kind: "image", label: "Images", request: ["generation", "generations"] },
  { kind: "video", label: "Video", request: ["generation", "generations"] },
  { kind: "audio", label: "Audio", request: ["generation", "generations"] },
  { kind: "music", label: "Music", request: ["generation", "generations"] },
  { kind: "other", label: "Other", request: ["request", "requests"] },
] as const;

export default function Usage({ loaderData: { usage } }: Route.ComponentProps) {
  const { byKind, total } = usage.spent;
  // "Other" shows only when something fell there; the five named kinds always show.
  const kinds = KINDS.filter(({ kind }) => kind !== "other" || byKind.other.requests > 0 || byKind.other.tokens > 0);
  const stats = [
    {
      label: "Storage used",
      value: formatBytes(usage.storage.bytes),
      detail: `${usage.storage.files.toLocaleString("en-US")} ${usage.storage.files === 1 ? "file" : "files"}`,
      icon: HardDrive,
    },
  ];
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold">Usage</h1>
        <p className="text-sm text-muted">{monthLabel(usage.month)}</p>
      </div>

      <section className="card flex flex-col gap-4 p-5" aria-labelledby="spent-heading">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="spent-heading" className="font-semibold">
            Tokens spent this month
          </h2>
          <p className="text-2xl font-semibold">{formatTokens(total)}</p>
        </div>
        {total === 0 ? <p className="text-sm text-muted">You haven't spent any tokens this month.</p> : null}
        <ul className="flex flex-col gap-3" aria-label="Tokens spent by kind">
          {kinds.map(({ kind, label, request }) => {
            const { tokens, requests } = byKind[kind];
            return (
              <li key={kind} className="flex flex-col gap-1" data-testid={`usage-${kind}`}>
                <div className="flex justify-between gap-3 text-sm">
                  <span>
                    {label} <span className="text-muted">· {`${requests.toLocaleString("en-US")} ${requests === 1 ? request[0] : request[1]}`}</span>
                  </span>
                  <span className="text-muted">{formatTokens(tokens)} tokens</span>
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
            <Coins className="size-4" aria-hidden /> Current balance
          </h2>
          <p className="text-2xl font-semibold">{formatTokens(usage.balance.total)} tokens</p>
          <p className="text-xs text-faint">
            {formatTokens(usage.balance.free)} free · {formatTokens(usage.balance.purchased)} purchased
          </p>
        </div>
        <Link to="/dashboard/tokens" className="btn-primary">
          Get tokens
        </Link>
      </section>
    </div>
  );
}
