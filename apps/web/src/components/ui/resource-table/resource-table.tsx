import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { ApiError, type FieldErrors, saveBlob, toFormError } from "../../../lib/api-client";
import { useNavigate, useSearchParams } from "../../../lib/navigation";
import { Alert } from "../alert";
import { ConfirmModal } from "../confirm-modal";
import { PageHeader } from "../page-header";
import { SidePanel } from "../side-panel";
import { Spinner } from "../spinner";
import { buttonClass } from "../styles";
import { showToast } from "../toast";
import { ResourceForm } from "./resource-form";
import type {
  BulkAction,
  FormValues,
  ListQuery,
  PanelMode,
  ResourceColumn,
  ResourceField,
  ResourceFilter,
  ResourcePaths,
  ResourceSource,
  Row,
} from "./types";
import { mergeParams, nextSort, PAGE_SIZES, readListQuery, writeListQuery } from "./url-state";

export interface ResourceTableProps<R extends Row> {
  title: string;
  description: string;
  /** "package": used in buttons, panel titles and messages. */
  singular: string;
  /** Cache key of this resource's queries. */
  resourceKey: string;
  source: ResourceSource<R>;
  columns: readonly ResourceColumn<R>[];
  /** Add and edit forms; without fields the table is read-only. */
  fields?: readonly ResourceField[];
  filters?: readonly ResourceFilter[];
  /** The label of the search box; without it there is no search. */
  searchLabel?: string;
  /** Newest first (id descending) unless given. */
  defaultSort?: ListQuery["sort"];
  pageSize?: number;
  paths: ResourcePaths;
  mode: PanelMode;
  canCreate?: boolean;
  canEdit?: boolean;
  canDelete?: boolean;
  canExport?: boolean;
  /** What the view panel shows; defaults to the columns as a list. */
  renderView?: (row: R) => ReactNode;
  /** A row's name in messages ("Delete Core?"). */
  rowLabel?: (row: R) => string;
  /** Extra buttons in a row's action cell (e.g. "Retry"). */
  rowActions?: (row: R) => ReactNode;
  /** Shown under the add/edit form, re-rendered as the values change (a live preview). */
  preview?: (values: FormValues) => ReactNode;
  /** Buttons over the selected rows besides delete; with them, rows can be selected even where delete is off. */
  bulkActions?: readonly BulkAction[];
  /** Shown between the header and the search (e.g. tabs between related tables). */
  toolbar?: ReactNode;
}

const NEWEST_FIRST: ListQuery["sort"] = { field: "id", direction: "desc" };

/**
 * The one table of the admin console: server-side paging, sorting, search and filters kept
 * in the URL; add, edit and view in a side panel opened by the route; delete with
 * confirmation; bulk delete of selected rows; CSV export where the screen turns it on.
 */
