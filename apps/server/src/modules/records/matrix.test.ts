import { asc, eq, getTableColumns } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { beforeAll, describe, expect, it } from "vitest";
import { emailOutbox, emailTemplates, photos } from "../../db/schema/accounts.ts";
import { cms, pages, schedule, userSessions } from "../../db/schema/content.ts";
import { packages } from "../../db/schema/packages.ts";
import { stripePrices, stripeProducts } from "../../db/schema/payments.ts";
import { themes, tracks } from "../../db/schema/quiz.ts";
import { users } from "../../db/schema/users.ts";
import { createTestApp } from "../../test/app.ts";
import { exposedTables, readable, SCHEMA_TABLES, tableInfo } from "./engine.ts";
import { INTERNAL_TABLES, isHiddenField, OPS, type Op, ROLES, type Role, RULES } from "./rules.ts";

/**
 * The authorization matrix, generated from RULES: every exposed table × role × operation.
 * Each case makes its own rows (the caller's, another user's, a public and a non-public one)
 * and asserts the status, that nothing out of reach comes back, and that denials change nothing.
 */
const t = await createTestApp();
type Caller = { role: Role; token?: string; id: number | null };
let callers: Record<Role, Caller>;
let other: { id: number };

beforeAll(async () => {
  const user = await t.signUp("user");
  const admin = await t.signUp("admin");
  const b = await t.signUp("user");
  callers = {
    anonymous: { role: "anonymous", id: null },
    user: { role: "user", token: user.token, id: user.user_id },
    admin: { role: "admin", token: admin.token, id: admin.user_id },
  };
  other = { id: b.user_id };
});

let seq = 0;
const tag = () => `m${++seq}x${Date.now().toString(36)}`;
const start = "2026-03-01T09:00:00.000Z";
const end = "2026-03-01T10:00:00.000Z";

