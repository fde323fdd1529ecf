import { IdParams, MessageResponse } from "@academy/contract/common";
import {
  CreatePriceRequest,
  CreateProductRequest,
  listOf,
  PaymentLinkListResponse,
  PlansResponse,
  PriceListQuery,
  PriceRow,
  ProductListQuery,
  ProductRow,
  UpdatePriceRequest,
  UpdateProductRequest,
} from "@academy/contract/payments";
import { type App, CreatedResponse, errors, ModelOf, P, type RouteContext } from "./route-context.ts";
import * as service from "./service.ts";

/** The catalogue: products and prices for staff, the plans on sale for everyone. */
export function catalogueRoutes(app: App, { deps, staffRead, staffWrite, tags }: RouteContext) {
  // ---------- products (admin) ----------
  app.post(
    `${P}/product`,
    {
      ...staffWrite,
      schema: {
        tags,
        summary: "Create a product (optionally selling a package)",
        body: CreateProductRequest,
        response: { 200: CreatedResponse, ...errors },
      },
    },
    async (r) => {
      const row = await service.createProduct(deps, r.principal!.id, r.body);
      return { error: false as const, message: "Product created", data: row.id };
    },
  );
  app.get(
    `${P}/product`,
    {
      ...staffRead,
      schema: {
        tags,
        summary: "Products, paged: search `q` (name), filters status (0 archived, 1 active) and package_id, sort",
        querystring: ProductListQuery,
        response: { 200: listOf(ProductRow), ...errors },
      },
    },
    async (r) => service.listProducts(deps, r.query),
  );
  app.get(
    `${P}/product/:id`,
    { ...staffRead, schema: { tags, summary: "One product", params: IdParams, response: { 200: ModelOf(ProductRow), ...errors } } },
    async (r) => ({ error: false as const, model: await service.getProduct(deps, r.params.id) }),
  );
  app.put(
    `${P}/product/:id`,
    {
      ...staffWrite,
      schema: {
        tags,
        summary: "Rename, relink or archive a product",
        params: IdParams,
        body: UpdateProductRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (r) => {
      await service.updateProduct(deps, r.principal!.id, r.params.id, r.body);
      return { error: false as const, message: "Updated" };
    },
  );

  // ---------- prices (admin) ----------
  app.post(
    `${P}/price`,
    {
      ...staffWrite,
      schema: {
        tags,
        summary: "Create a price of a product (amount in minor units)",
        body: CreatePriceRequest,
        response: { 200: CreatedResponse, ...errors },
      },
    },
    async (r) => {
      const row = await service.createPrice(deps, r.principal!.id, r.body);
      return { error: false as const, message: "Price created", data: row.id };
    },
  );
  app.get(
    `${P}/price`,
    {
      ...staffRead,
      schema: {
        tags,
        summary:
          "Prices, paged: search `q` (name, product, provider id), filters status (0 archived, 1 active), product_id, package_id and type, sort",
        querystring: PriceListQuery,
        response: { 200: listOf(PriceRow), ...errors },
      },
    },
    async (r) => service.listPrices(deps, r.query),
  );
  app.get(
    `${P}/price/:id`,
    {
      ...staffRead,
      schema: { tags, summary: "One price with its provider object", params: IdParams, response: { 200: ModelOf(PriceRow), ...errors } },
    },
    async (r) => ({ error: false as const, model: await service.getPrice(deps, r.params.id) }),
  );
  app.put(
    `${P}/price/:id`,
    {
      ...staffWrite,
      schema: {
        tags,
        summary: "Rename or archive (status 0) a price; amounts never change",
        params: IdParams,
        body: UpdatePriceRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (r) => {
      await service.updatePrice(deps, r.principal!.id, r.params.id, r.body);
      return { error: false as const, message: "Updated" };
    },
  );
  app.delete(
    `${P}/price/:id`,
    {
      ...staffWrite,
      schema: {
        tags,
        summary:
          "Delete a price nobody bought: archived at the provider first, then removed here (502, nothing changed, when the provider fails); 409 for one with subscriptions or orders: archive it",
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (r) => {
      await service.deletePrice(deps, r.principal!.id, r.params.id);
      return { error: false as const, message: "Price deleted" };
    },
  );
  app.get(
    `${P}/paymentlinks`,
    {
      ...staffRead,
      schema: {
        tags,
        summary: "A shareable link per active plan price",
        response: { 200: PaymentLinkListResponse, ...errors },
      },
    },
    async () => {
      const plans = await service.listPlanPrices(deps);
      return {
        error: false as const,
        list: plans.map(({ price }) => ({
          id: price.id,
          price_id: price.id,
          name: price.name,
          url: `${deps.publicUrl}/user/card-details?plan=${price.id}`,
          active: price.status === 1,
        })),
      };
    },
  );

  // ---------- plans (public) ----------
  app.get(
    `${P}/plans`,
    {
      schema: {
        tags,
        summary: "Plans on sale (public): active recurring prices with their package",
        response: { 200: PlansResponse, ...errors },
      },
    },
    async () => {
      const plans = await service.listPlanPrices(deps);
      return {
        error: false as const,
        mode: deps.provider.mode,
        currency: deps.currency,
        list: plans.map(({ price, pkg }) => ({
          price_id: price.id,
          name: price.name,
          amount: price.amount,
          currency: price.currency,
          interval: price.interval,
          interval_count: price.intervalCount,
          trial_days: price.trialDays,
          package: { id: pkg.id, slug: pkg.slug, name: pkg.name, description: pkg.description, features: pkg.features },
        })),
      };
    },
  );
}
