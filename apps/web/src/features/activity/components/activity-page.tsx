import { ACTIVITY_KIND_LABELS, ACTIVITY_KINDS, ACTIVITY_RECORD_TABLES, type ActivityEntry } from "@academy/contract/activity";
import { useMemo } from "react";
import { ResourceTable } from "../../../components/ui/resource-table/resource-table";
import type { ListQuery, ResourceColumn, ResourceFilter, ResourceSource, Row } from "../../../components/ui/resource-table/types";
import { formatDateTime } from "../../../lib/format";
import { type ActivityFilters, exportActivity, listActivity, useStaffOptions } from "../api/activity";
import { Changes } from "./changes";

type EntryRow = ActivityEntry & Row;

const KIND_OPTIONS = ACTIVITY_KINDS.map((kind) => ({ value: kind, label: ACTIVITY_KIND_LABELS[kind] }));
const RECORD_OPTIONS = Object.entries(ACTIVITY_RECORD_TABLES).map(([value, label]) => ({ value, label }));
const recordLabel = (table: string) => ACTIVITY_RECORD_TABLES[table as keyof typeof ACTIVITY_RECORD_TABLES] ?? table;

/** The table's filters as the server's (a number typed in the id box goes as a number; anything else the server refuses). */
function filtersOf(query: ListQuery): ActivityFilters {
  const f = query.filters;
  const whole = (s: string | undefined) => (s && /^\d+$/.test(s) ? Number(s) : undefined);
  return {
    actor_id: whole(f.actor_id),
    kind: f.kind as ActivityFilters["kind"],
    record_table: f.record_table as ActivityFilters["record_table"],
    record_id: whole(f.record_id),
    from: f.from || undefined,
    to: f.to || undefined,
  };
}

function activitySource(): ResourceSource<EntryRow> {
  return {
    async list(query, signal) {
      const answer = await listActivity(
        { ...filtersOf(query), page: query.page, limit: query.size, direction: query.sort.direction },
        signal,
      );
      return { rows: answer.list as EntryRow[], total: answer.total, numPages: answer.num_pages };
    },
    async get(id) {
      // Entries are read in the list; nothing opens one by itself.
      throw new Error(`Activity entry ${id} is shown in the list`);
    },
    exportCsv: (query) => exportActivity(filtersOf(query)),
  };
}

const columns: ResourceColumn<EntryRow>[] = [
  { key: "at", label: "When", sortable: true, render: (r) => <span className="whitespace-nowrap">{formatDateTime(r.at)}</span> },
  {
    key: "actor_email",
    label: "Who",
    render: (r) => (
      <span>
        {r.actor_name || r.actor_email}
        {r.actor_name ? <span className="block text-xs text-slate-500">{r.actor_email}</span> : null}
      </span>
    ),
  },
  { key: "kind", label: "What", render: (r) => ACTIVITY_KIND_LABELS[r.kind] },
  {
    key: "record_table",
    label: "Record",
    hideOnMobile: true,
    render: (r) => (
      <span className="whitespace-nowrap">
        {recordLabel(r.record_table)} #{r.record_id}
      </span>
    ),
  },
  { key: "summary", label: "Summary" },
  { key: "after", label: "Changes", hideOnMobile: true, render: (r) => <Changes entry={r} /> },
];

/** /admin/activity: who changed what and when, filtered by person, kind, record and dates, exported as CSV. */
export function ActivityPage() {
  const source = useMemo(activitySource, []);
  const staff = useStaffOptions();
  const filters = useMemo<ResourceFilter[]>(
    () => [
      { name: "actor_id", label: "Who", options: staff.data ?? [] },
      { name: "kind", label: "What", options: KIND_OPTIONS },
      { name: "record_table", label: "Record type", options: RECORD_OPTIONS },
      { name: "record_id", label: "Record id", options: [], input: "number" },
      { name: "from", label: "From", options: [], input: "date" },
      { name: "to", label: "To", options: [], input: "date" },
    ],
    [staff.data],
  );
  return (
    <ResourceTable<EntryRow>
      title="Activity log"
      description="What staff changed: accounts, payment objects, content and settings, with the fields before and after. Passwords and codes are never kept."
      singular="entry"
      resourceKey="activity"
      source={source}
      columns={columns}
      filters={filters}
      defaultSort={{ field: "at", direction: "desc" }}
      paths={{ list: "/admin/activity" }}
      mode={{ kind: "list" }}
      rowLabel={(r) => r.summary}
      canExport
    />
  );
}