export function ResourceTable<R extends Row>(props: ResourceTableProps<R>) {
  const {
    title,
    description,
    singular,
    resourceKey,
    source,
    columns,
    fields = [],
    filters = [],
    searchLabel,
    defaultSort = NEWEST_FIRST,
    pageSize = 20,
    paths,
    mode,
    canCreate = fields.length > 0 && !!source.create,
    canEdit = fields.length > 0 && !!source.update,
    canDelete = !!source.remove,
    canExport = false,
    renderView,
    rowLabel = (row) => String(row.name ?? row.title ?? row.email ?? `#${row.id}`),
    rowActions,
    preview,
    bulkActions = [],
    toolbar,
  } = props;
  const canSelect = canDelete || bulkActions.length > 0;
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const defaults = useMemo(
    () => ({
      size: pageSize,
      sort: defaultSort,
      sortable: columns.filter((c) => c.sortable).map((c) => c.key),
      filterable: filters.map((f) => f.name),
    }),
    [pageSize, defaultSort, columns, filters],
  );
  const query = readListQuery(params, defaults);
  const [searchText, setSearchText] = useState(query.search);
  const setQuery = (next: Partial<ListQuery>) => setParams(mergeParams(params, writeListQuery({ ...query, ...next }, defaults)));
  // Opening a panel right after typing in the search takes the typed search along and drops the
  // pending update: fired later, it would navigate from the list's old location and close the panel.
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const go = (path: string) => {
    clearTimeout(searchTimer.current);
    const typed = searchText.trim();
    const next = typed === query.search ? params : mergeParams(params, writeListQuery({ ...query, search: typed, page: 1 }, defaults));
    navigate({ pathname: path, search: next.toString() ? `?${next}` : "" });
  };
  const closePanel = () => go(paths.list);

  const list = useQuery({
    queryKey: [resourceKey, "list", query],
    queryFn: ({ signal }) => source.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState<{ ids: number[]; label: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: [resourceKey] });

  // Selection belongs to the rows on screen.
  const pageKey = JSON.stringify(query);
  const lastPageKey = useRef(pageKey);
  useEffect(() => {
    if (lastPageKey.current !== pageKey) {
      lastPageKey.current = pageKey;
      setSelected(new Set());
    }
  }, [pageKey]);

  const remove = useMutation({
    mutationFn: async (ids: number[]) => {
      const failures: string[] = [];
      for (const id of ids) {
        try {
          await source.remove?.(id);
        } catch (e) {
          if (e instanceof ApiError && e.status === 401) throw e;
          failures.push(toFormError(e).message);
        }
      }
      return { removed: ids.length - failures.length, failures };
    },
    onSuccess: ({ removed, failures }) => {
      setConfirming(null);
      setSelected(new Set());
      if (failures.length)
        showToast(
          removed ? `Deleted ${removed}; ${failures.length} could not be: ${failures[0]}` : (failures[0] ?? "Could not delete"),
          "error",
        );
      else showToast(removed === 1 ? `The ${singular} was deleted` : `${removed} ${singular}s were deleted`);
      if (mode.kind !== "list") closePanel();
      return refresh();
    },
  });

  const bulk = useMutation({
    mutationFn: ({ action, ids }: { action: BulkAction; ids: number[] }) => action.run(ids),
    onSuccess: (message) => {
      setSelected(new Set());
      showToast(message);
    },
    onError: (e) => showToast(toFormError(e).message, "error"),
    onSettled: () => refresh(),
  });

  const exportCsv = useMutation({
    mutationFn: () => source.exportCsv!(query),
    onSuccess: (blob) => saveBlob(blob, `${resourceKey}.csv`),
    onError: (e) => showToast(toFormError(e).message, "error"),
  });

  useEffect(() => setSearchText(query.search), [query.search]);
  useEffect(() => {
    if (searchText === query.search) return;
    searchTimer.current = setTimeout(() => setQuery({ search: searchText.trim(), page: 1 }), 300);
    return () => clearTimeout(searchTimer.current);
  });

  const total = list.data?.total ?? 0;
  const numPages = Math.max(1, list.data?.numPages ?? 1);
  const from = total === 0 ? 0 : (query.page - 1) * query.size + 1;
  const to = Math.min(total, query.page * query.size);
  const isFiltered = !!query.search || Object.keys(query.filters).length > 0;
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const searchId = useId();

  return (
    <div>
      <PageHeader
        title={title}
        description={description}
        actions={
          <>
            {canExport && source.exportCsv ? (
              <button type="button" className={buttonClass.secondary} onClick={() => exportCsv.mutate()} disabled={exportCsv.isPending}>
                {exportCsv.isPending ? "Exporting…" : "Export CSV"}
              </button>
            ) : null}
            {canCreate && paths.add ? (
              <button type="button" className={buttonClass.primary} onClick={() => go(paths.add!)}>
                Add {singular}
              </button>
            ) : null}
          </>
        }
      />

      {toolbar}

      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        {searchLabel ? (
          <div className="sm:w-72">
            <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
              {searchLabel}
            </label>
            <input
              id={searchId}
              type="search"
              value={searchText}
              onChange={(e) => setSearchText(e.target.value)}
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700 sm:text-sm"
            />
          </div>
        ) : null}
        {filters.map((filter) => (
          <FilterSelect
            key={filter.name}
            filter={filter}
            value={query.filters[filter.name] ?? ""}
            onChange={(value) => {
              const next = { ...query.filters };
              if (value) next[filter.name] = value;
              else delete next[filter.name];
              setQuery({ filters: next, page: 1 });
            }}
          />
        ))}
        {isFiltered ? (
          <button type="button" className={buttonClass.ghost} onClick={() => setParams(mergeParams(params, new URLSearchParams()))}>
            Clear filters
          </button>
        ) : null}
        {selected.size > 0 ? (
          <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
            <span className="text-sm text-slate-600">{selected.size} selected</span>
            {bulkActions.map((action) => (
              <button
                key={action.label}
                type="button"
                className={buttonClass.secondary}
                disabled={bulk.isPending}
                onClick={() => bulk.mutate({ action, ids: [...selected] })}
              >
                {action.label}
              </button>
            ))}
          </div>
        ) : null}
        {canDelete && selected.size > 0 ? (
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() =>
              setConfirming({ ids: [...selected], label: `${selected.size} selected ${selected.size === 1 ? singular : `${singular}s`}` })
            }
          >
            Delete selected ({selected.size})
          </button>
        ) : null}
      </div>

      {list.isError ? (
        <Alert>
          <p>{toFormError(list.error).message}</p>
          <button type="button" className={`${buttonClass.ghost} mt-2 -ml-3`} onClick={() => list.refetch()}>
            Try again
          </button>
        </Alert>
      ) : list.isPending ? (
        <Spinner label={`Loading ${singular}s…`} />
      ) : rows.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-medium text-slate-900">{isFiltered ? `No ${singular}s match` : `No ${singular}s yet`}</p>
          <p className="mt-1 text-sm text-slate-600">
            {isFiltered ? "Try another search or clear the filters." : canCreate ? `Add the first ${singular}.` : "They will show here."}
          </p>
        </div>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm" aria-busy={list.isFetching}>
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">
              {title}, page {query.page} of {numPages}
            </caption>
            <thead className="bg-slate-50">
              <tr>
                {canSelect ? (
                  <th scope="col" className="w-10 px-3 py-3">
                    <input
                      type="checkbox"
                      aria-label="Select all on this page"
                      className="size-4 accent-red-700"
                      checked={allOnPage}
                      onChange={(e) => setSelected(e.target.checked ? new Set(rows.map((r) => r.id)) : new Set())}
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
                          onClick={() => setQuery({ sort: nextSort(query.sort, column.key), page: 1 })}
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
                <tr key={row.id} className={selected.has(row.id) ? "bg-red-50/50" : "hover:bg-slate-50"}>
                  {canSelect ? (
                    <td className="px-3 py-2">
                      <input
                        type="checkbox"
                        aria-label={`Select ${rowLabel(row)}`}
                        className="size-4 accent-red-700"
                        checked={selected.has(row.id)}
                        onChange={(e) => {
                          const next = new Set(selected);
                          if (e.target.checked) next.add(row.id);
                          else next.delete(row.id);
                          setSelected(next);
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
                    {paths.view ? (
                      <button
                        type="button"
                        className={buttonClass.ghost}
                        onClick={() => go(paths.view!(row.id))}
                        aria-label={`View ${rowLabel(row)}`}
                      >
                        View
                      </button>
                    ) : null}
                    {canEdit && paths.edit ? (
                      <button
                        type="button"
                        className={buttonClass.ghost}
                        onClick={() => go(paths.edit!(row.id))}
                        aria-label={`Edit ${rowLabel(row)}`}
                      >
                        Edit
                      </button>
                    ) : null}
                    {canDelete ? (
                      <button
                        type="button"
                        className={`${buttonClass.ghost} text-red-800`}
                        onClick={() => setConfirming({ ids: [row.id], label: rowLabel(row) })}
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
      )}

      {total > 0 ? (
        <nav aria-label="Pages" className="mt-4 flex flex-col gap-3 text-sm text-slate-700 sm:flex-row sm:items-center sm:justify-between">
          <p aria-live="polite">
            Showing {from}–{to} of {total}
          </p>
          <div className="flex items-center gap-2">
            <label className="flex items-center gap-2">
              Rows per page
              <select
                value={query.size}
                onChange={(e) => setQuery({ size: Number(e.target.value), page: 1 })}
                className="rounded-lg border border-slate-300 bg-white px-2 py-1.5"
              >
                {PAGE_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={query.page <= 1}
              onClick={() => setQuery({ page: query.page - 1 })}
            >
              Previous
            </button>
            <span>
              Page {query.page} of {numPages}
            </span>
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={query.page >= numPages}
              onClick={() => setQuery({ page: query.page + 1 })}
            >
              Next
            </button>
          </div>
        </nav>
      ) : null}

      {mode.kind === "add" && canCreate ? (
        <EditPanel
          singular={singular}
          resourceKey={resourceKey}
          fields={fields}
          source={source}
          preview={preview}
          onClose={closePanel}
          onSaved={(id) => (paths.view ? go(paths.view(id)) : closePanel())}
        />
      ) : null}
      {mode.kind === "edit" && canEdit ? (
        <EditPanel
          singular={singular}
          resourceKey={resourceKey}
          fields={fields}
          source={source}
          preview={preview}
          id={mode.id}
          onClose={closePanel}
          onSaved={closePanel}
        />
      ) : null}
      {mode.kind === "view" ? (
        <ViewPanel
          singular={singular}
          resourceKey={resourceKey}
          source={source}
          id={mode.id}
          columns={columns}
          renderView={renderView}
          onClose={closePanel}
          onEdit={canEdit && paths.edit ? () => go(paths.edit!(mode.id)) : undefined}
        />
      ) : null}

      {confirming ? (
        <ConfirmModal
          title={`Delete ${confirming.label}?`}
          confirmLabel="Delete"
          pendingLabel="Deleting…"
          isPending={remove.isPending}
          onConfirm={() => remove.mutate(confirming.ids)}
          onCancel={() => setConfirming(null)}
        >
          <p>This cannot be undone.</p>
        </ConfirmModal>
      ) : null}
    </div>
  );
}

function FilterSelect({ filter, value, onChange }: { filter: ResourceFilter; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {filter.label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 block rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
      >
        <option value="">All</option>
        {filter.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function formatCell(value: unknown): ReactNode {
  if (value === null || value === undefined || value === "") return <span className="text-slate-400">—</span>;
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (Array.isArray(value)) return value.join(", ");
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T/.test(value)) return new Date(value).toLocaleString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

function EditPanel<R extends Row>({
  singular,
  resourceKey,
  fields,
  source,
  id,
  preview,
  onClose,
  onSaved,
}: {
  singular: string;
  resourceKey: string;
  fields: readonly ResourceField[];
  source: ResourceSource<R>;
  preview?: (values: FormValues) => ReactNode;
  id?: number;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const queryClient = useQueryClient();
  const formId = useId();
  const row = useQuery({ queryKey: [resourceKey, "row", id], queryFn: () => source.get(id!), enabled: id !== undefined });
  const [errors, setErrors] = useState<{ message: string | null; fields: FieldErrors }>({ message: null, fields: {} });
  const save = useMutation({
    mutationFn: async (values: Record<string, unknown>) => {
      if (id === undefined) return (await source.create!(values)).id;
      await source.update!(id, values);
      return id;
    },
    onSuccess: async (savedId) => {
      showToast(id === undefined ? `The ${singular} was added` : "Changes saved");
      await queryClient.invalidateQueries({ queryKey: [resourceKey] });
      onSaved(savedId);
    },
    onError: (e) => {
      const { message, fields: f } = toFormError(e);
      setErrors({ message, fields: f });
    },
  });
  const isCreate = id === undefined;
  return (
    <SidePanel
      title={isCreate ? `Add ${singular}` : `Edit ${singular}`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form={formId} className={buttonClass.primary} disabled={save.isPending || (!isCreate && !row.data)}>
            {save.isPending ? "Saving…" : isCreate ? `Add ${singular}` : "Save changes"}
          </button>
        </>
      }
    >
      {!isCreate && row.isPending ? (
        <Spinner />
      ) : !isCreate && row.isError ? (
        <Alert>{toFormError(row.error).message}</Alert>
      ) : (
        <ResourceForm
          formId={formId}
          fields={fields}
          preview={preview}
          row={row.data}
          serverErrors={errors.fields}
          message={errors.message}
          onSubmit={(values) => save.mutate(values)}
        />
      )}
    </SidePanel>
  );
}

function ViewPanel<R extends Row>({
  singular,
  resourceKey,
  source,
  id,
  columns,
  renderView,
  onClose,
  onEdit,
}: {
  singular: string;
  resourceKey: string;
  source: ResourceSource<R>;
  id: number;
  columns: readonly ResourceColumn<R>[];
  renderView?: (row: R) => ReactNode;
  onClose: () => void;
  onEdit?: () => void;
}) {
  const row = useQuery({ queryKey: [resourceKey, "row", id], queryFn: () => source.get(id) });
  return (
    <SidePanel
      title={`${singular[0]?.toUpperCase()}${singular.slice(1)} details`}
      onClose={onClose}
      footer={
        onEdit ? (
          <button type="button" className={buttonClass.primary} onClick={onEdit}>
            Edit
          </button>
        ) : undefined
      }
    >
      {row.isPending ? (
        <Spinner />
      ) : row.isError ? (
        <Alert>{toFormError(row.error).message}</Alert>
      ) : renderView ? (
        renderView(row.data)
      ) : (
        <dl className="divide-y divide-slate-100">
          {columns.map((column) => (
            <div key={column.key} className="grid grid-cols-3 gap-4 py-2.5 text-sm">
              <dt className="font-medium text-slate-600">{column.label}</dt>
              <dd className="col-span-2 text-slate-900">{column.render ? column.render(row.data) : formatCell(row.data[column.key])}</dd>
            </div>
          ))}
        </dl>
      )}
    </SidePanel>
  );
}
