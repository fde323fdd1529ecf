import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { stripeCustomers } from "../../db/schema/payments.ts";
import { users } from "../../db/schema/users.ts";

// A user's customer record at the provider, and the user it is for.

export async function findCustomer(db: Db, userId: number) {
  const [row] = await db.select().from(stripeCustomers).where(eq(stripeCustomers.userId, userId));
  return row;
}

export async function insertCustomer(db: Db, userId: number, stripeId: string) {
  await db.insert(stripeCustomers).values({ userId, stripeId }).onConflictDoNothing({ target: stripeCustomers.userId });
}

export async function findUser(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, id));
  return row;
}
