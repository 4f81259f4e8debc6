import { Upload } from "lucide-react";
import { Link } from "react-router";
import { PageSearch } from "~/components/page-search";
import { MESSAGE_SEARCH_MAX_CHARS } from "~/lib/chat-transfer";
import { formatDateTime } from "~/lib/dates";
import { pageMeta } from "~/lib/i18n/meta";
import { useLang, useT } from "~/lib/i18n/react";
import { requireUser } from "~/modules/auth/login-session.server";
import { searchOwnMessages } from "~/modules/chat/message-search.server";
import type { Route } from "./+types/search";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "transfer.search.title");

/** GET ?q=&page=: the person's own messages (both sides of their chats) that hold `q`, newest first. */
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  const q = (url.searchParams.get("q") ?? "").slice(0, MESSAGE_SEARCH_MAX_CHARS);
  const page = Number(url.searchParams.get("page") ?? "1");
  const found = await searchOwnMessages(user.id, q, page);
  return { q: q.trim(), page: Math.max(Math.trunc(page) || 1, 1), ...found };
}

const pageHref = (q: string, page: number) => `/chat/search?${new URLSearchParams({ q, ...(page > 1 ? { page: String(page) } : {}) })}`;

/** Search across one's messages: a plain GET form, and each result links to its chat. */
export default function ChatSearch({ loaderData }: Route.ComponentProps) {
  const { q, page, results, hasMore } = loaderData;
  const t = useT();
  const lang = useLang();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 px-3 py-4 md:px-6 md:py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t("transfer.search.heading")}</h1>
        <Link to="/chat/import" className="btn-secondary h-9 gap-2 px-3 text-sm">
          <Upload className="size-4" aria-hidden /> {t("transfer.import.link")}
        </Link>
      </div>
      <PageSearch
        query={q}
        label={t("transfer.search.label")}
        placeholder={t("transfer.search.placeholder")}
        submitLabel={t("transfer.search.heading")}
        maxLength={MESSAGE_SEARCH_MAX_CHARS}
      />
      {!q ? <p className="text-sm text-muted">{t("transfer.search.hint")}</p> : null}
      {q && results.length === 0 ? <p className="text-sm text-muted">{t("transfer.search.none", { query: q })}</p> : null}
      {results.length ? (
        <ol className="flex flex-col gap-2" aria-label={t("transfer.search.results")}>
          {results.map((result) => (
            <li key={result.id}>
              <Link to={`/chat/${result.sessionId}`} className="card flex flex-col gap-1 p-3 hover:border-accent" data-testid="search-result">
                <span className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                  <span className="font-semibold [overflow-wrap:anywhere]">
                    {result.sender === "user" ? t("transfer.search.you", { name: result.characterName }) : result.characterName}
                  </span>
                  <time dateTime={result.time} className="text-xs text-faint">
                    {formatDateTime(result.time, lang)}
                  </time>
                </span>
                <span className="text-sm text-muted [overflow-wrap:anywhere]">
                  {result.snippet.before}
                  <mark className="rounded bg-accent/25 px-0.5 text-ink">{result.snippet.match}</mark>
                  {result.snippet.after}
                </span>
              </Link>
            </li>
          ))}
        </ol>
      ) : null}
      {page > 1 || hasMore ? (
        <nav className="flex justify-between gap-2" aria-label={t("transfer.search.pages")}>
          {page > 1 ? (
            <Link to={pageHref(q, page - 1)} className="btn-secondary h-9 px-3 text-sm" rel="prev">
              {t("transfer.search.newer")}
            </Link>
          ) : (
            <span />
          )}
          {hasMore ? (
            <Link to={pageHref(q, page + 1)} className="btn-secondary h-9 px-3 text-sm" rel="next">
              {t("transfer.search.older")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
