import type { BlogPostStatus } from "@academy/contract/blog";

const STATUS_STYLE: Record<BlogPostStatus, string> = {
  draft: "bg-amber-50 text-amber-800",
  scheduled: "bg-sky-50 text-sky-800",
  published: "bg-emerald-50 text-emerald-800",
};
const STATUS_LABEL: Record<BlogPostStatus, string> = { draft: "Draft", scheduled: "Scheduled", published: "Published" };

export function StatusBadge({ status }: { status: BlogPostStatus }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[status]}`}>{STATUS_LABEL[status]}</span>;
}
