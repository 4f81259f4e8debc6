import { formatDateTime } from "~/lib/dates";
import type { TextId } from "~/lib/i18n/ids";
import { useFormats, useLang, useT } from "~/lib/i18n/react";
import type { TokenTransactionView } from "~/lib/tokens";

const TOKEN_TYPES: Record<TokenTransactionView["tokenType"], TextId> = { free: "tokens.history.type.free", purchased: "tokens.history.type.purchased" };

/** Token history: + for additions, - for deductions (spec section 3); stacked rows where it is narrow (by its own width). */
export function TransactionTable({ transactions }: { transactions: TokenTransactionView[] }) {
  const t = useT();
  const lang = useLang();
  const { number } = useFormats();
  if (transactions.length === 0) return <p className="card p-5 text-sm text-muted">{t("tokens.noTransactions")}</p>;
  return (
    <div className="@container card overflow-x-auto">
      <table className="w-full text-sm">
        <thead className="hidden bg-raised text-left text-muted @xl:table-header-group">
          <tr>
            <th className="px-4 py-3 font-medium">{t("tokens.history.date")}</th>
            <th className="px-4 py-3 font-medium">{t("tokens.history.description")}</th>
            <th className="px-4 py-3 font-medium">{t("tokens.history.type")}</th>
            <th className="px-4 py-3 text-right font-medium">{t("tokens.history.amount")}</th>
          </tr>
        </thead>
        <tbody>
          {transactions.map((row) => (
            <tr key={row.id} className="grid grid-cols-[1fr_auto] gap-x-4 border-t border-line px-4 py-3 first:border-t-0 @xl:table-row @xl:px-0 @xl:py-0">
              <td className="text-xs text-muted @xl:px-4 @xl:py-3 @xl:text-sm">{formatDateTime(row.createdAt, lang)}</td>
              <td className="col-start-1 @xl:px-4 @xl:py-3">{row.description}</td>
              <td className="col-start-1 text-xs text-muted capitalize @xl:px-4 @xl:py-3 @xl:text-sm">{t(TOKEN_TYPES[row.tokenType])}</td>
              <td
                className={`col-start-2 row-span-3 row-start-1 self-center text-right font-semibold @xl:px-4 @xl:py-3 ${
                  row.transactionType === "add" ? "text-success" : "text-danger"
                }`}
              >
                {row.transactionType === "add" ? "+" : "-"}
                {number(row.amount)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
