import { formatDateTime } from "~/lib/dates";
import { formatTokens, type TokenTransactionView } from "~/lib/tokens";
import { AdminTable, type AdminColumn } from "./admin-table";

type Transaction = TokenTransactionView & {
  /** Whose it is, on the list of everyone's; absent on one person's page. */
  person?: { name: string | null; email: string };
  packageName?: string | null;
};

const dateColumn: AdminColumn<Transaction> = { header: "Date", nowrap: true, cell: (row) => formatDateTime(row.createdAt) };

const personColumn: AdminColumn<Transaction> = {
  header: "Person",
  primary: true,
  cell: (row) => (
    <span className="flex min-w-0 flex-col">
      <span className="font-medium break-words">{row.person?.name ?? row.person?.email}</span>
      <span className="text-xs wrap-anywhere text-muted">{row.person?.email}</span>
    </span>
  ),
};

const descriptionColumn: AdminColumn<Transaction> = {
  header: "Description",
  stacked: true,
  cell: (row) => (
    <>
      {row.description}
      {row.packageName ? <span className="block text-xs text-muted">{row.packageName} package</span> : null}
    </>
  ),
};

const tokenTypeColumn: AdminColumn<Transaction> = { header: "Tokens", cell: (row) => <span className="capitalize">{row.tokenType}</span> };

const amountColumn: AdminColumn<Transaction> = {
  header: "Amount",
  numeric: true,
  nowrap: true,
  cell: (row) => (
    <span className={`font-semibold ${row.transactionType === "add" ? "text-success" : "text-danger"}`}>
      {row.transactionType === "add" ? "+" : "-"}
      {formatTokens(row.amount)}
    </span>
  ),
};

/** Token transactions in the console: + for additions, - for deductions (spec section 3); everyone's with the person, or one person's. */
export function TokenHistory({ transactions, withPerson = false, empty }: { transactions: Transaction[]; withPerson?: boolean; empty: string }) {
  const columns = withPerson
    ? [dateColumn, personColumn, descriptionColumn, tokenTypeColumn, amountColumn]
    : [dateColumn, descriptionColumn, { ...tokenTypeColumn, header: "Type" }, amountColumn];
  return <AdminTable caption="Token transactions" columns={columns} rows={transactions} rowKey={(row) => row.id} empty={empty} />;
}
