import { type ReactNode, useMemo } from "react";
import { ResourceTable } from "../../../components/ui/resource-table/resource-table";
import { panelRoutes, useAdminPanel } from "../../../components/ui/resource-table/route-mode";
import type { ResourceColumn, ResourceField } from "../../../components/ui/resource-table/types";
import { recordsSource } from "../../../lib/records-source";

const columns: ResourceColumn[] = [
  { key: "title", label: "Title", sortable: true },
  { key: "slug", label: "Address", sortable: true, render: (r) => <code className="text-xs">/{String(r.slug)}</code> },
  {
    key: "published",
    label: "Status",
    sortable: true,
    render: (r) => (
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium ${r.published ? "bg-emerald-50 text-emerald-800" : "bg-amber-50 text-amber-800"}`}
      >
        {r.published ? "Published" : "Draft"}
      </span>
    ),
  },
  { key: "updated_at", label: "Updated", sortable: true, hideOnMobile: true },
];

const fields: ResourceField[] = [
  { name: "title", label: "Title", kind: "text", required: true, maxLength: 120 },
  {
    name: "slug",
    label: "Address",
    kind: "text",
    required: true,
    maxLength: 60,
    hint: "The page's path without the slash: faq and contact-us replace the built-in pages; any other word makes a new page.",
  },
  {
    name: "body",
    label: "Body",
    kind: "textarea",
    required: true,
    maxLength: 200_000,
    hint: "HTML: headings, paragraphs, lists and links. Scripts and styles are removed.",
  },
  { name: "published", label: "Published", kind: "checkbox" },
];

const routes = panelRoutes({ list: "/admin/pages", add: "/admin/pages/new", edit: "/admin/pages/edit/", view: "/admin/pages/view/" });

/**
 * Public content pages: the FAQ, contact and terms pages, and any other page by address.
 * `historyOf`: a page's activity-log history, under its details and its edit form (composed in by the app).
 */
export function PagesPage({ historyOf }: { historyOf?: (id: number) => ReactNode } = {}) {
  const source = useMemo(() => recordsSource("pages", { searchField: "title" }), []);
  return (
    <ResourceTable
      title="Pages"
      description="Public pages. A published page with the address faq or contact-us replaces the built-in one; others appear at their own address."
      singular="page"
      resourceKey="pages"
      source={source}
      columns={columns}
      fields={fields}
      filters={[
        {
          name: "published",
          label: "Status",
          options: [
            { value: "true", label: "Published" },
            { value: "false", label: "Draft" },
          ],
        },
      ]}
      searchLabel="Search by title"
      defaultSort={{ field: "updated_at", direction: "desc" }}
      {...useAdminPanel(routes)}
      rowLabel={(r) => String(r.title)}
      history={historyOf}
    />
  );
}
