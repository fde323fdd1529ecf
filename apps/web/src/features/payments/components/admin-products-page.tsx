import type { PriceRow, ProductRow } from "@academy/contract/payments";
import { type ReactNode, useMemo } from "react";
import { RelatedList } from "../../../components/ui/related-list";
import { ResourceTable } from "../../../components/ui/resource-table/resource-table";
import { adminRoutesOf, useAdminPanel } from "../../../components/ui/resource-table/route-mode";
import type { ResourceColumn, ResourceField } from "../../../components/ui/resource-table/types";
import { READ_ONLY } from "../../../components/ui/resource-table/types";
import { linkClass } from "../../../components/ui/styles";
import { useCan } from "../../../lib/auth-store";
import { formatInterval, formatMoney } from "../../../lib/format";
import { Link } from "../../../lib/navigation";
import { productsSource, RESOURCE, updateProduct, usePackageOptions, useRelatedList } from "../api/admin";
import { Details, dateOf, OnSaleBadge, ProviderObject, SaleToggle, ViewHeading } from "./admin-details";

const ON_SALE = [
  { value: "1", label: "Active" },
  { value: "0", label: "Archived" },
] as const;

const columns: ResourceColumn<ProductRow>[] = [
  { key: "name", label: "Name", sortable: true, render: (p) => <span className="font-medium text-slate-900">{p.name}</span> },
  {
    key: "package_name",
    label: "Sells package",
    render: (p) =>
      p.package_id ? (
        <Link to={`/admin/view-packages/${p.package_id}`} className={linkClass}>
          {p.package_name}
        </Link>
      ) : (
        <span className="text-slate-500">None</span>
      ),
  },
  { key: "active_prices", label: "Prices on sale", align: "right", render: (p) => String(p.active_prices ?? 0) },
  { key: "status", label: "Status", sortable: true, render: (p) => <OnSaleBadge status={p.status} /> },
  { key: "create_at", label: "Created", sortable: true, hideOnMobile: true, render: (p) => dateOf(p.create_at) },
];

function productFields(packages: readonly { id: number; name: string; status: string }[]): ResourceField[] {
  return [
    { name: "name", label: "Name", kind: "text", required: true, maxLength: 120, hint: "Shown on the provider's receipts and checkout." },
    {
      name: "package_id",
      label: "Package it sells",
      kind: "select",
      options: packages.map((p) => ({ value: String(p.id), label: p.status === "active" ? p.name : `${p.name} (archived)` })),
      hint: "A subscription to any of this product's prices unlocks the package. Leave blank for extras that unlock nothing.",
    },
    {
      name: "status",
      label: "Status",
      kind: "select",
      required: true,
      editOnly: true,
      options: ON_SALE,
      hint: "Archiving takes every price of the product off sale; subscribers keep theirs.",
    },
  ];
}

/**
 * The product's prices, each opening the price table's view. Adding one opens the price list
 * filtered to this product, with the new price's form on it.
 */
function ProductPrices({ productId }: { productId: number }) {
  const prices = useRelatedList<PriceRow>("price", { product_id: productId });
  return (
    <RelatedList
      title="Prices"
      action={
        <Link to={`/admin/add-stripe_price?f.product_id=${productId}`} className={linkClass}>
          Add a price
        </Link>
      }
      query={prices}
      loadingLabel="Loading prices…"
      empty="No prices yet: add one to put the product on sale."
      renderItem={(p) => ({
        label: (
          <Link to={`/admin/view-stripe_price/${p.id}`} className={linkClass}>
            {p.name}
          </Link>
        ),
        detail: (
          <>
            {formatMoney(p.amount, p.currency)} {formatInterval(p.interval, p.interval_count)}
            <OnSaleBadge status={p.status} />
          </>
        ),
      })}
    />
  );
}

function ProductView({ product }: { product: ProductRow }) {
  return (
    <div>
      <ViewHeading title={product.name} badge={<OnSaleBadge status={product.status} />} />
      <Details
        items={{
          "Sells package": product.package_id ? (
            <Link to={`/admin/view-packages/${product.package_id}`} className={linkClass}>
              {product.package_name}
            </Link>
          ) : (
            "None: its prices unlock nothing"
          ),
          "Prices on sale": String(product.active_prices ?? 0),
          "Provider id": <code>{product.stripe_id}</code>,
          Created: dateOf(product.create_at),
          Updated: dateOf(product.update_at),
        }}
      />
      <ProductPrices productId={product.id} />
      <ProviderObject object={product.object} />
    </div>
  );
}

const routes = adminRoutesOf("stripe_product", ["add", "edit", "view"]);

/** /admin/stripe_product: what the academy sells at the card provider, and which package each product unlocks. */
/** `historyOf`: a record's activity-log history, shown in its view panel (composed in by the app). */
export function AdminProductsPage({ historyOf }: { historyOf?: (id: number) => ReactNode } = {}) {
  const packages = usePackageOptions();
  const canWrite = useCan("payments.write");
  const fields = useMemo(() => productFields(packages.data ?? []), [packages.data]);
  const filters = useMemo(
    () => [
      { name: "status", label: "Status", options: ON_SALE },
      { name: "package_id", label: "Package", options: (packages.data ?? []).map((p) => ({ value: String(p.id), label: p.name })) },
    ],
    [packages.data],
  );

  return (
    <ResourceTable<ProductRow>
      title="Products"
      description="What the academy sells at the card provider. A product linked to a package unlocks it for everyone subscribed to one of its prices."
      singular="product"
      resourceKey={RESOURCE.products}
      source={productsSource}
      columns={columns}
      fields={fields}
      filters={filters}
      searchLabel="Search by name"
      {...useAdminPanel(routes)}
      renderView={(product) => (
        <>
          <ProductView product={product} />
          {historyOf ? <div className="mt-6">{historyOf(product.id)}</div> : null}
        </>
      )}
      {...(canWrite ? {} : READ_ONLY)}
      rowActions={(product) =>
        canWrite && (
          <SaleToggle
            name={product.name}
            status={product.status}
            update={(status) => updateProduct(product.id, { status })}
            // Archiving a product takes its prices off sale too.
            refresh={[RESOURCE.products, RESOURCE.prices]}
          />
        )
      }
    />
  );
}
