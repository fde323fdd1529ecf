import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local HTTP server that answers the card provider's API calls we make, with the provider's
 * own response shapes (form-encoded requests, JSON objects and errors, idempotency keys).
 * Used to test the SDK adapter without a network.
 */
type Obj = Record<string, unknown>;
export type RecordedRequest = { method: string; path: string; idempotencyKey: string | undefined; body: Obj };

/** Decodes `a[b][0][c]=v` form bodies into nested objects (arrays for numeric keys). */
export function parseForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Obj = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = value;
      else {
        node[part] ??= /^\d+$/.test(parts[i + 1]!) ? [] : {};
        node = node[part] as Obj;
      }
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startStripeShapedServer() {
  const objects = new Map<string, Obj>();
  const idempotent = new Map<string, { status: number; body: Obj }>();
  const requests: RecordedRequest[] = [];
  /** Paths whose next answer is lost after the work is done (the connection drops). */
  const dropNext = new Set<string>();
  /** Paths whose next call fails on the provider's side (500, not to be retried) without doing the work. */
  const failNext = new Set<string>();

  const error = (status: number, type: string, message: string, code?: string) => ({
    status,
    body: { error: { type, message, ...(code ? { code } : {}) } },
  });
  const missing = (kind: string, key: string) => error(404, "invalid_request_error", `No such ${kind}: '${key}'`, "resource_missing");
  const get = (key: string, prefix: string) => {
    const o = objects.get(key);
    return o && String(o.id).startsWith(prefix) ? o : null;
  };
  const save = (o: Obj) => {
    objects.set(String(o.id), o);
    return { status: 200, body: o };
  };

  function handle(method: string, path: string, body: Obj): { status: number; body: Obj } {
    let m: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/customers")
      return save({
        id: id("cus"),
        object: "customer",
        email: body.email,
        name: body.name,
        metadata: body.metadata ?? {},
        invoice_settings: { default_payment_method: null },
      });
    m = path.match(/^\/v1\/customers\/([^/]+)$/);
    if (m) {
      const c = get(m[1]!, "cus");
      if (!c) return missing("customer", m[1]!);
      if (method === "GET") return { status: 200, body: c };
      const settings = body.invoice_settings as Obj | undefined;
      if (settings?.default_payment_method) (c.invoice_settings as Obj).default_payment_method = settings.default_payment_method;
      return save(c);
    }
    m = method === "GET" ? path.match(/^\/v1\/customers\/([^/]+)\/payment_methods$/) : null;
    if (m) {
      const customerId = m[1];
      const data = [...objects.values()].filter((o) => o.object === "payment_method" && o.customer === customerId);
      return { status: 200, body: { object: "list", data, has_more: false, url: path } };
    }
    if (method === "POST" && path === "/v1/products")
      return save({ id: id("prod"), object: "product", name: body.name, active: true, created: now(), metadata: body.metadata ?? {} });
    m = path.match(/^\/v1\/products\/([^/]+)$/);
    if (m) {
      const p = get(m[1]!, "prod");
      if (!p) return missing("product", m[1]!);
      if (body.name) p.name = body.name;
      if (body.active !== undefined) p.active = body.active === "true";
      return save(p);
    }
    if (method === "POST" && path === "/v1/prices") {
      if (!get(String(body.product), "prod")) return missing("product", String(body.product));
      const r = body.recurring as Obj | undefined;
      if (r?.usage_type === "metered" && !r.meter)
        return error(400, "invalid_request_error", "Metered prices need a meter.", "parameter_missing");
      return save({
        id: id("price"),
        object: "price",
        product: body.product,
        active: true,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        nickname: body.nickname ?? null,
        type: r ? "recurring" : "one_time",
        recurring: r
          ? {
              interval: r.interval,
              interval_count: Number(r.interval_count ?? 1),
              usage_type: r.usage_type ?? "licensed",
              meter: r.meter ?? null,
            }
          : null,
        created: now(),
        metadata: body.metadata ?? {},
      });
    }
    m = path.match(/^\/v1\/prices\/([^/]+)$/);
    if (m) {
      const p = get(m[1]!, "price");
      if (!p) return missing("price", m[1]!);
      if (body.active !== undefined) p.active = body.active === "true";
      if (body.nickname) p.nickname = body.nickname;
      return save(p);
    }
    if (method === "POST" && path === "/v1/payment_methods") {
      const token = String((body.card as Obj | undefined)?.token ?? "");
      const cards: Record<string, { brand: string; last4: string }> = {
        tok_visa: { brand: "visa", last4: "4242" },
        tok_mastercard: { brand: "mastercard", last4: "4444" },
        tok_chargeDeclined: { brand: "visa", last4: "0002" },
      };
      const card = cards[token];
      if (!card) return error(400, "invalid_request_error", `No such token: '${token}'`, "resource_missing");
      return save({
        id: id("pm"),
        object: "payment_method",
        type: "card",
        customer: null,
        card: { ...card, exp_month: 12, exp_year: 2034 },
        declines: token === "tok_chargeDeclined",
      });
    }
    m = path.match(/^\/v1\/payment_methods\/([^/]+)(\/attach|\/detach)?$/);
    if (m) {
      const pm = get(m[1]!, "pm");
      if (!pm) return missing("payment_method", m[1]!);
      if (method === "GET") return { status: 200, body: pm };
      if (m[2] === "/attach") {
        if (pm.declines) return error(402, "card_error", "Your card was declined.", "card_declined");
        if (!get(String(body.customer), "cus")) return missing("customer", String(body.customer));
        pm.customer = body.customer;
      } else pm.customer = null;
      return save(pm);
    }
    if (method === "POST" && path === "/v1/subscriptions") {
      const customer = get(String(body.customer), "cus");
      if (!customer) return missing("customer", String(body.customer));
      const items = body.items as { price: string }[];
      const price = get(items[0]!.price, "price");
      if (!price?.active) return error(400, "invalid_request_error", "The price specified is inactive.", "resource_missing");
      const start = now();
      const trial = Number(body.trial_period_days ?? 0);
      const end = start + (trial > 0 ? trial * 86_400 : 30 * 86_400);
      return save({
        id: id("sub"),
        object: "subscription",
        customer: customer.id,
        status: trial > 0 ? "trialing" : "active",
        cancel_at_period_end: false,
        created: start,
        trial_end: trial > 0 ? end : null,
        canceled_at: null,
        metadata: body.metadata ?? {},
        items: {
          object: "list",
          data: [{ id: id("si"), object: "subscription_item", price, current_period_start: start, current_period_end: end }],
        },
      });
    }
    m = path.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (m) {
      const s = get(m[1]!, "sub");
      if (!s) return missing("subscription", m[1]!);
      if (method === "GET") return { status: 200, body: s };
      if (method === "DELETE") {
        s.status = "canceled";
        s.canceled_at = now();
        return save(s);
      }
      if (body.cancel_at_period_end !== undefined) s.cancel_at_period_end = body.cancel_at_period_end === "true";
      const items = body.items as { id: string; price: string }[] | undefined;
      if (items?.[0]) {
        const price = get(items[0].price, "price");
        if (!price) return missing("price", items[0].price);
        const item = (s.items as { data: Obj[] }).data[0]!;
        item.price = price;
      }
      return save(s);
    }
    if (method === "POST" && path === "/v1/checkout/sessions") {
      const sid = id("cs_test");
      return save({
        id: sid,
        object: "checkout.session",
        mode: body.mode,
        customer: body.customer,
        url: `https://checkout.stripe.com/c/pay/${sid}`,
        metadata: body.metadata ?? {},
      });
    }
    if (path === "/v1/billing/meters") {
      if (method === "GET")
        return {
          status: 200,
          body: { object: "list", data: [...objects.values()].filter((o) => o.object === "billing.meter"), has_more: false },
        };
      return save({
        id: id("mtr"),
        object: "billing.meter",
        event_name: body.event_name,
        display_name: body.display_name,
        status: "active",
      });
    }
    if (method === "POST" && path === "/v1/billing/meter_events")
      return {
        status: 200,
        body: {
          object: "billing.meter_event",
          event_name: body.event_name,
          identifier: body.identifier,
          payload: body.payload,
          created: now(),
        },
      };
    return error(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const path = (req.url ?? "/").split("?")[0]!;
      const key = req.headers["idempotency-key"] as string | undefined;
      const body = parseForm(raw);
      requests.push({ method: req.method ?? "GET", path, idempotencyKey: key, body });
      if (!String(req.headers.authorization ?? "").startsWith("Bearer sk_test_")) {
        res
          .writeHead(401, { "content-type": "application/json" })
          .end(JSON.stringify({ error: { type: "invalid_request_error", message: "Invalid API Key provided" } }));
        return;
      }
      if (failNext.delete(`${req.method} ${path}`)) {
        res
          .writeHead(500, { "content-type": "application/json", "stripe-should-retry": "false" })
          .end(JSON.stringify({ error: { type: "api_error", message: "An unknown error occurred" } }));
        return;
      }
      const storeKey = key ? `${req.method} ${path} ${key}` : null;
      let answer = storeKey ? idempotent.get(storeKey) : undefined;
      const replayed = Boolean(answer);
      if (!answer) {
        answer = handle(req.method ?? "GET", path, body);
        if (storeKey) idempotent.set(storeKey, answer);
      }
      if (dropNext.delete(`${req.method} ${path}`)) {
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, {
        "content-type": "application/json",
        "request-id": id("req"),
        ...(replayed ? { "idempotent-replayed": "true" } : {}),
      });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    requests,
    dropNext,
    failNext,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
