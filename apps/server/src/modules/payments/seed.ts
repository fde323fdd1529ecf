import type { Db } from "../../db/client.ts";
import type { PaymentProvider } from "../../providers/payments/interface.ts";
import * as repo from "./catalogue-repo.ts";
import { createPrice, createProduct } from "./service.ts";

/** Prices of a fresh install: Core and Premium monthly, Premium yearly (two months free). */
const PLAN_PRICES = [
  { pkg: "core", name: "Core monthly", amount: 1900, interval: "month" as const, trial_days: 7 },
  { pkg: "premium", name: "Premium monthly", amount: 3900, interval: "month" as const, trial_days: 0 },
  { pkg: "premium", name: "Premium yearly", amount: 39000, interval: "year" as const, trial_days: 0 },
];

/** Seeds products and prices at the provider and in our mirror when there are none yet. */
export async function seedPaymentPlans(db: Db, provider: PaymentProvider, currency: string, publicUrl: string): Promise<void> {
  if ((await repo.countPrices(db)) > 0) return;
  const deps = { db, provider, currency, publicUrl };
  const products = new Map<string, number>();
  for (const plan of PLAN_PRICES) {
    let productId = products.get(plan.pkg);
    if (!productId) {
      const pkg = await repo.findPackageBySlug(db, plan.pkg);
      if (!pkg) continue;
      productId = (await createProduct(deps, null, { name: pkg.name, package_id: pkg.id })).id;
      products.set(plan.pkg, productId);
    }
    await createPrice(deps, null, {
      product_id: productId,
      name: plan.name,
      amount: plan.amount,
      type: "recurring",
      interval: plan.interval,
      interval_count: 1,
      usage_type: "licenced",
      trial_days: plan.trial_days,
    });
  }
}
