import { Fragment, type ReactNode } from "react";

export type AdminColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The row's title on a phone card: shown first, without its header. */
  primary?: boolean;
  /** Buttons and links: at the card's foot on a phone, without a header. */
  actions?: boolean;
  /** Numbers line up on the right in the wide table. */
  numeric?: boolean;
  /** Short values that read badly broken (dates, amounts) stay on one line. */
  nowrap?: boolean;
  /** Long text (a summary): on a card, under its header rather than beside it. */
  stacked?: boolean;
};

/**
 * The admin console's table. Where it is narrow (a phone at 390 px, or a page beside two open
 * sidebars) each row becomes a card of "header: value" lines, decided by the table's own width
 * (a container query), so no column is cut off and nothing scrolls sideways.
 */
export function AdminTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  note,
}: {
  caption: string;
  columns: AdminColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty: ReactNode;
  /** Rendered after each row: a `RowNote` when there is something to say about it (a test's answer), else nothing. */
  note?: (row: Row, span: number) => ReactNode;
}) {
  if (rows.length === 0) return <p className="card p-5 text-sm text-muted">{empty}</p>;
  return (
    <div className="@container">
      <div className="@2xl:card @2xl:overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="hidden bg-raised text-left text-muted @2xl:table-header-group">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.header}
                  scope="col"
                  className={`px-4 py-3 font-medium ${column.numeric ? "text-right" : ""} ${column.nowrap ? "whitespace-nowrap" : ""}`}
                >
                  {column.actions ? <span className="sr-only">{column.header}</span> : column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="flex flex-col gap-3 @2xl:table-row-group">
            {rows.map((row) => (
              <Fragment key={rowKey(row)}>
                <tr className="card flex flex-col gap-2 p-4 @2xl:table-row @2xl:rounded-none @2xl:border-0 @2xl:border-t @2xl:bg-transparent @2xl:p-0">
                  {columns.map((column) => (
                    <td key={column.header} className={cellClass(column)}>
                      {column.primary || column.actions ? null : <span className="shrink-0 text-muted @2xl:hidden">{column.header}</span>}
                      <div className={valueClass(column)}>{column.cell(row)}</div>
                    </td>
                  ))}
                </tr>
                {note?.(row, columns.length)}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** On a card the title goes first and the actions last, whatever the columns' order (CSS `order`, as a server cannot know the width). */
function cellClass(column: AdminColumn<never>) {
  const order = column.primary ? "order-first" : column.actions ? "order-last border-t border-line pt-3 @2xl:border-t-0 @2xl:pt-3" : "";
  const layout = column.primary || column.actions ? "flex" : column.stacked ? "flex flex-col gap-1" : "flex items-start justify-between gap-4";
  return `${layout} ${order} wrap-break-word @2xl:table-cell @2xl:px-4 @2xl:py-3 @2xl:align-middle`;
}

/** A card puts a value on the right of its header; the wide table aligns numbers right and the rest left. */
function valueClass(column: AdminColumn<never>) {
  const align = column.primary || column.actions || column.stacked ? "" : column.numeric ? "text-right" : "text-right @2xl:text-left";
  return `min-w-0 ${align} ${column.nowrap ? "@2xl:whitespace-nowrap" : ""}`;
}

/**
 * A line about the row above it across the whole table (so a long answer never widens a column);
 * on a phone, right under the row's card.
 */
export function RowNote({ span, children }: { span: number; children: ReactNode }) {
  return (
    <tr className="-mt-1 flex @2xl:mt-0 @2xl:table-row">
      <td colSpan={span} className="w-full min-w-0 wrap-break-word @2xl:px-4 @2xl:pb-3">
        {children}
      </td>
    </tr>
  );
}

const badgeTones = {
  success: "border-success/40 bg-success/10 text-success",
  danger: "border-danger/40 bg-danger/10 text-danger",
  warning: "border-warning/40 bg-warning/10 text-warning",
  accent: "border-accent/40 bg-accent-soft text-accent",
  muted: "border-line bg-raised text-muted",
} as const;

export type BadgeTone = keyof typeof badgeTones;

/** A short state in a table cell (a status, a role), coloured by its meaning. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${badgeTones[tone]}`}>{children}</span>
  );
}

/** An e-mail address in a narrow cell: it wraps after the @ rather than mid-word. */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at < 0) return <span className="[overflow-wrap:anywhere]">{email}</span>;
  return (
    <span className="[overflow-wrap:anywhere]">
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </span>
  );
}
