import { Prisma } from "~/generated/prisma/client";
import { escapeLike } from "~/modules/db/sql.server";
import { prisma } from "~/modules/db/db.server";

export const TRANSACTIONS_PAGE_SIZE = 20;
const MAX_SEARCH_LENGTH = 100;

export type TransactionFilters = {
  /** a person's e-mail or name, or a package's name (contains, case-insensitive) */
  search?: string;
  type?: "add" | "deduct";
  tokenType?: "free" | "purchased";
  page?: number;
};

type Row = {
  id: string;
  created_at: Date;
  token_type: "free" | "purchased";
  transaction_type: "add" | "deduct";
  amount: number;
  description: string;
  email: string;
  name: string | null;
  package_name: string | null;
};

/**
 * Everyone's token transactions, newest first, 20 a page with the exact count. The search finds
 * a person by e-mail or name, or a purchase by its package's name (through the payment it came from).
 */
export async function listAllTransactions({ search = "", type, tokenType, page = 1 }: TransactionFilters) {
  const query = search.trim().slice(0, MAX_SEARCH_LENGTH);
  const pattern = `%${escapeLike(query)}%`;
  const searchFilter = query
    ? Prisma.sql`AND (u.email ILIKE ${pattern} OR u.name ILIKE ${pattern} OR pk.name ILIKE ${pattern} OR t.description ILIKE ${pattern})`
    : Prisma.empty;
  const typeFilter = type ? Prisma.sql`AND t.transaction_type = ${type}::"TransactionType"` : Prisma.empty;
  const tokenTypeFilter = tokenType ? Prisma.sql`AND t.token_type = ${tokenType}::"TokenType"` : Prisma.empty;
  const from = Prisma.sql`
    FROM token_transactions t
    JOIN users u ON u.id = t.user_id
    LEFT JOIN payments p ON t.reference_type = 'payment' AND p.id::text = t.reference_id
    LEFT JOIN token_packages pk ON pk.id = p.package_id
    WHERE TRUE ${searchFilter} ${typeFilter} ${tokenTypeFilter}`;
  const current = Math.max(1, Math.floor(page));
  const [rows, [count]] = await Promise.all([
    prisma().$queryRaw<Row[]>`
      SELECT t.id::text AS id, t.created_at, t.token_type::text AS token_type, t.transaction_type::text AS transaction_type, t.amount, t.description,
             u.email, u.name, pk.name AS package_name
      ${from}
      ORDER BY t.created_at DESC, t.id DESC
      LIMIT ${TRANSACTIONS_PAGE_SIZE} OFFSET ${(current - 1) * TRANSACTIONS_PAGE_SIZE}`,
    prisma().$queryRaw<{ count: bigint }[]>`SELECT count(*) AS count ${from}`,
  ]);
  const total = Number(count?.count ?? 0);
  return {
    transactions: rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at.toISOString(),
      tokenType: row.token_type,
      transactionType: row.transaction_type,
      amount: row.amount,
      description: row.description,
      person: { email: row.email, name: row.name },
      packageName: row.package_name,
    })),
    total,
    page: current,
    pageCount: Math.max(1, Math.ceil(total / TRANSACTIONS_PAGE_SIZE)),
  };
}
