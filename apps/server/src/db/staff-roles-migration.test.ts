import { readFileSync } from "node:fs";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { TEST_ENV } from "../test/app.ts";
import { createTestDatabase } from "../test/database.ts";
import { coachProfiles } from "./schema/coaching.ts";
import { users } from "./schema/users.ts";
import { seedAccounts } from "./seed/accounts.ts";
import { DEMO_COACHES, seedCoaches } from "./seed/coaches.ts";

const config = loadConfig({ ...TEST_ENV });
const database = await createTestDatabase();
const { db } = database;
afterAll(() => database.close());

/** The statements of migration 0024, as drizzle runs them (split at its breakpoints). */
const statements = readFileSync(new URL("../../drizzle/0024_staff_roles.sql", import.meta.url), "utf8")
  .split("--> statement-breakpoint")
  .map((s) => s.trim())
  .filter(Boolean);
/** What a statement does, without its leading comment lines. */
const bodyOf = (statement: string) =>
  statement
    .split("\n")
    .filter((line) => !line.trim().startsWith("--"))
    .join("\n")
    .trim();

describe("a fresh database", () => {
  it("seeds its admin as an administrator and the demo coaches as coaches", async () => {
    const seeded = await seedAccounts(db, config);
    expect(seeded.map((a) => a.role)).toEqual(["admin", "user"]);
    expect(await seedCoaches(db)).toBe(2);
    const rows = await db.select({ email: users.email, role: users.role, staffRole: users.staffRole }).from(users).orderBy(asc(users.id));
    expect(rows).toEqual([
      { email: config.ADMIN_EMAIL, role: "admin", staffRole: "administrator" },
      { email: config.DEMO_USER_EMAIL, role: "user", staffRole: null },
      { email: DEMO_COACHES[0]!.email, role: "admin", staffRole: "coach" },
      { email: DEMO_COACHES[1]!.email, role: "admin", staffRole: "coach" },
    ]);
  });
});

describe("migration 0024 on an academy from before staff roles", () => {
  it("makes every staff account an administrator and the seeded demo coaches coaches", async () => {
    // The academy as it was: staff with no staff role (the constraints came with the migration).
    await db.execute(sql`ALTER TABLE "user" DROP CONSTRAINT "user_staff_role_check"`);
    await db.execute(sql`ALTER TABLE "user" DROP CONSTRAINT "user_staff_role_value_check"`);
    await db.update(users).set({ staffRole: null });
    // A staff member who coaches too, with the address of no demo coach: they stay an administrator.
    const [other] = await db
      .insert(users)
      .values({ email: "head.coach@example.test", passwordHash: "x", role: "admin" })
      .returning({ id: users.id });
    await db.insert(coachProfiles).values({ userId: other!.id });

    for (const statement of statements.filter((s) => !/ADD COLUMN/.test(s))) await db.execute(sql.raw(bodyOf(statement)));

    const roleOf = async (email: string) =>
      (await db.select({ staffRole: users.staffRole }).from(users).where(eq(users.email, email)))[0]?.staffRole;
    expect(await roleOf(config.ADMIN_EMAIL)).toBe("administrator");
    expect(await roleOf("head.coach@example.test")).toBe("administrator");
    expect(await roleOf(DEMO_COACHES[0]!.email)).toBe("coach");
    expect(await roleOf(DEMO_COACHES[1]!.email)).toBe("coach");
    expect(await roleOf(config.DEMO_USER_EMAIL)).toBeNull();
    // The constraints hold again: a staff account without a staff role is refused.
    await expect(db.execute(sql`UPDATE "user" SET "staff_role" = NULL WHERE "role" = 'admin'`)).rejects.toThrow();
  });
});
