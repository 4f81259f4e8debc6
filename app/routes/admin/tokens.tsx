import { Search } from "lucide-react";
import { data, Form, Link, Outlet } from "react-router";
import { z } from "zod";
import { TokenHistory } from "~/components/admin/token-history";
import { DeleteLink } from "~/components/admin/confirm-delete";
import { EditLink } from "~/components/admin/edit-link";
import { ListHeader } from "~/components/admin/list-header";
import { PaymentsOffNotice } from "~/components/admin/payments-off-notice";
import { PublishSwitch } from "~/components/admin/publish-switch";
import { Pagination } from "~/components/pagination";
import { listPage } from "~/lib/admin-lists";
import { pageMeta } from "~/lib/i18n/meta";
import { useFormats, useT } from "~/lib/i18n/react";
import { formatUsd } from "~/lib/tokens";
import type { AuditActor } from "~/modules/audit/audit.server";
import { listPackagesForAdmin, setPackageActive } from "~/modules/admin/token-packages.server";
import { listAllTransactions } from "~/modules/admin/transactions.server";
import { requireAdmin } from "~/modules/auth/login-session.server";
import { isNotFound, redirectWithToast } from "~/modules/http/errors.server";
import { translateMessage } from "~/modules/i18n/messages.server";
import { consoleAction, recordId, wantedState } from "./+shared/console-action.server";
import type { Route } from "./+types/tokens";
import { paymentsOffSettings } from "~/modules/config/env.server";

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, "admin.tokens.meta.title");

/** The page's state lives in the URL: the tab, and the transactions' search, filters and page. */
const searchSchema = z.object({
  tab: z.enum(["packages", "transactions"]).catch("packages"),
  q: z.string().trim().max(100).catch(""),
  type: z.enum(["add", "deduct"]).optional().catch(undefined),
  token: z.enum(["free", "purchased"]).optional().catch(undefined),
  page: listPage,
});

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = searchSchema.parse(Object.fromEntries(url.searchParams));
  if (params.tab === "transactions") {
    const transactions = await listAllTransactions({ search: params.q, type: params.type, tokenType: params.token, page: params.page });
    return { params, packages: [], transactions, paymentsOff: paymentsOffSettings() };
  }
  return { params, packages: await listPackagesForAdmin(), transactions: null, paymentsOff: paymentsOffSettings() };
}

export async function action({ request }: Route.ActionArgs) {
  return consoleAction(request, activeForm, setActive, { refused: () => data({ error: translateMessage("Choose a package") }, { status: 400 }) });
}

const activeForm = z.object({ intent: z.literal("set-active"), id: recordId, active: wantedState });

async function setActive(admin: AuditActor, { id, active }: { id: string; active: boolean }) {
  try {
    await setPackageActive(admin, id, active);
  } catch (error) {
    if (isNotFound(error)) return data({ error: translateMessage("This package no longer exists") }, { status: 404 });
    throw error;
  }
  throw redirectWithToast("/admin/tokens", active ? "package-activated" : "package-deactivated");
}

const tabs = [
  { id: "packages", label: "admin.tokens.tab.packages", href: "/admin/tokens" },
  { id: "transactions", label: "admin.tokens.tab.transactions", href: "/admin/tokens?tab=transactions" },
] as const;

