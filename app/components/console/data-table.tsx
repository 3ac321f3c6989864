import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { cn } from "~/components/ui/cn";
import { textLinkClass } from "./text-link";

// The console's one table (reports and lists alike). Server-rendered, no script: a
// caption, column headers, an optional row header, figures aligned right, one line when
// there is nothing to show; optionally headers that sort (links to this page's address
// with `sort` and `dir`, the sorted column's `th` carrying `aria-sort`) and a tick box a
// row for a form that acts on many rows. The "stacked" look is a list that, on a phone,
// draws each row as a block of lines, each starting with its column's name.

/** A direction of a sorted column. */
export type SortDir = "asc" | "desc";

/** One column of a table. */
export interface DataColumn<Row> {
  header: string;
  /** The cell's content for a row. */
  cell: (row: Row) => ReactNode;
  /** A figure: right-aligned, header and cells alike. */
  numeric?: boolean;
  /** This column names the row (a `th scope="row"`); at most one column should. */
  rowHeader?: boolean;
  /** More classes for this column's cells (not its header), such as `whitespace-nowrap`. */
  className?: string | ((row: Row) => string | false | null | undefined);
  /** The cells' `data-testid`. */
  testId?: string;
  /** The `sort` value that orders the table by this column: its header becomes a link. */
  sort?: string;
}

/** A tick box at the start of each row, for a form that acts on the ticked rows. */
export interface RowSelection<Row> {
  /** The boxes' field name. */
  name: string;
  value: (row: Row) => string;
  /** The box's label, such as "Tick 0B9A7C1E"; read by screen readers, shown when `labelShown`. */
  label: (row: Row) => string;
  labelShown?: boolean;
  /** The column's header. */
  header: string;
  /** The id of the form the boxes belong to, when the table is outside it. */
  form?: string;
}

/**
 * Three looks: "report" (figures, a column's width unless `width="full"`), "list" (the
 * console's lists of leads, members, entries) and "stacked" (a list whose rows become
 * blocks of labelled lines on a phone, so no figure runs off the right edge). A caption
 * is said to screen readers only, unless `captionShown` shows it as a title or a label
 * above the table.
 */
export interface DataTableProps<Row> {
  caption?: ReactNode;
  captionShown?: "title" | "label";
  columns: DataColumn<Row>[];
  rows: readonly Row[];
  /** A key unique among the rows. */
  rowKey: (row: Row) => string;
  /** The one line shown across the table when there are no rows. */
  empty?: string;
  /** Rows drawn after the others, such as a total (`<tr>` elements); shown even when `rows` is empty. */
  footer?: ReactNode;
  look?: "report" | "list" | "stacked";
  /** The report look's width: a column's width by default; "full" in a grid cell of its own. */
  width?: "column" | "full";
  /** The table's order now, when a column has `sort`. */
  sorted?: { key: string; dir: SortDir };
  select?: RowSelection<Row>;
  /** The rows' `data-testid`. */
  rowTestId?: string;
  /** Cells start at their row's top (rows of several lines). */
  alignTop?: boolean;
  testId?: string;
  /** Space above the table, such as "mt-6". */
  className?: string;
}

const LOOKS = {
  report: {
    table: "w-full text-left text-sm",
    head: "border-b border-slate-300",
    th: "py-2 pr-3",
    cell: "py-2 pr-3",
  },
  list: {
    table: "w-full border-collapse text-left text-sm",
    head: "border-b-2 border-slate-400",
    th: "px-2 py-2 font-semibold",
    cell: "px-2 py-2",
  },
  stacked: {
    table: "w-full border-collapse text-left text-sm max-sm:block",
    head: "border-b-2 border-slate-400",
    th: "px-2 py-2 font-semibold",
    cell: "px-2 py-2 max-sm:block max-sm:px-0 max-sm:py-0.5 max-sm:before:font-semibold max-sm:before:content-[attr(data-label)_':_']",
  },
} as const;

/** The stacked look's parts on a phone: the header row hidden, each row a block. */
const STACKED = {
  caption: "max-sm:block",
  thead: "max-sm:hidden",
  tbody: "max-sm:block",
  row: "max-sm:block max-sm:py-2",
};

/** A report table's cell classes, for rows passed in `footer`. */
export const reportCellClass = (numeric = false) => cn(LOOKS.report.cell, numeric && "text-right");

const CAPTIONS = {
  hidden: "sr-only",
  title: "text-left text-xl font-bold text-slate-900",
  label: "text-left font-semibold",
};

