import { IdParams } from "@academy/contract/common";
import {
  ChargeListQuery,
  ChargeRow,
  InvoiceListQuery,
  InvoiceRow,
  listOf,
  OrderListQuery,
  OrderRow,
  RegisterSubscribeRequest,
  RegisterSubscribeResponse,
} from "@academy/contract/payments";
import * as authService from "../auth/service.ts";
import { type App, errors, ModelOf, P, type RouteContext } from "./route-context.ts";
import * as service from "./service.ts";

/** Invoices, charges and orders, for staff. */
export function adminBillingRoutes(app: App, { deps, staffRead, tags, sendInvoicePdf, authDeps }: RouteContext) {
  // ---------- billing (admin) ----------
  app.get(
    `${P}/invoices`,
    {
      ...staffRead,
      schema: {
        tags,
        summary: "All invoices, paged: search `q` (number, email, description), filters status and user_id, sort",
        querystring: InvoiceListQuery,
        response: { 200: listOf(InvoiceRow), ...errors },
      },
    },
    async (r) => service.listInvoices(deps, r.query, false),
  );
  app.get(
    `${P}/invoices-v2`,
    {
      ...staffRead,
      schema: {
        tags,
        summary: "All invoices with the customer's email, paged: search, filters and sort as `invoices`",
        querystring: InvoiceListQuery,
        response: { 200: listOf(InvoiceRow), ...errors },
      },
    },
    async (r) => service.listInvoices(deps, r.query, true),
  );
  app.get(
    `${P}/invoice/:id`,
    { ...staffRead, schema: { tags, summary: "One invoice", params: IdParams, response: { 200: ModelOf(InvoiceRow), ...errors } } },
    async (r) => ({ error: false as const, model: await service.getInvoice(deps, r.params.id) }),
  );
  app.get(
    `${P}/invoice/:id/pdf`,
    { ...staffRead, schema: { tags, summary: "Any invoice as a PDF", params: IdParams } },
    async (r, reply) => {
      return sendInvoicePdf(reply, r.params.id);
    },
  );
  app.get(
    `${P}/orders`,
    {
      ...staffRead,
      schema: {
        tags,
        summary: "One-time purchases, paged: search `q` (email, provider id), filters status and user_id, sort",
        querystring: OrderListQuery,
        response: { 200: listOf(OrderRow), ...errors },
      },
    },
    async (r) => service.listOrders(deps, r.query),
  );
  app.get(
    `${P}/order/:id`,
    { ...staffRead, schema: { tags, summary: "One one-time purchase", params: IdParams, response: { 200: ModelOf(OrderRow), ...errors } } },
    async (r) => ({ error: false as const, model: await service.getOrder(deps, r.params.id) }),
  );
  app.get(
    `${P}/charges`,
    {
      ...staffRead,
      schema: {
        tags,
        summary: "All card charges, paged: search `q` (email, provider id), filters status and user_id, sort",
        querystring: ChargeListQuery,
        response: { 200: listOf(ChargeRow), ...errors },
      },
    },
    async (r) => service.listCharges(deps, r.query),
  );
  app.get(
    `${P}/charge/:id`,
    { ...staffRead, schema: { tags, summary: "One card charge", params: IdParams, response: { 200: ModelOf(ChargeRow), ...errors } } },
    async (r) => ({ error: false as const, model: await service.getCharge(deps, r.params.id) }),
  );

  app.post(
    `${P}/customer/register-subscribe`,
    {
      schema: {
        tags,
        summary: "Create a candidate account and start a checkout for a plan (signs in)",
        body: RegisterSubscribeRequest,
        response: { 200: RegisterSubscribeResponse, ...errors },
      },
      preHandler: app.lenientAuth,
    },
    async (r) => {
      const { session, checkout } = await service.registerAndCheckout(
        deps,
        async (account) => {
          const result = await authService.register(authDeps, { ...account, role: "user" }, null, r.ip);
          if (result.kind !== "session") throw new Error("a self sign-up always signs in");
          return result.answer;
        },
        r.body,
      );
      return { ...session, model: checkout };
    },
  );
}
