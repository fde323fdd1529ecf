import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { packages } from "../../db/schema/packages.ts";
import { stripePrices, stripeProducts, stripeSubscriptions } from "../../db/schema/payments.ts";
import { createTestApp } from "../../test/app.ts";

const t = await createTestApp();
const admin = await t.signUp("admin");

describe("deleting a package", () => {
  it("answers 409 while someone subscribes to it, and deletes it once nobody does", async () => {
    const [plan] = await t.db.insert(packages).values({ slug: "team", name: "Team" }).returning();
    const [product] = await t.db
      .insert(stripeProducts)
      .values({ name: "Team", stripeId: "prod_team", packageId: plan!.id, object: {} })
      .returning();
    const [price] = await t.db
      .insert(stripePrices)
      .values({
        name: "Team monthly",
        productId: product!.id,
        stripeId: "price_team",
        object: {},
        amount: 4900,
        currency: "eur",
        type: "recurring",
        interval: "month",
      })
      .returning();
    const member = await t.signUp("user");
    const [subscription] = await t.db
      .insert(stripeSubscriptions)
      .values({ userId: member.user_id, stripeId: "sub_team", priceId: price!.id, status: "active", object: {} })
      .returning();

    const refused = await t.call("DELETE", `/v4/api/records/packages/${plan!.id}`, { token: admin.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: true, message: "This package has subscribers: archive it instead" });
    expect(await t.db.select().from(packages).where(eq(packages.id, plan!.id))).toHaveLength(1);

    await t.db.update(stripeSubscriptions).set({ status: "canceled" }).where(eq(stripeSubscriptions.id, subscription!.id));
    const deleted = await t.call("DELETE", `/v4/api/records/packages/${plan!.id}`, { token: admin.token });
    expect(deleted.statusCode).toBe(200);
    expect(await t.db.select().from(packages).where(eq(packages.id, plan!.id))).toHaveLength(0);
  });
});
