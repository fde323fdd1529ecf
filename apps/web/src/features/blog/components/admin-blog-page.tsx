import type { BlogPostStatus, BlogPostSummary } from "@academy/contract/blog";
import type { ReactNode } from "react";
import { ResourceTable } from "../../../components/ui/resource-table/resource-table";
import { panelRoutes, useAdminPanel } from "../../../components/ui/resource-table/route-mode";
import type { ResourceColumn, ResourceSource } from "../../../components/ui/resource-table/types";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { formatDateTime } from "../../../lib/format";
import { Link } from "../../../lib/navigation";
import { getPost, listPosts } from "../api/posts";
import { deletePost } from "../api/save-post";
import { PostBody } from "./post-body";
import { StatusBadge } from "./status-badge";

type PostRow = BlogPostSummary & { body?: string };

const SORTS = ["publish_at", "updated_at", "created_at", "title"] as const;

const source: ResourceSource<PostRow> = {
  async list(query, signal) {
    const sort = SORTS.find((s) => s === query.sort.field) ?? "updated_at";
    const status = query.filters.status as BlogPostStatus | undefined;
    const answer = await listPosts(
      { page: query.page, limit: query.size, q: query.search || undefined, status, sort, direction: query.sort.direction },
      signal,
    );
    return { rows: answer.list, total: answer.total, numPages: answer.num_pages };
  },
  get: async (id) => (await getPost(String(id))).model,
  remove: deletePost,
};

const columns: ResourceColumn<PostRow>[] = [
  {
    key: "title",
    label: "Title",
    sortable: true,
    render: (r) => (
      <Link to={`/admin/blog/edit/${r.id}`} className={linkClass}>
        {r.title}
      </Link>
    ),
  },
  { key: "status", label: "Status", render: (r) => <StatusBadge status={r.status} /> },
  { key: "categories", label: "Categories", hideOnMobile: true, render: (r) => r.categories.map((c) => c.name).join(", ") || "—" },
  {
    key: "publish_at",
    label: "Goes public",
    sortable: true,
    hideOnMobile: true,
    render: (r) => (r.publish_at ? formatDateTime(r.publish_at) : "—"),
  },
  { key: "updated_at", label: "Updated", sortable: true, hideOnMobile: true, render: (r) => formatDateTime(r.updated_at) },
];

/** /admin/blog: every post with its status; write, edit, preview and delete. */
// Adding and editing open the editor's own screens; only viewing a post opens the side panel.
const routes = panelRoutes({ list: "/admin/blog", add: "/admin/blog/new", edit: "/admin/blog/edit/", view: "/admin/blog/view/" }, ["view"]);

/** `historyOf`: a post's activity-log history, under its details (composed in by the app). */
export function AdminBlogPage({ historyOf }: { historyOf?: (id: number) => ReactNode } = {}) {
  return (
    <ResourceTable<PostRow>
      title="Blog posts"
      description="Guides and advice for candidates. Drafts and scheduled posts stay hidden until they go public."
      singular="post"
      resourceKey="blog"
      source={source}
      columns={columns}
      canCreate
      canEdit
      filters={[
        {
          name: "status",
          label: "Status",
          options: [
            { value: "published", label: "Published" },
            { value: "scheduled", label: "Scheduled" },
            { value: "draft", label: "Draft" },
          ],
        },
      ]}
      searchLabel="Search by title"
      defaultSort={{ field: "updated_at", direction: "desc" }}
      {...useAdminPanel(routes)}
      rowLabel={(r) => r.title}
      history={historyOf}
      toolbar={
        <div className="flex flex-wrap gap-2">
          <Link to="/admin/blog/categories" className={buttonClass.secondary}>
            Categories
          </Link>
          <Link to="/admin/blog/tags" className={buttonClass.secondary}>
            Tags
          </Link>
        </div>
      }
      renderView={(r) => (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge status={r.status} />
            {r.publish_at ? <span className="text-sm text-slate-600">{formatDateTime(r.publish_at)}</span> : null}
          </div>
          <h3 className="text-xl font-semibold text-slate-900">{r.title}</h3>
          {r.excerpt ? <p className="text-slate-600">{r.excerpt}</p> : null}
          {r.body ? <PostBody html={r.body} /> : null}
          <div className="flex flex-wrap gap-2">
            <Link to={`/admin/blog/edit/${r.id}`} className={buttonClass.primary}>
              Edit
            </Link>
            <Link to={`/blog/${r.slug}`} className={buttonClass.secondary}>
              Open on the blog
            </Link>
          </div>
        </div>
      )}
    />
  );
}