/** Per table: how to insert a row directly (owner, public or not), and valid bodies for create and update. */
type Fixture = {
  insert: (owner: number, isPublic: boolean, label: string) => Promise<number>;
  create: (role: Role, label: string) => Record<string, unknown>;
  update: Record<string, unknown>;
};
const idOf = (rows: { id: number }[]) => rows[0]!.id;
const FIXTURES: Record<string, Fixture> = {
  cms: {
    insert: async (_o, _p, label) => idOf(await t.db.insert(cms).values({ page: label, key: "title", value: label }).returning()),
    create: (_r, label) => ({ page: label, key: "intro", type: "text", value: label }),
    update: { value: "changed" },
  },
  pages: {
    insert: async (_o, isPublic, label) =>
      idOf(
        await t.db
          .insert(pages)
          .values({ slug: label, title: label, body: `<p>${label}</p>`, published: isPublic })
          .returning(),
      ),
    create: (_r, label) => ({ slug: label, title: label, body: "<p>Hello</p>", published: true }),
    update: { title: "changed" },
  },
  packages: {
    insert: async (_o, isPublic, label) =>
      idOf(
        await t.db
          .insert(packages)
          .values({ slug: label, name: label, status: isPublic ? "active" : "archived" })
          .returning(),
      ),
    create: (_r, label) => ({ slug: label, name: label, status: "active" }),
    update: { name: "changed" },
  },
  schedule: {
    insert: async (owner, _p, label) =>
      idOf(
        await t.db
          .insert(schedule)
          .values({ userId: owner, meetingStart: new Date(start), meetingEnd: new Date(end), meetingDetails: label })
          .returning(),
      ),
    create: (role, label) => ({
      meeting_start: start,
      meeting_end: end,
      meeting_details: label,
      ...(role === "admin" ? { user_id: other.id } : {}),
    }),
    update: { meeting_details: "changed" },
  },
  user_session: {
    insert: async (owner, _p, label) =>
      idOf(await t.db.insert(userSessions).values({ userId: owner, sessionId: label, htmlCopy: label }).returning()),
    create: (_r, label) => ({ session_id: label, screen_width: 1280, screen_height: 800, events: [{ type: "click" }] }),
    update: { status: "ended" },
  },
  stripe_price: {
    insert: async (_o, isPublic, label) => {
      const [product] = await t.db
        .insert(stripeProducts)
        .values({ name: label, stripeId: `prod_${label}`, object: {} })
        .returning();
      return idOf(
        await t.db
          .insert(stripePrices)
          .values({
            name: label,
            productId: product!.id,
            stripeId: `price_${label}`,
            object: {},
            amount: 1900,
            currency: "eur",
            type: "recurring",
            interval: "month",
            status: isPublic ? 1 : 0,
          })
          .returning(),
      );
    },
    create: (_r, label) => ({ name: label, amount: 100 }),
    update: { name: "changed" },
  },
  track: {
    insert: async (_o, _p, label) => idOf(await t.db.insert(tracks).values({ slug: label, name: label }).returning()),
    create: (_r, label) => ({ slug: label, name: label }),
    update: { name: "changed" },
  },
  theme: {
    insert: async (_o, _p, label) =>
      idOf(
        await t.db
          .insert(themes)
          .values({ slug: label, name: label, tracks: ["ems"] })
          .returning(),
      ),
    create: (_r, label) => ({ slug: label, name: label }),
    update: { name: "changed" },
  },
  email: {
    insert: async (_o, _p, label) =>
      idOf(
        await t.db
          .insert(emailTemplates)
          .values({ slug: label, name: label, subject: label, html: `<p>${label}</p>`, text: label })
          .returning(),
      ),
    create: (_r, label) => ({
      slug: label,
      name: label,
      subject: "Hello {{first_name}}",
      html: "<p>Hi</p>",
      text: "Hi",
      placeholders: ["first_name"],
    }),
    update: { subject: "changed" },
  },
  email_outbox: {
    insert: async (_o, _p, label) =>
      idOf(
        await t.db
          .insert(emailOutbox)
          // Already sent: a queued row would be delivered by the mail worker between the snapshots a denial compares.
          .values({ to: `${label}@example.test`, subject: label, html: `<p>${label}</p>`, text: label, status: "sent", sentAt: new Date() })
          .returning(),
      ),
    create: (_r, label) => ({ to: `${label}@example.test`, subject: label, html: "<p>x</p>", text: "x" }),
    update: { subject: "changed" },
  },
  photo: {
    insert: async (owner, _p, label) =>
      idOf(
        await t.db
          .insert(photos)
          .values({
            userId: owner,
            url: `/uploads/${label}.png`,
            storageKey: `${label}.png`,
            originalName: `${label}.png`,
            mime: "image/png",
            size: 10,
            caption: label,
          })
          .returning(),
      ),
    create: (_r, label) => ({ url: `/uploads/${label}.png`, caption: label }),
    update: { caption: "changed" },
  },
  user: {
    insert: async (_o, _p, label) =>
      idOf(
        await t.db
          .insert(users)
          .values({ email: `${label}@example.test`, passwordHash: "x", firstName: label })
          .returning(),
      ),
    create: (_r, label) => ({ first_name: label }),
    update: { first_name: "Changed" },
  },
};

const tableOf = (name: string) => tableInfo(name).table;
const snapshot = async (name: string) =>
  JSON.stringify(
    await t.db
      .select()
      .from(tableOf(name))
      .orderBy(asc(tableInfo(name).id)),
  );

