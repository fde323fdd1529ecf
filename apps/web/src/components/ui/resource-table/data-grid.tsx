import type { ReactNode } from "react";
import { buttonClass } from "../styles";
import { formatCell } from "./cells";
import type { ListQuery, ResourceColumn, Row } from "./types";

/** The rows of a resource table's page: sortable headers, selection, and each row's actions. */
export function DataGrid<R extends Row>({
  title,
  columns,
  rows,
  query,
  numPages,
  busy,
  selection,
  onSort,
  rowLabel,
  rowActions,
  onView,
  onEdit,
  onDelete,
}: {
  title: string;
  columns: readonly ResourceColumn<R>[];
  rows: readonly R[];
  query: ListQuery;
  numPages: number;
  busy: boolean;
  /** The rows ticked, when rows can be selected. */
  selection?: { selected: ReadonlySet<number>; onChange: (next: ReadonlySet<number>) => void };
  onSort: (field: string) => void;
  rowLabel: (row: R) => string;
  rowActions?: (row: R) => ReactNode;
  onView?: (id: number) => void;
  onEdit?: (id: number) => void;
  onDelete?: (row: R) => void;
}) {
  const allOnPage = !!selection && rows.length > 0 && rows.every((r) => selection.selected.has(r.id));
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm" aria-busy={busy}>
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">
          {title}, page {query.page} of {numPages}
        </caption>
        <thead className="bg-slate-50">
          <tr>
            {selection ? (
              <th scope="col" className="w-10 px-3 py-3">
                <input
                  type="checkbox"
                  aria-label="Select all on this page"
                  className="size-4 accent-red-700"
                  checked={allOnPage}
                  onChange={(e) => selection.onChange(e.target.checked ? new Set(rows.map((r) => r.id)) : new Set())}
                />
              </th>
            ) : null}
            {columns.map((column) => {
              const isSorted = query.sort.field === column.key;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={isSorted ? (query.sort.direction === "asc" ? "ascending" : "descending") : undefined}
                  className={`px-3 py-3 font-semibold text-slate-700 ${column.align === "right" ? "text-right" : "text-left"} ${column.hideOnMobile ? "hidden sm:table-cell" : ""}`}
                >
                  {column.sortable ? (
                    <button
                      type="button"
                      className="inline-flex items-center gap-1 rounded hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-red-700"
                      onClick={() => onSort(column.key)}
                    >
                      {column.label}
                      <span aria-hidden="true" className="text-slate-400">
                        {isSorted ? (query.sort.direction === "asc" ? "▲" : "▼") : "↕"}
                      </span>
                    </button>
                  ) : (
                    column.label
                  )}
                </th>
              );
            })}
            <th scope="col" className="px-3 py-3 text-right font-semibold text-slate-700">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.id} className={selection?.selected.has(row.id) ? "bg-red-50/50" : "hover:bg-slate-50"}>
              {selection ? (
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label={`Select ${rowLabel(row)}`}
                    className="size-4 accent-red-700"
                    checked={selection.selected.has(row.id)}
                    onChange={(e) => {
                      const next = new Set(selection.selected);
                      if (e.target.checked) next.add(row.id);
                      else next.delete(row.id);
                      selection.onChange(next);
                    }}
                  />
                </td>
              ) : null}
              {columns.map((column) => (
                <td
                  key={column.key}
                  className={`px-3 py-2 text-slate-800 ${column.align === "right" ? "text-right tabular-nums" : ""} ${column.hideOnMobile ? "hidden sm:table-cell" : ""}`}
                >
                  {column.render ? column.render(row) : formatCell(row[column.key])}
                </td>
              ))}
              <td className="px-3 py-2 text-right whitespace-nowrap">
                {rowActions?.(row)}
                {onView ? (
                  <button type="button" className={buttonClass.ghost} onClick={() => onView(row.id)} aria-label={`View ${rowLabel(row)}`}>
                    View
                  </button>
                ) : null}
                {onEdit ? (
                  <button type="button" className={buttonClass.ghost} onClick={() => onEdit(row.id)} aria-label={`Edit ${rowLabel(row)}`}>
                    Edit
                  </button>
                ) : null}
                {onDelete ? (
                  <button
                    type="button"
                    className={`${buttonClass.ghost} text-red-800`}
                    onClick={() => onDelete(row)}
                    aria-label={`Delete ${rowLabel(row)}`}
                  >
                    Delete
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
