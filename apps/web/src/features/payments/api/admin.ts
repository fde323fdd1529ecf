import type { ModelAnswer, OkResponse, PageAnswer } from "@academy/contract/common";
import type { ChargeRow, InvoiceRow, OrderRow, PriceRow, ProductRow, SubscriptionRow } from "@academy/contract/payments";
import type { RecordCreatedResponse } from "@academy/contract/records";
import { useQuery } from "@tanstack/react-query";
import { resourceKeys } from "../../../components/ui/resource-table/keys";
import type { ListQuery, ListResult, ResourceSource, Row } from "../../../components/ui/resource-table/types";
import { api, PAYMENT_THROW_ON, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { getPlans } from "./plans";

const P = "/v2/api/lambda/stripe";
const opts = { throwOn: PAYMENT_THROW_ON };

type Page<T> = { list: T[]; total: number; num_pages: number };

/** Cache keys of the payment screens outside the tables. */
export const paymentKeys = {
  all: ["payments"] as const,
  plans: ["payments", "plans"] as const,
};

/** Cache keys of the payments tables (a change invalidates everything under its key). */
export const RESOURCE = {
  prices: "stripe_price",
  products: "stripe_product",
  subscriptions: "stripe_subscription",
  invoices: "stripe_invoice",
  orders: "stripe_order",
  charges: "stripe_charge",
} as const;

/** A table's view as the payments lists take it: page, size, search, sort and the filters by name. */
export function listParams(query: ListQuery) {
  return {
    page: query.page,
    limit: query.size,
    q: query.search || undefined,
    sort: query.sort.field,
    direction: query.sort.direction,
    ...query.filters,
  };
}

async function listOf<T extends Row>(path: string, query: ListQuery, signal?: AbortSignal): Promise<ListResult<T>> {
  const answer = await unwrap(api.get<Page<T>>(`${P}/${path}`, { ...opts, query: listParams(query), signal }));
  return { rows: answer.list, total: answer.total, numPages: answer.num_pages };
}

const getOne = async <T>(path: string) => (await unwrap(api.get<ModelAnswer<T>>(`${P}/${path}`, opts))).model;

// ---------- prices ----------

/** How a price is billed, as one choice: a recurring interval, a one-time payment or lifetime access. */
export type Billing = "day" | "week" | "month" | "year" | "one_time" | "lifetime";

/** A price as the table and its forms use it: the API's row plus the form's own fields. */
export type PriceTableRow = PriceRow & { billing: Billing; usage_metered: boolean };

export const toPriceTableRow = (p: PriceRow): PriceTableRow => ({
  ...p,
  billing: p.type === "recurring" ? ((p.interval ?? "month") as Billing) : p.type,
  usage_metered: p.is_usage_metered === 1,
});

/** Form values of the add panel to the create call. */
export function toCreatePrice(values: Record<string, unknown>) {
  const billing = values.billing as Billing;
  const recurring = billing !== "one_time" && billing !== "lifetime";
  const metered = recurring && values.usage_metered === true;
  return {
    product_id: Number(values.product_id),
    name: values.name,
    amount: values.amount,
    type: recurring ? "recurring" : billing,
    interval: recurring ? billing : undefined,
    interval_count: recurring ? Number(values.interval_count ?? 1) : 1,
    usage_type: metered ? "metered" : "licenced",
    usage_limit: metered ? (values.usage_limit ?? null) : null,
    trial_days: recurring ? Number(values.trial_days ?? 0) : 0,
  };
}

export const updatePrice = (id: number, fields: { name?: unknown; status?: 0 | 1; trial_days?: unknown; usage_limit?: unknown }) =>
  unwrap(api.put<Answer<typeof OkResponse>>(`${P}/price/${id}`, fields, opts));

export const pricesSource: ResourceSource<PriceTableRow> = {
  list: async (query, signal) => {
    const page = await listOf<PriceRow>("price", query, signal);
    return { ...page, rows: page.rows.map(toPriceTableRow) };
  },
  get: async (id) => toPriceTableRow(await getOne<PriceRow>(`price/${id}`)),
  create: async (values) => ({
    id: (await unwrap(api.post<Answer<typeof RecordCreatedResponse>>(`${P}/price`, toCreatePrice(values), opts))).data,
  }),
  update: async (id, values) => {
    const { name, status, trial_days, usage_limit } = values;
    await updatePrice(id, { name, status: status === undefined ? undefined : status === "1" ? 1 : 0, trial_days, usage_limit });
  },
  remove: async (id) => {
    await unwrap(api.delete(`${P}/price/${id}`, opts));
  },
};

// ---------- products ----------

export const updateProduct = (id: number, fields: { name?: unknown; package_id?: unknown; status?: 0 | 1 }) =>
  unwrap(api.put<Answer<typeof OkResponse>>(`${P}/product/${id}`, fields, opts));

export const productsSource: ResourceSource<ProductRow> = {
  list: (query, signal) => listOf<ProductRow>("product", query, signal),
  get: (id) => getOne<ProductRow>(`product/${id}`),
  create: async ({ name, package_id }) => ({
    id: (
      await unwrap(
        api.post<Answer<typeof RecordCreatedResponse>>(`${P}/product`, { name, package_id: package_id ? Number(package_id) : null }, opts),
      )
    ).data,
  }),
  update: async (id, { name, package_id, status }) => {
    await updateProduct(id, {
      name,
      package_id: package_id ? Number(package_id) : null,
      status: status === undefined ? undefined : status === "1" ? 1 : 0,
    });
  },
};

// ---------- subscriptions ----------

export const subscriptionsSource: ResourceSource<SubscriptionRow> = {
  list: (query, signal) => listOf<SubscriptionRow>("subscriptions", query, signal),
  get: (id) => getOne<SubscriptionRow>(`subscription/${id}`),
};

/** Ends any subscription now, or sets it to end (or no longer end) at the close of its period. */
export const cancelSubscriptionNow = (id: number) => unwrap(api.delete<Answer<typeof OkResponse>>(`${P}/subscription/${id}`, opts));
export const setCancelAtPeriodEnd = (id: number, cancel: boolean) =>
  unwrap(api.put<Answer<typeof OkResponse>>(`${P}/subscription/${id}`, { cancel_at_period_end: cancel }, opts));

// ---------- billing ----------

export const invoicesSource: ResourceSource<InvoiceRow> = {
  list: (query, signal) => listOf<InvoiceRow>("invoices-v2", query, signal),
  get: (id) => getOne<InvoiceRow>(`invoice/${id}`),
};
export const ordersSource: ResourceSource<OrderRow> = {
  list: (query, signal) => listOf<OrderRow>("orders", query, signal),
  get: (id) => getOne<OrderRow>(`order/${id}`),
};
export const chargesSource: ResourceSource<ChargeRow> = {
  list: (query, signal) => listOf<ChargeRow>("charges", query, signal),
  get: (id) => getOne<ChargeRow>(`charge/${id}`),
};
export const invoicePdfPath = (id: number) => `${P}/invoice/${id}/pdf`;

// ---------- lookups for forms, filters and views ----------

/** Every product (for the price form's product choice and the product filter). */
export const useProductOptions = () =>
  useQuery({
    queryKey: resourceKeys.options(RESOURCE.products),
    queryFn: async () =>
      (await unwrap(api.get<Page<ProductRow>>(`${P}/product`, { ...opts, query: { limit: "all", sort: "name", direction: "asc" } }))).list,
  });

/** Every price (the subscription table's plan filter). */
export const usePriceOptions = () =>
  useQuery({
    queryKey: resourceKeys.options(RESOURCE.prices),
    queryFn: async () =>
      (await unwrap(api.get<Page<PriceRow>>(`${P}/price`, { ...opts, query: { limit: "all", sort: "name", direction: "asc" } }))).list,
  });

/** A package as the product form offers it. */
type PackageOption = { id: number; name: string; status: string };

/** Every package (what a product can sell). */
export const usePackageOptions = () =>
  useQuery({
    queryKey: resourceKeys.options("packages"),
    queryFn: async () => (await unwrap(api.get<PageAnswer<PackageOption>>("/v4/api/records/packages", { query: { size: 200 } }))).list,
  });

/** The currency prices are sold in. */
export const useCurrency = () =>
  useQuery({
    queryKey: paymentKeys.plans,
    queryFn: getPlans,
    select: (plans) => plans.currency,
    staleTime: 60_000,
  });

/** A few rows of a related list (a product's prices, a candidate's invoices) for a view panel. */
const RELATED = { price: "stripe_price", "invoices-v2": "stripe_invoice", subscriptions: "stripe_subscription" } as const;

export function useRelatedList<T>(path: keyof typeof RELATED, filter: Record<string, number> | null) {
  return useQuery({
    // Under the table's own key, so a change made in that table shows here too.
    queryKey: resourceKeys.related(RELATED[path], filter),
    queryFn: async () => (await unwrap(api.get<Page<T>>(`${P}/${path}`, { ...opts, query: { limit: 50, ...filter } }))).list as T[],
    enabled: filter !== null,
  });
}
