import type { ReactNode } from "react";

/** One column of a DataTable: its header, how a row fills its cell, and how it sits. */
export type Column<T> = {
  key: string;
  header: ReactNode;
  /** The header is read by screen readers only (a column of buttons or links). */
  isHeaderHidden?: boolean;
  cell: (row: T) => ReactNode;
  align?: "left" | "right";
  /** Hidden on screens narrower than this breakpoint (the row stays readable at 390 px). */
  hideBelow?: "sm" | "md";
  /** The cell names its row (`<th scope="row">`). */
  isRowHeader?: boolean;
  /** Extra classes for the cells (and the header, with `headerClassName`). */
  className?: string;
  headerClassName?: string;
};

const DENSITY = {
  compact: {
    head: "text-xs text-slate-500",
    th: "py-1.5 pr-3 font-medium last:pr-0",
    td: "py-2 pr-3 last:pr-0",
  },
  roomy: {
    head: "border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase",
    th: "px-3 py-2 font-semibold first:pl-5 sm:first:pl-3",
    td: "px-3 py-3 first:pl-5 sm:first:pl-3",
  },
} as const;

const hidden = { sm: "hidden sm:table-cell", md: "hidden md:table-cell" } as const;

function cellClass<T>(column: Column<T>, base: string, extra?: string) {
  return [base, column.align === "right" ? "text-right" : "", column.hideBelow ? hidden[column.hideBelow] : "", extra ?? ""]
    .filter(Boolean)
    .join(" ");
}

/**
 * The staff screens' and account pages' plain tables: a caption for screen readers, column
 * headers with scope, the same spacing everywhere, and columns that step aside on a phone.
 */
export function DataTable<T>({
  rows,
  rowKey,
  columns,
  caption,
  density = "compact",
  isHeadSticky = false,
  className = "w-full",
}: {
  rows: readonly T[];
  rowKey: (row: T) => string | number;
  columns: readonly Column<T>[];
  caption?: string;
  density?: keyof typeof DENSITY;
  isHeadSticky?: boolean;
  className?: string;
}) {
  const d = DENSITY[density];
  return (
    <table className={`${className} text-left text-sm`}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead className={`${d.head} ${isHeadSticky ? "sticky top-0 bg-white" : ""}`}>
        <tr>
          {columns.map((c) => (
            <th key={c.key} scope="col" className={cellClass(c, d.th, c.headerClassName)}>
              {c.isHeaderHidden ? <span className="sr-only">{c.header}</span> : c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) =>
              c.isRowHeader ? (
                <th key={c.key} scope="row" className={cellClass(c, `${d.td} font-medium text-slate-800`, c.className)}>
                  {c.cell(row)}
                </th>
              ) : (
                <td key={c.key} className={cellClass(c, d.td, c.className)}>
                  {c.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