/** A row the caller may reach under `rows`, and one it may not (when the rule scopes rows). */
async function rowsFor(
  name: string,
  caller: Caller,
): Promise<{ reachable: number; reachableLabel: string; hidden?: number; hiddenLabel?: string }> {
  const rule = RULES[name]!;
  const rows = (["view", "list", "update", "delete"] as Op[]).map((op) => rule.access[op]?.[caller.role]).find(Boolean) ?? "all";
  const reachableLabel = tag();
  const hiddenLabel = tag();
  if (name === "user") {
    // Account rows: the caller's own row is reachable, another user's is not (for "own").
    const hidden = await FIXTURES.user!.insert(0, false, hiddenLabel);
    if (rows === "own") {
      await t.db.update(users).set({ firstName: reachableLabel }).where(eq(users.id, caller.id!));
      return { reachable: caller.id!, reachableLabel, hidden, hiddenLabel };
    }
    return { reachable: hidden, reachableLabel: hiddenLabel };
  }
  const fixture = FIXTURES[name]!;
  if (rows === "own")
    return {
      reachable: await fixture.insert(caller.id!, true, reachableLabel),
      reachableLabel,
      hidden: await fixture.insert(other.id, true, hiddenLabel),
      hiddenLabel,
    };
  if (rows === "public")
    return {
      reachable: await fixture.insert(other.id, true, reachableLabel),
      reachableLabel,
      hidden: await fixture.insert(other.id, false, hiddenLabel),
      hiddenLabel,
    };
  return { reachable: await fixture.insert(other.id, false, reachableLabel), reachableLabel };
}

function assertReadable(name: string, role: Role, record: Record<string, unknown>) {
  const allowed = new Set(readable(tableInfo(name), role).keys());
  for (const key of Object.keys(record)) {
    expect(isHiddenField(key), `${name}.${key} is hidden`).toBe(false);
    expect(allowed.has(key), `${name}.${key} readable by ${role}`).toBe(true);
  }
}

const urls: Record<Op, { method: "GET" | "POST" | "PUT" | "DELETE"; url: (name: string, id: number) => string }> = {
  list: { method: "GET", url: (n) => `/v4/api/records/${n}?size=1000` },
  view: { method: "GET", url: (n, id) => `/v4/api/records/${n}/${id}` },
  create: { method: "POST", url: (n) => `/v4/api/records/${n}` },
  update: { method: "PUT", url: (n, id) => `/v4/api/records/${n}/${id}` },
  delete: { method: "DELETE", url: (n, id) => `/v4/api/records/${n}/${id}` },
  export: { method: "POST", url: (n) => `/rest/${n}/EXPORT` },
};

describe("every table of the schema has a decision", () => {
  it("is either exposed with a rule or internal", () => {
    const internal = new Set(INTERNAL_TABLES.map((tb) => getTableConfig(tb).name));
    for (const name of SCHEMA_TABLES.keys()) {
      expect(Object.hasOwn(RULES, name) || internal.has(name), `table ${name} has no records rule and is not internal`).toBe(true);
    }
    expect(exposedTables().sort()).toEqual(Object.keys(RULES).sort());
  });

  it("names only real, non-hidden fields in its rules, and fixtures cover every rule", () => {
    for (const [name, rule] of Object.entries(RULES)) {
      const columns = new Set(Object.values(getTableColumns(rule.table as PgTable)).map((c) => c.name));
      expect(getTableConfig(rule.table).name).toBe(name);
      for (const fields of [...Object.values(rule.read), ...Object.values(rule.write)]) {
        if (fields === "*") continue;
        for (const f of fields ?? []) {
          expect(columns.has(f), `${name}.${f} exists`).toBe(true);
          expect(isHiddenField(f), `${name}.${f} is not hidden`).toBe(false);
        }
      }
      for (const w of Object.values(rule.write)) expect(w).not.toContain("id");
      if (rule.owner) expect(columns.has(rule.owner)).toBe(true);
      expect(FIXTURES[name], `fixture for ${name}`).toBeDefined();
    }
  });

  it("never lets a user reach other users' rows, nor anonymous callers write or export", () => {
    for (const [name, rule] of Object.entries(RULES)) {
      for (const op of OPS) {
        if (rule.owner) expect(rule.access[op]?.user, `${name} ${op} for user`).not.toBe("all");
        if (op !== "list" && op !== "view") expect(rule.access[op]?.anonymous, `${name} ${op} for anonymous`).toBeUndefined();
      }
    }
  });

  it("answers 404 Unknown table for internal tables, even to admins", async () => {
    for (const tb of INTERNAL_TABLES) {
      const name = getTableConfig(tb).name;
      for (const op of OPS) {
        const { method, url } = urls[op];
        const res = await t.call(method, url(name, 1), {
          token: callers.admin.token,
          body: op === "create" || op === "update" ? { name: "x" } : undefined,
        });
        expect(res.statusCode, `${op} ${name}`).toBe(404);
        expect(res.json().message).toBe("Unknown table");
      }
    }
  });
});

