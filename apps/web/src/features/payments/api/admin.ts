import type { ChargeRow, InvoiceRow, OrderRow, PriceRow, ProductRow, SubscriptionRow } from "@academy/contract/payments";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api, PAYMENT_THROW_ON, unwrap } from "../../../lib/api-client";

const P = "/v2/api/lambda/stripe";
const opts = { throwOn: PAYMENT_THROW_ON };

export type Page<T> = { list: T[]; total: number; limit: number; num_pages: number; page: number };
export const PAGE_SIZE = 20;

const listOf = <T>(path: string, page: number, query: Record<string, string | number> = {}) =>
  unwrap(api.get<{ error: false } & Page<T>>(`${P}/${path}`, { ...opts, query: { page, limit: PAGE_SIZE, ...query } }));

export const adminKeys = {
  prices: (page: number) => ["admin-payments", "prices", page] as const,
  products: ["admin-payments", "products"] as const,
  subscriptions: (page: number) => ["admin-payments", "subscriptions", page] as const,
  subscription: (id: number) => ["admin-payments", "subscription", id] as const,
  invoices: (userId: number) => ["admin-payments", "invoices", userId] as const,
};

export const usePricesQuery = (page: number) =>
  useQuery({ queryKey: adminKeys.prices(page), queryFn: () => listOf<PriceRow>("price", page), placeholderData: keepPreviousData });
export const useProductsQuery = () =>
  useQuery({
    queryKey: adminKeys.products,
    queryFn: async () =>
      (await unwrap(api.get<{ error: false } & Page<ProductRow>>(`${P}/product`, { ...opts, query: { limit: "all" } }))).list,
  });
export const useSubscriptionsQuery = (page: number) =>
  useQuery({
    queryKey: adminKeys.subscriptions(page),
    queryFn: () => listOf<SubscriptionRow>("subscriptions", page),
    placeholderData: keepPreviousData,
  });
export const useAdminSubscriptionQuery = (id: number) =>
  useQuery({
    queryKey: adminKeys.subscription(id),
    queryFn: async () => (await unwrap(api.get<{ error: false; model: SubscriptionRow }>(`${P}/subscription/${id}`, opts))).model,
    enabled: id > 0,
  });
export const useUserInvoicesQuery = (userId: number | undefined) =>
  useQuery({
    queryKey: adminKeys.invoices(userId ?? 0),
    queryFn: async () => (await listOf<InvoiceRow>("invoices-v2", 1, { user_id: userId ?? 0, limit: 100 })).list,
    enabled: Boolean(userId),
  });

export type BillingKind = "invoices-v2" | "orders" | "charges";
export type BillingRow = InvoiceRow | OrderRow | ChargeRow;
export const useBillingQuery = (kind: BillingKind, page: number) =>
  useQuery({
    queryKey: ["admin-payments", "billing", kind, page],
    queryFn: () => listOf<BillingRow>(kind, page),
    placeholderData: keepPreviousData,
  });

export type PriceDraft = {
  product_id: number;
  name: string;
  amount: number;
  type: "recurring" | "one_time" | "lifetime";
  interval?: "day" | "week" | "month" | "year";
  interval_count: number;
  usage_type: "licenced" | "metered";
  usage_limit: number | null;
  trial_days: number;
};
export const createPrice = (draft: PriceDraft) => unwrap(api.post<{ error: false; data: number }>(`${P}/price`, draft, opts));
export const updatePrice = (id: number, fields: { name?: string; status?: 0 | 1; trial_days?: number; usage_limit?: number | null }) =>
  unwrap(api.put<{ error: false }>(`${P}/price/${id}`, fields, opts));
export const cancelSubscriptionNow = (id: number) => unwrap(api.delete<{ error: false }>(`${P}/subscription/${id}`, opts));
