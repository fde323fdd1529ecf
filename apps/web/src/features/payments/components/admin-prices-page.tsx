import { type ReactNode, useMemo } from "react";
import { ResourceTable } from "../../../components/ui/resource-table/resource-table";
import { adminRoutesOf, useAdminPanel } from "../../../components/ui/resource-table/route-mode";
import type { BulkAction, FormValues, ResourceColumn, ResourceField } from "../../../components/ui/resource-table/types";
import { READ_ONLY } from "../../../components/ui/resource-table/types";
import { linkClass } from "../../../components/ui/styles";
import { useCan } from "../../../lib/auth-store";
import { formatInterval, formatMoney, parseMoney } from "../../../lib/format";
import { Link, useSearchParams } from "../../../lib/navigation";
import { type PriceTableRow, pricesSource, RESOURCE, updatePrice, useCurrency, usePackageOptions, useProductOptions } from "../api/admin";
import { Details, dateOf, OnSaleBadge, ProviderObject, SaleToggle, ViewHeading } from "./admin-details";

const BILLING = [
  { value: "month", label: "Monthly subscription" },
  { value: "year", label: "Yearly subscription" },
  { value: "week", label: "Weekly subscription" },
  { value: "day", label: "Daily subscription" },
  { value: "one_time", label: "One-time payment" },
  { value: "lifetime", label: "Lifetime access, paid once" },
] as const;
const ON_SALE = [
  { value: "1", label: "Active" },
  { value: "0", label: "Archived" },
] as const;
const TYPES = [
  { value: "recurring", label: "Subscription" },
  { value: "one_time", label: "One-time" },
  { value: "lifetime", label: "Lifetime" },
] as const;

const isRecurring = (billing: unknown) => billing !== "one_time" && billing !== "lifetime" && billing !== "";

/** What a customer pays, in words: "€19.00 per month, per unit". */
export function describePrice(p: Pick<PriceTableRow, "amount" | "currency" | "interval" | "interval_count" | "usage_metered">) {
  return `${formatMoney(p.amount, p.currency)}${p.usage_metered ? " per unit" : ""} ${formatInterval(p.interval, p.interval_count)}`;
}

/** The add panel's live summary of what the customer will pay. */
export function pricePreview(values: FormValues, currency: string) {
  const minor = parseMoney(String(values.amount ?? ""), currency);
  if (Number.isNaN(minor)) return "Enter an amount to see what customers pay.";
  const billing = String(values.billing);
  const recurring = isRecurring(billing);
  const count = Number(values.interval_count) || 1;
  const trial = recurring ? Number(values.trial_days) || 0 : 0;
  const metered = recurring && values.usage_metered === true;
  return `Customers pay ${describePrice({ amount: minor, currency, interval: recurring ? (billing as "month") : null, interval_count: count, usage_metered: metered })}${
    billing === "lifetime" ? " for lifetime access" : ""
  }${trial ? `, after a ${trial}-day free trial` : ""}.`;
}

const columns: ResourceColumn<PriceTableRow>[] = [
  { key: "name", label: "Name", sortable: true, render: (p) => <span className="font-medium text-slate-900">{p.name}</span> },
  {
    key: "product_name",
    label: "Product",
    hideOnMobile: true,
    render: (p) => (
      <span>
        {p.product_name}
        <span className="block text-xs text-slate-500">{p.package_name ? `sells ${p.package_name}` : "no package"}</span>
      </span>
    ),
  },
  { key: "amount", label: "Amount", sortable: true, align: "right", render: (p) => formatMoney(p.amount, p.currency) },
  {
    key: "type",
    label: "Billing",
    sortable: true,
    render: (p) =>
      `${p.usage_metered ? "per unit, " : ""}${p.type === "lifetime" ? "lifetime" : formatInterval(p.interval, p.interval_count)}`,
  },
  {
    key: "trial_days",
    label: "Trial",
    sortable: true,
    align: "right",
    hideOnMobile: true,
    render: (p) => (p.trial_days ? `${p.trial_days} days` : "—"),
  },
  { key: "status", label: "Status", sortable: true, render: (p) => <OnSaleBadge status={p.status} /> },
  { key: "create_at", label: "Created", sortable: true, hideOnMobile: true, render: (p) => dateOf(p.create_at) },
];

/** The product a new price starts with: the one the list is filtered to, as a product's "Add a price" opens it. */
export function productOfList(params: URLSearchParams): string | undefined {
  const id = params.get("f.product_id") ?? "";
  return /^[1-9]\d{0,9}$/.test(id) ? id : undefined;
}

