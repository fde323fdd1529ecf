import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { stripeCustomers, stripePrices, stripeProducts, stripeSubscriptions } from "../../db/schema/payments.ts";
import { users } from "../../db/schema/users.ts";

// What the mails about money read: who the provider's customer is, and the plan's name.

/** The person behind a provider customer: where to write and in which time zone. */
export async function personOf(tx: Db, customer: string | null) {
  if (!customer) return null;
  const [row] = await tx
    .select({ email: users.email, firstName: users.firstName, timeZone: users.timeZone })
    .from(stripeCustomers)
    .innerJoin(users, eq(users.id, stripeCustomers.userId))
    .where(eq(stripeCustomers.stripeId, customer));
  return row ?? null;
}

/** The plan's name: the subscription's price's product, from our mirror or the object itself. */
export async function planOf(tx: Db, subscriptionId: string | null, priceStripeId: string | null): Promise<string> {
  const byPrice = async (where: ReturnType<typeof eq>) =>
    (
      await tx
        .select({ name: stripeProducts.name })
        .from(stripePrices)
        .innerJoin(stripeProducts, eq(stripeProducts.id, stripePrices.productId))
        .where(where)
    )[0]?.name;
  if (priceStripeId) {
    const name = await byPrice(eq(stripePrices.stripeId, priceStripeId));
    if (name) return name;
  }
  if (subscriptionId) {
    const [sub] = await tx
      .select({ priceId: stripeSubscriptions.priceId })
      .from(stripeSubscriptions)
      .where(eq(stripeSubscriptions.stripeId, subscriptionId));
    if (sub?.priceId) {
      const name = await byPrice(eq(stripePrices.id, sub.priceId));
      if (name) return name;
    }
  }
  return "your plan";
}
