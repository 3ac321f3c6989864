import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { cn } from "~/components/ui/cn";
import { textLinkClass } from "./text-link";

// The console's one table (reports and lists alike). Server-rendered, no script: a
// caption, column headers, an optional row header, figures aligned right, one line when
// there is nothing to show; optionally headers that sort (links to this page's address
// with `sort` and `dir`, the sorted column's `th` carrying `aria-sort`) and a tick box a
// row for a form that acts on many rows. The "stacked" look is a list that, on a phone,
// draws each row as a block of lines, each starting with its column's name; the "compact"
// look is a list of one-line rows whose cells, on a phone, flow into a few lines.

/** A direction of a sorted column. */
export type SortDir = "asc" | "desc";

/** One column of a table; `Sort` names the orders its page offers. */
export interface DataColumn<Row, Sort extends string = string> {
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
  sort?: Sort;
}

/** What a row carries besides its cells: more classes, and `data-` attributes for scripts and tests. */
export type RowProps = { className?: string } & { [data: `data-${string}`]: string | undefined };

/**
 * A tick box at the start of each row, for a form that acts on the ticked rows. A ticked
 * row stands out (DECISIONS D31), so what a change reaches is seen before it is made.
 */
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
 * Four looks: "report" (figures, a column's width unless `width="full"`), "list" (the
 * console's lists of leads, members, entries), "stacked" (a list whose rows become
 * blocks of labelled lines on a phone, so no figure runs off the right edge) and "compact"
 * (a long list read at a glance: one line a row; on a phone the cells, placed by their
 * columns' classes, wrap as lines, a row's tick box before them). A caption
 * is said to screen readers only, unless `captionShown` shows it as a title or a label
 * above the table.
 */
export interface DataTableProps<Row, Sort extends string = string> {
  caption?: ReactNode;
  captionShown?: "title" | "label";
  columns: DataColumn<Row, Sort>[];
  rows: readonly Row[];
  /** A key unique among the rows. */
  rowKey: (row: Row) => string;
  /** The one line shown across the table when there are no rows. */
  empty?: string;
  /** Rows drawn after the others, such as a total (`<tr>` elements); shown even when `rows` is empty. */
  footer?: ReactNode;
  look?: "report" | "list" | "stacked" | "compact";
  /** The report look's width: a column's width by default; "full" in a grid cell of its own. */
  width?: "column" | "full";
  /** The table's order now, when a column has `sort`. */
  sorted?: { key: Sort; dir: SortDir };
  /** A sortable header's link, when the page writes its own addresses (instead of `sort` and `dir` on this one). */
  sortLink?: (sort: Sort, header: string) => ReactNode;
  select?: RowSelection<Row>;
  /** The rows' `data-testid`. */
  rowTestId?: string;
  /** A row's own classes and attributes, such as a highlight while the keyboard is on it. */
  rowProps?: (row: Row) => RowProps;
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
  compact: {
    table: "w-full border-collapse text-left text-sm max-sm:block",
    head: "border-b-2 border-slate-400",
    th: "px-2 py-2 font-semibold whitespace-nowrap",
    cell: "px-2 py-1.5 sm:whitespace-nowrap max-sm:p-0",
  },
} as const;

const TICKED_ROW = "has-checked:bg-amber-50 has-checked:outline-2 has-checked:outline-amber-600";

/** The stacked look's parts on a phone: the header row hidden, each row a block. */
const STACKED = {
  caption: "max-sm:block",
  thead: "max-sm:hidden",
  tbody: "max-sm:block",
  row: "max-sm:block max-sm:py-2",
};

/** The compact look's parts on a phone: the header row hidden, a row's cells wrapping, its box at its start. */
const COMPACT = {
  thead: "max-sm:hidden",
  tbody: "max-sm:block",
  row: "max-sm:relative max-sm:flex max-sm:flex-wrap max-sm:items-baseline max-sm:py-2",
  rowWithBox: "max-sm:pl-8",
  box: "max-sm:absolute max-sm:top-2 max-sm:left-0",
  empty: "max-sm:block",
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

export function DataTable<Row, Sort extends string = string>({
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
  sortLink,
  select,
  rowTestId,
  rowProps,
  alignTop = false,
  testId,
  className,
}: DataTableProps<Row, Sort>) {
  const styles = LOOKS[look];
  const stacked = look === "stacked";
  const compact = look === "compact";
  const phone = stacked ? STACKED : compact ? COMPACT : undefined;
  const cellClass = (column: DataColumn<Row, Sort>, row: Row) =>
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
        <thead className={phone?.thead}>
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
                  {column.sort && sortLink ? (
                    sortLink(column.sort, column.header)
                  ) : column.sort ? (
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
        <tbody className={phone?.tbody}>
          {rows.length === 0 && !footer && empty !== undefined ? (
            <tr className={compact ? COMPACT.empty : undefined}>
              <td
                colSpan={span}
                className={look === "report" ? "py-2" : cn("px-2 py-6 text-center", compact && COMPACT.empty)}
              >
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const key = rowKey(row);
              const { className: rowClass, ...rowData } = rowProps?.(row) ?? {};
              return (
                <tr
                  key={key}
                  className={cn(
                    "border-b border-slate-200",
                    alignTop && "align-top",
                    select && TICKED_ROW,
                    phone?.row,
                    compact && select && COMPACT.rowWithBox,
                    rowClass,
                  )}
                  data-testid={rowTestId}
                  {...rowData}
                >
                  {select && (
                    <SelectCell
                      select={select}
                      row={row}
                      id={`pick-${key}`}
                      cellClass={cn(styles.cell, compact && COMPACT.box)}
                      boxClass={compact ? "align-middle" : undefined}
                    />
                  )}
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
  boxClass,
}: {
  select: RowSelection<Row>;
  row: Row;
  id: string;
  cellClass: string;
  boxClass?: string;
}) {
  return (
    <td className={cn(cellClass, "whitespace-nowrap")}>
      <input
        id={id}
        type="checkbox"
        name={select.name}
        value={select.value(row)}
        form={select.form}
        className={cn("size-5", boxClass)}
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
