import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import { AccessGate } from "./access-gate";
import { NotFoundPage } from "./not-found-page";
import { RootLayout } from "./root-layout";
import { type Access, type AppRoute, routeTable, type Screen } from "./routes";

/*
 * Declarative routing with React.lazy rather than the data router: the data router adds
 * about 15 KB gzipped to the first screen and the app has no loaders or actions to use it.
 * Each screen is its own chunk, loaded on first visit.
 */

type ScreenProps = { route: AppRoute };

const LandingPage = lazy(() => import("../features/marketing/components/landing-page").then((m) => ({ default: m.LandingPage })));
const FaqPage = lazy(() => import("../features/marketing/components/faq-page").then((m) => ({ default: m.FaqPage })));
const ContactPage = lazy(() => import("../features/marketing/components/contact-page").then((m) => ({ default: m.ContactPage })));
const LoginPage = lazy(() => import("../features/auth/components/login-page").then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import("../features/auth/components/signup-page").then((m) => ({ default: m.SignupPage })));
const UserDashboardPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/dashboard/components/user-dashboard-page")).UserDashboardPage),
  ),
);
const AdminDashboardPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/dashboard/components/admin-dashboard-page")).AdminDashboardPage),
  ),
);
const CardDetailsPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/payments/components/card-details-page")).CardDetailsPage),
  ),
);
const CheckoutPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/payments/components/checkout-page")).CheckoutPage),
  ),
);
const AdminPricesPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/payments/components/admin-prices-page")).AdminPricesPage),
  ),
);
const AdminSubscriptionsPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/payments/components/admin-subscriptions-page")).AdminSubscriptionsPage),
  ),
);
const AdminSubscriptionPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/payments/components/admin-subscriptions-page")).AdminSubscriptionPage),
  ),
);
const PlanSummary = lazy(() => import("../features/payments/components/plan-summary").then((m) => ({ default: m.PlanSummary })));
const LandingPlans = lazy(() => import("../features/payments/components/plan-picker").then((m) => ({ default: m.LandingPlans })));
const PlaceholderPage: LazyExoticComponent<ComponentType<ScreenProps>> = lazy(() =>
  import("./placeholder-page").then((m) => ({ default: m.PlaceholderPage })),
);

function renderScreen(screen: Screen, route: AppRoute) {
  switch (screen) {
    case "landing":
      return (
        <LandingPage
          plans={
            <Suspense fallback={null}>
              <LandingPlans />
            </Suspense>
          }
        />
      );
    case "faq":
      return <FaqPage />;
    case "contact":
      return <ContactPage />;
    case "login":
      return <LoginPage />;
    case "user-login":
      return <LoginPage accountRole="user" />;
    case "admin-login":
      return <LoginPage accountRole="admin" />;
    case "user-signup":
      return <SignupPage accountRole="user" />;
    case "admin-signup":
      return <SignupPage accountRole="admin" />;
    case "user-dashboard":
      return (
        <UserDashboardPage
          planSection={
            <Suspense fallback={null}>
              <PlanSummary />
            </Suspense>
          }
        />
      );
    case "admin-dashboard":
      return <AdminDashboardPage />;
    case "card-details":
      return <CardDetailsPage />;
    case "checkout":
      return <CheckoutPage />;
    case "admin-prices":
      return <AdminPricesPage />;
    case "admin-subscriptions":
      return <AdminSubscriptionsPage />;
    case "admin-subscription":
      return <AdminSubscriptionPage />;
    case "placeholder":
      return <PlaceholderPage route={route} />;
  }
}

const ACCESS_LEVELS: readonly Access[] = ["public", "user", "admin", "any"];

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {ACCESS_LEVELS.map((access) => (
          <Route key={access} element={<AccessGate access={access} />}>
            {routeTable
              .filter((r) => r.access === access)
              .map((r) => (
                <Route key={r.path} path={r.path} element={renderScreen(r.screen, r)} />
              ))}
          </Route>
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