function priceFields(products: readonly { id: number; name: string }[], currency: string, product: string | undefined): ResourceField[] {
  return [
    {
      name: "product_id",
      label: "Product",
      kind: "select",
      required: true,
      readOnlyOnEdit: true,
      initial: product,
      options: products.map((p) => ({ value: String(p.id), label: p.name })),
      hint: "The product sells a package; its prices are the ways to pay for it.",
    },
    { name: "name", label: "Name", kind: "text", required: true, maxLength: 120, hint: "Candidates see it, e.g. “Core monthly”." },
    {
      name: "amount",
      label: "Amount",
      kind: "money",
      currency,
      required: true,
      readOnlyOnEdit: true,
      min: 0,
      max: 100_000_000,
      hint: "Fixed once the price exists: to charge another amount, archive it and add a new price.",
    },
    { name: "billing", label: "Billing", kind: "select", required: true, readOnlyOnEdit: true, options: BILLING, initial: "month" },
    {
      name: "interval_count",
      label: "Periods per bill",
      kind: "number",
      required: true,
      readOnlyOnEdit: true,
      min: 1,
      max: 12,
      initial: "1",
      hint: "2 with a monthly subscription bills every two months.",
      visibleWhen: (v) => isRecurring(v.billing),
    },
    {
      name: "trial_days",
      label: "Free trial days",
      kind: "number",
      required: true,
      min: 0,
      max: 365,
      initial: "0",
      hint: "New subscribers pay after the trial; changing it does not touch running subscriptions.",
      visibleWhen: (v) => isRecurring(v.billing),
    },
    {
      name: "usage_metered",
      label: "Usage-metered: the amount is per unit used, billed at renewal",
      kind: "checkbox",
      readOnlyOnEdit: true,
      visibleWhen: (v) => isRecurring(v.billing),
    },
    {
      name: "usage_limit",
      label: "Most units per usage charge",
      kind: "number",
      min: 1,
      max: 1_000_000,
      nullable: true,
      hint: "Leave blank for no limit.",
      visibleWhen: (v) => isRecurring(v.billing) && v.usage_metered === true,
    },
    {
      name: "status",
      label: "Status",
      kind: "select",
      required: true,
      editOnly: true,
      options: ON_SALE,
      hint: "An archived price is off sale; its subscribers keep it.",
    },
  ];
}

function PriceView({ price }: { price: PriceTableRow }) {
  return (
    <div>
      <ViewHeading title={price.name} badge={<OnSaleBadge status={price.status} />} figure={describePrice(price)} />
      <Details
        items={{
          Product: price.product_name,
          Package: price.package_id ? (
            <Link to={`/admin/view-packages/${price.package_id}`} className={linkClass}>
              {price.package_name}
            </Link>
          ) : (
            "Not linked: the product sells no package"
          ),
          Type: TYPES.find((t) => t.value === price.type)?.label ?? price.type,
          "Usage-metered": price.usage_metered ? `Yes${price.usage_limit ? `, at most ${price.usage_limit} units a charge` : ""}` : "No",
          "Free trial": price.trial_days ? `${price.trial_days} days` : "None",
          Currency: price.currency.toUpperCase(),
          "Provider id": <code>{price.stripe_id}</code>,
          Created: dateOf(price.create_at),
          Updated: dateOf(price.update_at),
        }}
      />
      <p className="mt-4 text-sm">
        <Link to={`/admin/stripe_subscription?f.price_id=${price.id}`} className={linkClass}>
          Subscriptions on this price
        </Link>
      </p>
      <ProviderObject object={price.object} />
    </div>
  );
}

const routes = adminRoutesOf("stripe_price", ["add", "edit", "view"]);
export const pricesModeOf = routes.modeOf;

/**
 * /admin/stripe_price (and add, edit and view over it): the spec's price table. Add and edit in a
 * side panel, view, archive or delete, select for bulk archiving; export is off.
 */
/** `historyOf`: a record's activity-log history, shown in its view panel (composed in by the app). */
export function AdminPricesPage({ historyOf }: { historyOf?: (id: number) => ReactNode } = {}) {
  const products = useProductOptions();
  const canWrite = useCan("payments.write");
  const packages = usePackageOptions();
  const currency = useCurrency().data ?? "eur";
  const [params] = useSearchParams();
  const product = productOfList(params);
  const fields = useMemo(() => priceFields(products.data ?? [], currency, product), [products.data, currency, product]);
  const filters = useMemo(
    () => [
      { name: "status", label: "Status", options: ON_SALE },
      { name: "type", label: "Type", options: TYPES },
      { name: "product_id", label: "Product", options: (products.data ?? []).map((p) => ({ value: String(p.id), label: p.name })) },
      { name: "package_id", label: "Package", options: (packages.data ?? []).map((p) => ({ value: String(p.id), label: p.name })) },
    ],
    [products.data, packages.data],
  );
  const archive: BulkAction = useMemo(
    () => ({
      label: "Archive selected",
      async run(ids) {
        for (const priceId of ids) await updatePrice(priceId, { status: 0 });
        return ids.length === 1 ? "The price was archived" : `${ids.length} prices were archived`;
      },
    }),
    [],
  );

  return (
    <ResourceTable<PriceTableRow>
      title="Prices"
      description="What each package costs. A price's amount never changes: archive it and add a new one; subscribers keep their price."
      singular="price"
      resourceKey={RESOURCE.prices}
      source={pricesSource}
      columns={columns}
      fields={fields}
      filters={filters}
      searchLabel="Search by name or product"
      {...useAdminPanel(routes)}
      renderView={(price) => (
        <>
          <PriceView price={price} />
          {historyOf ? <div className="mt-6">{historyOf(price.id)}</div> : null}
        </>
      )}
      {...(canWrite ? {} : READ_ONLY)}
      rowActions={(price) =>
        canWrite && (
          <SaleToggle
            name={price.name}
            status={price.status}
            update={(status) => updatePrice(price.id, { status })}
            refresh={[RESOURCE.prices]}
          />
        )
      }
      bulkActions={canWrite ? [archive] : []}
      preview={(values) => <p className="text-sm text-slate-700">{pricePreview(values, currency)}</p>}
    />
  );
}
