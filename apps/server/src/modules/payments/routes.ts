import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { TestModeProvider } from "../../providers/payments/test-mode.ts";
import type * as authService from "../auth/service.ts";
import { accountRoutes } from "./account-routes.ts";
import { adminBillingRoutes } from "./billing-routes.ts";
import { catalogueRoutes } from "./catalogue-routes.ts";
import { routeContext } from "./route-context.ts";
import type * as service from "./service.ts";
import { adminSubscriptionRoutes } from "./subscription-routes.ts";
import { testModeRoutes } from "./test-mode-routes.ts";

/** The payment calls, one file per part: catalogue, subscriptions and billing for staff, one's own account, test mode. */
export const paymentsRoutes: FastifyPluginAsyncZod<{
  deps: service.PaymentsDeps;
  testMode: TestModeProvider | null;
  /** What sign-up needs (mail for the welcome message, tokens for the session). */
  authDeps: authService.AuthDeps;
}> = async (app, { deps, testMode, authDeps }) => {
  const ctx = routeContext(app, deps, testMode, authDeps);
  catalogueRoutes(app, ctx);
  adminSubscriptionRoutes(app, ctx);
  adminBillingRoutes(app, ctx);
  accountRoutes(app, ctx);
  if (testMode) testModeRoutes(app, { ...ctx, testMode });
};
