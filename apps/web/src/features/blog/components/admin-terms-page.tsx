import type { BlogCategory, BlogTag } from "@academy/contract/blog";
import { useMemo } from "react";
import { ResourceTable } from "../../../components/ui/resource-table/resource-table";
import { panelRoutes, useAdminPanel } from "../../../components/ui/resource-table/route-mode";
import type { ListQuery, ResourceColumn, ResourceField, ResourceSource } from "../../../components/ui/resource-table/types";
import { buttonClass } from "../../../components/ui/styles";
import { Link } from "../../../lib/navigation";
import { createCategory, createTag, deleteCategory, deleteTag, listCategories, listTags, renameCategory, renameTag } from "../api/terms";

type TermRow = (BlogCategory | BlogTag) & { description?: string };

/** The lists are short and answered whole: search, sort and paging happen here. */
function pageOf(rows: TermRow[], query: ListQuery) {
  const q = query.search.trim().toLowerCase();
  const found = q ? rows.filter((r) => r.name.toLowerCase().includes(q) || r.slug.includes(q)) : rows;
  const key = query.sort.field as keyof TermRow;
  const sorted = [...found].sort((a, b) => {
    const x = a[key] ?? "";
    const y = b[key] ?? "";
    const order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y));
    return query.sort.direction === "asc" ? order : -order;
  });
  const start = (query.page - 1) * query.size;
  return {
    rows: sorted.slice(start, start + query.size),
    total: found.length,
    numPages: Math.max(1, Math.ceil(found.length / query.size)),
  };
}

const SLUG_FIELD: ResourceField = {
  name: "slug",
  label: "Slug",
  kind: "text",
  maxLength: 80,
  hint: "Used in addresses (/blog?tag=emt). Left blank, it is made from the name (and kept as it is when renaming).",
};

const KINDS = {
  categories: {
    title: "Blog categories",
    singular: "category",
    description: "The sections of the blog. Visitors filter posts by category; deleting one leaves its posts in place.",
    source: {
      list: async (query) => pageOf(await listCategories(), query),
      get: async (id) => {
        const row = (await listCategories()).find((c) => c.id === id);
        if (!row) throw new Error("Category not found");
        return row;
      },
      create: async (values) => createCategory(values as { name: string; slug?: string; description?: string }),
      update: async (id, values) => {
        await renameCategory(id, values as { name: string; slug?: string; description?: string });
      },
      remove: deleteCategory,
    } satisfies ResourceSource<TermRow>,
    fields: [
      { name: "name", label: "Name", kind: "text", required: true, maxLength: 60 },
      SLUG_FIELD,
      { name: "description", label: "Description", kind: "textarea", maxLength: 300 },
    ] satisfies ResourceField[],
  },
  tags: {
    title: "Blog tags",
    singular: "tag",
    description: "Topics across categories (EMS, dispatch, exam day). Deleting a tag takes it off its posts.",
    source: {
      list: async (query) => pageOf(await listTags(), query),
      get: async (id) => {
        const row = (await listTags()).find((c) => c.id === id);
        if (!row) throw new Error("Tag not found");
        return row;
      },
      create: async (values) => createTag(values as { name: string; slug?: string }),
      update: async (id, values) => {
        await renameTag(id, values as { name: string; slug?: string });
      },
      remove: deleteTag,
    } satisfies ResourceSource<TermRow>,
    fields: [{ name: "name", label: "Name", kind: "text", required: true, maxLength: 40 }, SLUG_FIELD] satisfies ResourceField[],
  },
} as const;

const columns: ResourceColumn<TermRow>[] = [
  { key: "name", label: "Name", sortable: true },
  { key: "slug", label: "Slug", sortable: true, render: (r) => <code className="text-xs">{r.slug}</code> },
  { key: "post_count", label: "Posts", sortable: true, align: "right" },
];

/** /admin/blog/categories and /admin/blog/tags: add, rename and delete the blog's categories and tags. */
export function AdminBlogTermsPage({ kind }: { kind: keyof typeof KINDS }) {
  const base = `/admin/blog/${kind}`;
  const routes = useMemo(() => panelRoutes({ list: base, add: `${base}/new`, edit: `${base}/edit/` }), [base]);
  const panel = useAdminPanel(routes);
  const k = KINDS[kind];
  return (
    <ResourceTable<TermRow>
      key={kind}
      title={k.title}
      description={k.description}
      singular={k.singular}
      resourceKey={`blog-${kind}`}
      source={k.source}
      columns={columns}
      fields={k.fields}
      searchLabel="Search by name"
      defaultSort={{ field: "name", direction: "asc" }}
      {...panel}
      rowLabel={(r) => r.name}
      toolbar={
        <Link to="/admin/blog" className={buttonClass.secondary}>
          All posts
        </Link>
      }
    />
  );
}
