import type { Config } from "../../config.ts";
import type { Db } from "../../db/client.ts";
import type { PaymentProvider } from "./interface.ts";
import { TestModeProvider } from "./test-mode.ts";

/** The card provider's real API when its secret key is configured, else the built-in test mode. */
export async function createPaymentProvider(
  config: Config,
  db: Db,
): Promise<{ provider: PaymentProvider; testMode: TestModeProvider | null }> {
  if (config.STRIPE_SECRET_KEY) {
    const { StripeProvider } = await import("./stripe.ts");
    return { provider: new StripeProvider(config.STRIPE_SECRET_KEY, config.STRIPE_API_BASE), testMode: null };
  }
  const testMode = new TestModeProvider(db, config.publicUrl);
  return { provider: testMode, testMode };
}
