import type { PageAnswer } from "@academy/contract/common";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { RelatedList } from "../../../components/ui/related-list";
import { ResourceTable } from "../../../components/ui/resource-table/resource-table";
import { adminRoutesOf, useAdminPanel } from "../../../components/ui/resource-table/route-mode";
import type { ResourceColumn, ResourceField, Row } from "../../../components/ui/resource-table/types";
import { linkClass } from "../../../components/ui/styles";
import { api, PAYMENT_THROW_ON, unwrap } from "../../../lib/api-client";
import { formatInterval, formatMoney } from "../../../lib/format";
import { Link } from "../../../lib/navigation";
import { recordsSource } from "../../../lib/records-source";

const TIERS = [
  { value: "free", label: "Free documents" },
  { value: "core", label: "Core documents" },
  { value: "premium", label: "Premium documents" },
] as const;
const STATUSES = [
  { value: "active", label: "Active" },
  { value: "archived", label: "Archived" },
] as const;

const tierLabel = (value: unknown) => TIERS.find((t) => t.value === value)?.label ?? String(value);

const columns: ResourceColumn[] = [
  { key: "name", label: "Name", sortable: true },
  {
    key: "quizzes_per_week",
    label: "Quizzes a week",
    sortable: true,
    align: "right",
    render: (r) => (r.quizzes_per_week === null ? "Unlimited" : String(r.quizzes_per_week)),
  },
  { key: "library_tier", label: "Library", sortable: true, hideOnMobile: true, render: (r) => tierLabel(r.library_tier) },
  { key: "coaching_sessions_per_month", label: "Coaching a month", sortable: true, align: "right", hideOnMobile: true },
  {
    key: "status",
    label: "Status",
    sortable: true,
    render: (r) => (
      <span
        className={`rounded-full px-2 py-0.5 text-xs font-medium ${r.status === "active" ? "bg-emerald-50 text-emerald-800" : "bg-slate-100 text-slate-600"}`}
      >
        {r.status === "active" ? "Active" : "Archived"}
      </span>
    ),
  },
  { key: "display_order", label: "Order", sortable: true, align: "right", hideOnMobile: true },
];

const fields: ResourceField[] = [
  { name: "name", label: "Name", kind: "text", required: true, maxLength: 80 },
  {
    name: "slug",
    label: "Slug",
    kind: "text",
    required: true,
    maxLength: 40,
    hint: "Lowercase words joined by hyphens, used in links.",
    readOnlyOnEdit: true,
  },
  { name: "description", label: "Description", kind: "textarea", maxLength: 500 },
  { name: "features", label: "Plan card bullet points", kind: "lines", hint: "One per line." },
  {
    name: "quizzes_per_week",
    label: "Quizzes per week",
    kind: "number",
    min: 0,
    max: 1000,
    nullable: true,
    hint: "Leave blank for unlimited.",
  },
  { name: "library_tier", label: "Study library", kind: "select", required: true, options: TIERS },
  { name: "coaching_sessions_per_month", label: "Coaching sessions per month", kind: "number", required: true, min: 0, max: 31 },
  { name: "status", label: "Status", kind: "select", required: true, options: STATUSES },
  { name: "display_order", label: "Display order", kind: "number", required: true, min: 0, max: 1000 },
];

type PackagePrice = {
  id: number;
  name: string;
  product_name?: string;
  amount: number;
  currency: string;
  interval: string | null;
  interval_count: number;
  status: number;
};

/** Cache keys of the packages screen besides its table (the resource "packages"). */
const packageKeys = {
  prices: (packageId: number) => ["packages", "prices", packageId] as const,
};

/** The prices that sell a package: those of the products linked to it. */
function PackagePrices({ packageId }: { packageId: number }) {
  const prices = useQuery({
    queryKey: packageKeys.prices(packageId),
    queryFn: async () =>
      (
        await unwrap(
          api.get<PageAnswer<PackagePrice>>("/v2/api/lambda/stripe/price", {
            throwOn: PAYMENT_THROW_ON,
            query: { package_id: packageId, limit: 50, sort: "amount", direction: "asc" },
          }),
        )
      ).list,
  });
  return (
    <RelatedList
      title="Prices"
      action={
        <Link to={`/admin/stripe_product?f.package_id=${packageId}`} className={linkClass}>
          Products selling it
        </Link>
      }
      query={prices}
      loadingLabel="Loading prices…"
      empty="Not on sale: link a product to this package on the Products screen, then add prices to it."
      renderItem={(p) => ({
        label: (
          <Link to={`/admin/view-stripe_price/${p.id}`} className={linkClass}>
            {p.name}
          </Link>
        ),
        detail: `${formatMoney(p.amount, p.currency)} ${formatInterval(p.interval, p.interval_count)}${p.status === 1 ? "" : " · archived"}`,
      })}
    />
  );
}

function renderView(row: Row) {
  const features = Array.isArray(row.features) ? (row.features as string[]) : [];
  return (
    <div className="space-y-5 text-sm">
      <div>
        <h3 className="text-xl font-semibold text-slate-900">{String(row.name)}</h3>
        <p className="mt-1 text-slate-600">{String(row.description || "No description yet.")}</p>
      </div>
      <dl className="grid grid-cols-2 gap-4">
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-slate-600">Quizzes a week</dt>
          <dd className="text-lg font-semibold text-slate-900">
            {row.quizzes_per_week === null ? "Unlimited" : String(row.quizzes_per_week)}
          </dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-slate-600">Coaching a month</dt>
          <dd className="text-lg font-semibold text-slate-900">{String(row.coaching_sessions_per_month)}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-slate-600">Study library</dt>
          <dd className="font-semibold text-slate-900">{tierLabel(row.library_tier)}</dd>
        </div>
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-slate-600">Status</dt>
          <dd className="font-semibold text-slate-900">
            {row.status === "active" ? "Active" : "Archived"}
            {row.is_default ? " · default plan" : ""}
          </dd>
        </div>
      </dl>
      {features.length ? (
        <div>
          <h4 className="font-medium text-slate-900">On the plan card</h4>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
            {features.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <PackagePrices packageId={row.id} />
    </div>
  );
}

/** The panel a packages route opens: add, edit/:id and view/:id over the list. */
const routes = adminRoutesOf("packages", ["add", "edit", "view"]);
export const modeOf = routes.modeOf;

/**
 * Subscription plans: what each unlocks, in which order they show, active or archived.
 * `historyOf`: a package's activity-log history, under its details and its edit form (composed in by the app).
 */
export function PackagesPage({ historyOf }: { historyOf?: (id: number) => ReactNode } = {}) {
  const source = useMemo(() => recordsSource("packages", { searchField: "name" }), []);
  return (
    <ResourceTable
      title="Packages"
      description="Subscription plans and what each one unlocks. Products link a package to its prices."
      singular="package"
      resourceKey="packages"
      source={source}
      columns={columns}
      fields={fields}
      filters={[{ name: "status", label: "Status", options: STATUSES }]}
      searchLabel="Search by name"
      defaultSort={{ field: "display_order", direction: "asc" }}
      {...useAdminPanel(routes)}
      renderView={renderView}
      history={historyOf}
    />
  );
}
