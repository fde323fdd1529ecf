import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { ApiError, toFormError } from "../../../lib/api-client";
import { saveBlob } from "../../../lib/files";
import { useNavigate, useSearchParams } from "../../../lib/navigation";
import { Alert } from "../alert";
import { ConfirmModal } from "../confirm-modal";
import { PageHeader } from "../page-header";
import { Spinner } from "../spinner";
import { buttonClass } from "../styles";
import { showToast } from "../toast";
import { DataGrid } from "./data-grid";
import { FilterSelect } from "./filter-select";
import { resourceKeys } from "./keys";
import { Pagination } from "./pagination";
import { EditPanel, ViewPanel } from "./panels";
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
import { mergeParams, nextSort, readListQuery, writeListQuery } from "./url-state";

export { formatCell } from "./cells";

export interface ResourceTableProps<R extends Row> {
  title: string;
  /** Without one the table is part of a screen that has its own header (a tab): no page header, its buttons stand above the table. */
  description?: string;
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
  /** A record's history, under its view panel and its edit form (the app composes it in). */
  history?: (id: number) => ReactNode;
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
    history,
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
    queryKey: resourceKeys.list(resourceKey, query),
    queryFn: ({ signal }) => source.list(query, signal),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.rows ?? [];
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState<{ ids: number[]; label: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKeys.all(resourceKey) });

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
  const isFiltered = !!query.search || Object.keys(query.filters).length > 0;
  const searchId = useId();

  const headerActions = (
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
  );

  return (
    <div>
      {description === undefined ? (
        <div className="mb-4 flex flex-wrap justify-end gap-2 empty:hidden">{headerActions}</div>
      ) : (
        <PageHeader title={title} description={description} actions={headerActions} />
      )}

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
        <DataGrid
          title={title}
          columns={columns}
          rows={rows}
          query={query}
          numPages={numPages}
          busy={list.isFetching}
          selection={canSelect ? { selected, onChange: setSelected } : undefined}
          onSort={(field) => setQuery({ sort: nextSort(query.sort, field), page: 1 })}
          rowLabel={rowLabel}
          rowActions={rowActions}
          onView={paths.view ? (id) => go(paths.view!(id)) : undefined}
          onEdit={canEdit && paths.edit ? (id) => go(paths.edit!(id)) : undefined}
          onDelete={canDelete ? (row) => setConfirming({ ids: [row.id], label: rowLabel(row) }) : undefined}
        />
      )}

      {total > 0 ? (
        <Pagination
          page={query.page}
          size={query.size}
          total={total}
          totalCapped={list.data?.totalCapped}
          totalEstimated={list.data?.totalEstimated}
          numPages={numPages}
          onPage={(page) => setQuery({ page })}
          onSize={(size) => setQuery({ size, page: 1 })}
        />
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
          history={history?.(mode.id)}
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
          history={history?.(mode.id)}
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