export default function AdminTokens({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { params } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <ListHeader title={t("admin.tokens.heading")} add={params.tab === "packages" ? { to: "packages/new", label: t("admin.tokens.newPackage") } : undefined} />
      {loaderData.paymentsOff ? <PaymentsOffNotice settings={loaderData.paymentsOff} /> : null}
      <nav aria-label={t("admin.tokens.sections")} className="flex gap-1 border-b border-line">
        {tabs.map((tab) => (
          <Link
            key={tab.id}
            to={tab.href}
            aria-current={params.tab === tab.id ? "page" : undefined}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${params.tab === tab.id ? "border-accent text-ink" : "border-transparent text-muted hover:text-ink"}`}
          >
            {t(tab.label)}
          </Link>
        ))}
      </nav>
      {loaderData.transactions ? <Transactions params={params} result={loaderData.transactions} /> : <Packages packages={loaderData.packages} />}
      <Outlet />
    </div>
  );
}

type PackageRow = Route.ComponentProps["loaderData"]["packages"][number];

function Packages({ packages }: { packages: PackageRow[] }) {
  const t = useT();
  const { number } = useFormats();
  if (packages.length === 0) return <p className="card p-5 text-sm text-muted">{t("admin.tokens.packages.empty")}</p>;
  return (
    <ul className="grid gap-4 @2xl:grid-cols-2 @5xl:grid-cols-3">
      {packages.map((item) => (
        <li key={item.id} className={`card flex flex-col gap-2 p-5 ${item.isActive ? "" : "opacity-70"}`} aria-label={item.name}>
          <div className="flex items-start justify-between gap-2">
            <div className="flex min-w-0 flex-col gap-1">
              <h2 className="truncate text-lg font-semibold">{item.name}</h2>
              <div className="flex flex-wrap gap-1.5 text-xs font-semibold">
                {item.isPopular ? <span className="rounded-full bg-accent-strong px-2 py-0.5 text-white">{t("admin.tokens.popular")}</span> : null}
                {item.discount > 0 ? (
                  <span className="rounded-full bg-pink-strong px-2 py-0.5 text-white">{t("admin.tokens.off", { discount: item.discount })}</span>
                ) : null}
              </div>
            </div>
            <div className="flex shrink-0">
              <EditLink to={`packages/${encodeURIComponent(item.id)}/edit`} label={t("admin.tokens.editLabel", { name: item.name })} />
              <DeleteLink to={`packages/${encodeURIComponent(item.id)}/delete`} label={t("admin.tokens.deleteLabel", { name: item.name })} />
            </div>
          </div>
          <p className="text-2xl font-bold">{t("admin.tokens.amount", { tokens: number(item.tokens) })}</p>
          <p className="text-muted">{formatUsd(item.priceCents)}</p>
          <div className="mt-auto flex items-center gap-3 pt-2 text-sm">
            <PublishSwitch intent="set-active" field="active" id={item.id} checked={item.isActive} label={t("admin.tokens.activeLabel", { name: item.name })} />
            <span className={item.isActive ? "text-success" : "text-muted"}>
              {item.isActive ? t("admin.tokens.activeNote") : t("admin.tokens.inactiveNote")}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

type TransactionsResult = NonNullable<Route.ComponentProps["loaderData"]["transactions"]>;
type Params = Route.ComponentProps["loaderData"]["params"];

function transactionsHref(params: Params, page: number) {
  const search = new URLSearchParams({ tab: "transactions" });
  if (params.q) search.set("q", params.q);
  if (params.type) search.set("type", params.type);
  if (params.token) search.set("token", params.token);
  if (page > 1) search.set("page", String(page));
  return `/admin/tokens?${search}`;
}

function Transactions({ params, result }: { params: Params; result: TransactionsResult }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-4">
      <Form method="get" className="flex flex-wrap items-end gap-2" role="search">
        <input type="hidden" name="tab" value="transactions" />
        <label className="flex min-w-48 flex-1 flex-col gap-1 text-sm">
          <span className="font-medium">{t("admin.tokens.search")}</span>
          <input name="q" type="search" defaultValue={params.q} placeholder={t("admin.tokens.searchPlaceholder")} maxLength={100} className="field h-10" />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t("admin.tokens.type")}</span>
          <select name="type" defaultValue={params.type ?? ""} className="field h-10">
            <option value="">{t("admin.tokens.all")}</option>
            <option value="add">{t("admin.tokens.added")}</option>
            <option value="deduct">{t("admin.tokens.deducted")}</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm">
          <span className="font-medium">{t("admin.tokens.tokens")}</span>
          <select name="token" defaultValue={params.token ?? ""} className="field h-10">
            <option value="">{t("admin.tokens.all")}</option>
            <option value="free">{t("admin.tokens.free")}</option>
            <option value="purchased">{t("admin.tokens.purchased")}</option>
          </select>
        </label>
        <button type="submit" className="btn-secondary h-10">
          <Search className="size-4" aria-hidden /> {t("admin.action.filter")}
        </button>
      </Form>
      <p className="text-sm text-muted" aria-live="polite">
        {t("admin.tokens.count", { count: result.total })}
      </p>
      <TokenHistory transactions={result.transactions} withPerson empty={t("admin.tokens.noTransactions")} />
      <Pagination page={result.page} pageCount={result.pageCount} hrefFor={(page) => transactionsHref(params, page)} />
    </div>
  );
}
