import type { CmsEntryCreated } from "@academy/contract/cms";
import { type ReactNode, useMemo } from "react";
import { ResourceTable } from "../../../components/ui/resource-table/resource-table";
import { panelRoutes, useAdminPanel } from "../../../components/ui/resource-table/route-mode";
import type { ResourceColumn, ResourceField, ResourceSource, Row } from "../../../components/ui/resource-table/types";
import { api, unwrap } from "../../../lib/api-client";
import { invalidateCms } from "../../../lib/cms";
import { cmsKeyRows } from "../../../lib/cms-keys";
import type { Answer } from "../../../lib/contract";
import { recordsSource } from "../../../lib/records-source";

const TYPES = [
  { value: "text", label: "Text" },
  { value: "rich_text", label: "Rich text (HTML)" },
  { value: "image", label: "Image URL" },
  { value: "number", label: "Number" },
  { value: "json", label: "JSON" },
] as const;

const columns: ResourceColumn[] = [
  { key: "page", label: "Page", sortable: true },
  { key: "key", label: "Key", sortable: true },
  {
    key: "type",
    label: "Type",
    sortable: true,
    hideOnMobile: true,
    render: (r) => TYPES.find((t) => t.value === r.type)?.label ?? String(r.type),
  },
  { key: "value", label: "Value", render: (r) => <span className="line-clamp-2 max-w-md break-words">{String(r.value ?? "")}</span> },
];

const fields: ResourceField[] = [
  { name: "page", label: "Page", kind: "text", required: true, maxLength: 60, hint: "The screen that reads it, e.g. landing." },
  { name: "key", label: "Key", kind: "text", required: true, maxLength: 80, hint: "e.g. hero_title" },
  { name: "type", label: "Type", kind: "select", required: true, options: TYPES },
  { name: "value", label: "Value", kind: "textarea", required: true, maxLength: 20_000 },
];

/** Lists through the records API; adds and edits through the spec's `cms` calls. */
function cmsSource(): ResourceSource<Row> {
  const records = recordsSource("cms", { searchField: "key" });
  return {
    ...records,
    async create(values) {
      const answer = await unwrap(api.post<Answer<typeof CmsEntryCreated>>("/v2/api/lambda/cms", values));
      invalidateCms(String(values.page));
      return { id: answer.data };
    },
    async update(id, values) {
      await unwrap(api.put(`/v2/api/lambda/cms/${id}`, values));
      invalidateCms();
    },
  };
}

const routes = panelRoutes({ list: "/admin/cms", add: "/admin/add-cms", edit: "/admin/edit-cms/" });

/**
 * Keyed copy and images that screens read, each with a built-in default. `historyOf`: an entry's
 * activity-log history, under its edit form (composed in by the app).
 */
export function CmsPage({ historyOf }: { historyOf?: (id: number) => ReactNode } = {}) {
  const panel = useAdminPanel(routes);
  const source = useMemo(cmsSource, []);
  return (
    <>
      <ResourceTable
        title="CMS"
        description="Text and images that screens read for their copy. A screen shows its built-in text until an entry overrides it."
        singular="entry"
        resourceKey="cms"
        source={source}
        columns={columns}
        fields={fields}
        filters={[{ name: "type", label: "Type", options: TYPES }]}
        searchLabel="Search by key"
        defaultSort={{ field: "page", direction: "asc" }}
        {...panel}
        rowLabel={(r) => `${r.page}.${r.key}`}
        history={historyOf}
      />
      <CmsKeys />
    </>
  );
}

/** Every key a screen reads (the registry in lib/cms-keys.ts), with the text it shows without an entry. */
function CmsKeys() {
  const rows = cmsKeyRows();
  return (
    <section aria-labelledby="cms-keys-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="cms-keys-heading" className="font-semibold text-slate-900">
        Keys the screens read
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Add an entry with the page and key below to replace a default. Keys not listed here are not shown anywhere.
      </p>
      <ul className="mt-4 divide-y divide-slate-100">
        {rows.map((r) => (
          <li key={`${r.page}.${r.key}`} className="py-3 text-sm" data-testid="cms-key">
            <p className="font-medium break-words text-slate-900">
              <code>
                {r.page}.{r.key}
              </code>{" "}
              <span className="font-normal text-slate-500">· {r.label}</span>
            </p>
            <p className="mt-1 break-words text-slate-700">
              <span className="text-slate-500">Default: </span>
              {r.default}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