for (const name of Object.keys(RULES)) {
  describe(`matrix: ${name}`, () => {
    for (const role of ROLES) {
      for (const op of OPS) {
        const rows = RULES[name]!.access[op]?.[role];
        it(`${role} ${op}: ${rows ?? "denied"}`, async () => {
          const caller = callers[role];
          const { reachable, reachableLabel, hidden, hiddenLabel } = await rowsFor(name, caller);
          const before = await snapshot(name);
          const { method, url } = urls[op];
          const body = op === "create" ? FIXTURES[name]!.create(role, tag()) : op === "update" ? FIXTURES[name]!.update : undefined;
          const res = await t.call(method, url(name, reachable), { token: caller.token, body });

          if (!rows) {
            expect(res.statusCode).toBe(role === "anonymous" ? 401 : 403);
            expect(res.json().message).toBe(role === "anonymous" ? "UNAUTHORIZED" : "Invalid Access");
            expect(res.body).not.toContain(reachableLabel);
            expect(await snapshot(name)).toBe(before);
            return;
          }
          expect(res.statusCode, res.body).toBe(200);
          if (hiddenLabel) expect(res.body).not.toContain(hiddenLabel);

          switch (op) {
            case "list": {
              const list = res.json().list as Record<string, unknown>[];
              for (const record of list) assertReadable(name, role, record);
              const ids = list.map((r) => r.id);
              if (name !== "cms" || rows !== "all") expect(ids).toContain(reachable);
              if (hidden) expect(ids).not.toContain(hidden);
              const owner = RULES[name]!.owner;
              if (rows === "own" && owner) for (const r of list) expect(r[owner]).toBe(caller.id);
              if (rows === "all") expect(list.length).toBe(Math.min(1000, (await t.db.select().from(tableOf(name))).length));
              break;
            }
            case "view": {
              assertReadable(name, role, res.json().model);
              expect(res.json().model.id).toBe(reachable);
              if (hidden) {
                const denied = await t.call("GET", url(name, hidden), { token: caller.token });
                expect(denied.statusCode).toBe(404);
                expect(denied.body).not.toContain(hiddenLabel);
              }
              break;
            }
            case "create": {
              const id = res.json().data as number;
              const [created] = await t.db
                .select()
                .from(tableOf(name))
                .where(eq(tableInfo(name).id, id));
              expect(created).toBeDefined();
              const owner = RULES[name]!.owner;
              if (rows === "own" && owner) expect((created as Record<string, unknown>)[tableInfo(name).keys.get(owner)!]).toBe(caller.id);
              break;
            }
            case "update":
            case "delete": {
              const [after] = await t.db
                .select()
                .from(tableOf(name))
                .where(eq(tableInfo(name).id, reachable));
              if (op === "delete") expect(after).toBeUndefined();
              else expect(JSON.stringify(after)).toContain(Object.values(FIXTURES[name]!.update)[0] as string);
              if (hidden) {
                const beforeOther = await snapshot(name);
                const denied = await t.call(method, url(name, hidden), { token: caller.token, body });
                expect(denied.statusCode).toBe(404);
                expect(denied.body).not.toContain(hiddenLabel);
                expect(await snapshot(name)).toBe(beforeOther);
              }
              break;
            }
            case "export": {
              expect(res.headers["content-type"]).toMatch(/^text\/csv/);
              expect(res.headers["content-disposition"]).toBe(`attachment; filename="${name}.csv"`);
              const header = res.body.split("\r\n")[0]!.split(",");
              for (const column of header) expect(isHiddenField(column)).toBe(false);
              expect(res.body).toContain(reachableLabel);
              break;
            }
          }
        });
      }
    }
  });
}
