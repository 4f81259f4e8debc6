import { formatDateTime } from "~/lib/dates";
import type { Language } from "~/lib/i18n/languages";
import { useFormats, useLang, useT, type Translate } from "~/lib/i18n/react";
import type { TokenTransactionView } from "~/lib/tokens";
import { AdminTable, type AdminColumn } from "./admin-table";

type Transaction = TokenTransactionView & {
  /** Whose it is, on the list of everyone's; absent on one person's page. */
  person?: { name: string | null; email: string };
  packageName?: string | null;
};

/** The table's columns in the page's language. */
function columnsFor(t: Translate, lang: Language, number: (value: number) => string) {
  const dateColumn: AdminColumn<Transaction> = { header: t("admin.history.date"), nowrap: true, cell: (row) => formatDateTime(row.createdAt, lang) };

  const personColumn: AdminColumn<Transaction> = {
    header: t("admin.history.person"),
    primary: true,
    cell: (row) => (
      <span className="flex min-w-0 flex-col">
        <span className="font-medium break-words">{row.person?.name ?? row.person?.email}</span>
        <span className="text-xs wrap-anywhere text-muted">{row.person?.email}</span>
      </span>
    ),
  };

  const descriptionColumn: AdminColumn<Transaction> = {
    header: t("admin.history.description"),
    stacked: true,
    cell: (row) => (
      <>
        {row.description}
        {row.packageName ? <span className="block text-xs text-muted">{t("admin.history.package", { name: row.packageName })}</span> : null}
      </>
    ),
  };

  const tokenTypeColumn: AdminColumn<Transaction> = {
    header: t("admin.history.tokens"),
    cell: (row) => <span className="capitalize">{row.tokenType === "free" ? t("admin.history.free") : t("admin.history.purchased")}</span>,
  };

  const amountColumn: AdminColumn<Transaction> = {
    header: t("admin.history.amount"),
    numeric: true,
    nowrap: true,
    cell: (row) => (
      <span className={`font-semibold ${row.transactionType === "add" ? "text-success" : "text-danger"}`}>
        {row.transactionType === "add" ? "+" : "-"}
        {number(row.amount)}
      </span>
    ),
  };
  return { dateColumn, personColumn, descriptionColumn, tokenTypeColumn, amountColumn };
}

/** Token transactions in the console: + for additions, - for deductions (spec section 3); everyone's with the person, or one person's. */
export function TokenHistory({ transactions, withPerson = false, empty }: { transactions: Transaction[]; withPerson?: boolean; empty: string }) {
  const t = useT();
  const { dateColumn, personColumn, descriptionColumn, tokenTypeColumn, amountColumn } = columnsFor(t, useLang(), useFormats().number);
  const columns = withPerson
    ? [dateColumn, personColumn, descriptionColumn, tokenTypeColumn, amountColumn]
    : [dateColumn, descriptionColumn, { ...tokenTypeColumn, header: t("admin.history.type") }, amountColumn];
  return <AdminTable caption={t("admin.history.caption")} columns={columns} rows={transactions} rowKey={(row) => row.id} empty={empty} />;
}