/** A sortable column's header: a link to this page ordered by it (the first page of that order). */
function SortLink({
  sortKey,
  sorted,
  children,
}: {
  sortKey: string;
  sorted?: { key: string; dir: SortDir };
  children: string;
}) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const dir: SortDir = sorted?.key === sortKey && sorted.dir === "asc" ? "desc" : "asc";
  params.set("sort", sortKey);
  params.set("dir", dir);
  params.delete("after");
  return (
    <Link to={`${pathname}?${params.toString()}`} className={textLinkClass}>
      {children}
    </Link>
  );
}

export function DataTable<Row>({
  caption,
  captionShown,
  columns,
  rows,
  rowKey,
  empty,
  footer,
  look = "report",
  width = "column",
  sorted,
  select,
  rowTestId,
  alignTop = false,
  testId,
  className,
}: DataTableProps<Row>) {
  const styles = LOOKS[look];
  const stacked = look === "stacked";
  const cellClass = (column: DataColumn<Row>, row: Row) =>
    cn(
      styles.cell,
      column.numeric && "text-right",
      column.rowHeader && look === "report" && "font-normal",
      typeof column.className === "function" ? column.className(row) : column.className,
    );
  const span = columns.length + (select ? 1 : 0);
  return (
    <div className={cn("overflow-x-auto", className)}>
      <table className={cn(styles.table, look === "report" && width === "column" && "max-w-3xl")} data-testid={testId}>
        {caption !== undefined && (
          <caption className={cn(CAPTIONS[captionShown ?? "hidden"], stacked && STACKED.caption)}>{caption}</caption>
        )}
        <thead className={stacked ? STACKED.thead : undefined}>
          <tr className={styles.head}>
            {select && (
              <th scope="col" className={styles.th}>
                {select.header}
              </th>
            )}
            {columns.map((column) => {
              const isSorted = column.sort !== undefined && sorted?.key === column.sort;
              return (
                <th
                  key={column.header}
                  scope="col"
                  className={cn(styles.th, column.numeric && "text-right")}
                  aria-sort={isSorted ? (sorted?.dir === "asc" ? "ascending" : "descending") : undefined}
                >
                  {column.sort ? (
                    <SortLink sortKey={column.sort} sorted={sorted}>
                      {column.header}
                    </SortLink>
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody className={stacked ? STACKED.tbody : undefined}>
          {rows.length === 0 && !footer && empty !== undefined ? (
            <tr>
              <td colSpan={span} className={look === "report" ? "py-2" : "px-2 py-6 text-center"}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const key = rowKey(row);
              return (
                <tr
                  key={key}
                  className={cn("border-b border-slate-200", alignTop && "align-top", stacked && STACKED.row)}
                  data-testid={rowTestId}
                >
                  {select && <SelectCell select={select} row={row} id={`pick-${key}`} cellClass={styles.cell} />}
                  {columns.map((column) =>
                    column.rowHeader ? (
                      <th
                        key={column.header}
                        scope="row"
                        className={cellClass(column, row)}
                        data-testid={column.testId}
                        data-label={stacked ? column.header : undefined}
                      >
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td
                        key={column.header}
                        className={cellClass(column, row)}
                        data-testid={column.testId}
                        data-label={stacked ? column.header : undefined}
                      >
                        {column.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              );
            })
          )}
          {footer}
        </tbody>
      </table>
    </div>
  );
}

function SelectCell<Row>({
  select,
  row,
  id,
  cellClass,
}: {
  select: RowSelection<Row>;
  row: Row;
  id: string;
  cellClass: string;
}) {
  return (
    <td className={cn(cellClass, "whitespace-nowrap")}>
      <input
        id={id}
        type="checkbox"
        name={select.name}
        value={select.value(row)}
        form={select.form}
        className="size-5"
      />{" "}
      <label htmlFor={id} className={select.labelShown ? undefined : "sr-only"}>
        {select.label(row)}
      </label>
    </td>
  );
}

/**
 * A table under its own heading, in a section named by it; when there are no rows, one
 * line in its place (a list's "None closed yet.", not an empty table).
 */
export function TableSection<Row>({
  id,
  title,
  none,
  ...table
}: DataTableProps<Row> & { id: string; title: ReactNode; none: string }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-8">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      {table.rows.length === 0 ? <p className="mt-3">{none}</p> : <DataTable className="mt-3" {...table} />}
    </section>
  );
}
