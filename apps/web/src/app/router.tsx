import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { useLocation } from "../lib/navigation";
import { AccessGate } from "./access-gate";
import { NotFoundPage } from "./not-found-page";
import { RootLayout } from "./root-layout";
import { type AppRoute, routeTable, type Screen } from "./routes";

/*
 * The route table rendered with wouter (decision 13) and React.lazy: each screen is its own
 * chunk, loaded on first visit.
 */

type ScreenProps = { route: AppRoute };

const LandingPage = lazy(() => import("../features/marketing/components/landing-page").then((m) => ({ default: m.LandingPage })));
const FaqPage = lazy(() => import("../features/marketing/components/faq-page").then((m) => ({ default: m.FaqPage })));
const ContactPage = lazy(() => import("../features/marketing/components/contact-page").then((m) => ({ default: m.ContactPage })));
const LoginPage = lazy(() => import("../features/auth/components/login-page").then((m) => ({ default: m.LoginPage })));
const SignupPage = lazy(() => import("../features/auth/components/signup-page").then((m) => ({ default: m.SignupPage })));
const ForgotPage = lazy(() => import("../features/auth/components/forgot-page").then((m) => ({ default: m.ForgotPage })));
const ResetPage = lazy(() => import("../features/auth/components/reset-page").then((m) => ({ default: m.ResetPage })));
const MagicLoginPage = lazy(() => import("../features/auth/components/magic-login-page").then((m) => ({ default: m.MagicLoginPage })));
const MagicVerifyPage = lazy(() => import("../features/auth/components/magic-verify-page").then((m) => ({ default: m.MagicVerifyPage })));
const VerifyEmailPage = lazy(() => import("../features/auth/components/verify-email-page").then((m) => ({ default: m.VerifyEmailPage })));
const ProfilePage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/profile/components/profile-page")).ProfilePage),
  ),
);
const TwoFactorSetupPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/profile/components/two-factor-setup-page")).TwoFactorSetupPage),
  ),
);
const UserDashboardPage = lazy(() =>
  import("../features/dashboard/components/user-dashboard-page").then((m) => ({ default: m.UserDashboardPage })),
);
const AdminDashboardPage = lazy(() =>
  import("../features/dashboard/components/admin-dashboard-page").then((m) => ({ default: m.AdminDashboardPage })),
);
const PublicPage = lazy(() => import("../features/pages/components/public-page").then((m) => ({ default: m.PublicPage })));
const PackagesPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/admin-packages/components/packages-page")).PackagesPage),
  ),
);
const CmsPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/admin-content/components/cms-page")).CmsPage),
  ),
);
const PagesPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/admin-content/components/pages-page")).PagesPage),
  ),
);
const UsersPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/admin-users/components/users-page")).UsersPage),
  ),
);
const EmailPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/admin-content/components/email-page")).EmailPage),
  ),
);
const PhotosPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/admin-media/components/photos-page")).PhotosPage),
  ),
);
const WelcomePage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/onboarding/components/welcome-page")).WelcomePage),
  ),
);
const FormPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/onboarding/components/form-page")).FormPage),
  ),
);
const ThemePage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/onboarding/components/theme-page")).ThemePage),
  ),
);
const ThemeContdPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/onboarding/components/themecontd-page")).ThemeContdPage),
  ),
);
const ThemePreviewPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/onboarding/components/theme-preview-page")).ThemePreviewPage),
  ),
);
const FinalPreviewPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/onboarding/components/final-preview-page")).FinalPreviewPage),
  ),
);
const GenerateQuizPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/onboarding/components/generate-quiz-page")).GenerateQuizPage),
  ),
);
const QuizPlayerPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/onboarding/components/quiz-player-page")).QuizPlayerPage),
  ),
);
const AllQuizzesPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/onboarding/components/all-quizzes-page")).AllQuizzesPage),
  ),
);
const QuizResultPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/onboarding/components/quiz-result-page")).QuizResultPage),
  ),
);
const ProgressPage = lazy(() => import("../features/dashboard/components/progress-page").then((m) => ({ default: m.ProgressPage })));
const QuestionBankPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/question-bank/components/question-bank-page")).QuestionBankPage),
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
const AdminProductsPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/payments/components/admin-products-page")).AdminProductsPage),
  ),
);
const AdminBillingPage = lazy(() =>
  import("./with-query-client").then(async (q) =>
    q.withQueryClient((await import("../features/payments/components/admin-billing")).AdminBillingPage),
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
      return <PublicPage slug="faq" fallback={<FaqPage />} />;
    case "contact":
      return <PublicPage slug="contact-us" fallback={<ContactPage />} />;
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
    case "user-forgot":
      return <ForgotPage accountRole="user" />;
    case "admin-forgot":
      return <ForgotPage accountRole="admin" />;
    case "user-reset":
      return <ResetPage accountRole="user" />;
    case "admin-reset":
      return <ResetPage accountRole="admin" />;
    case "magic-login":
      return <MagicLoginPage />;
    case "magic-verify":
      return <MagicVerifyPage />;
    case "user-verify-email":
      return <VerifyEmailPage accountRole="user" />;
    case "admin-verify-email":
      return <VerifyEmailPage accountRole="admin" />;
    case "profile":
      return <ProfilePage />;
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
    case "admin-setup-2fa":
      return <TwoFactorSetupPage />;
    case "admin-packages":
      return <PackagesPage />;
    case "admin-cms":
      return <CmsPage />;
    case "admin-pages":
      return <PagesPage />;
    case "admin-users":
      return <UsersPage />;
    case "admin-email":
      return <EmailPage />;
    case "admin-photos":
      return <PhotosPage />;
    case "onboarding-welcome":
      return <WelcomePage />;
    case "onboarding-form":
      return <FormPage />;
    case "onboarding-theme":
      return <ThemePage />;
    case "onboarding-themecontd":
      return <ThemeContdPage />;
    case "onboarding-themepreview":
      return <ThemePreviewPage />;
    case "onboarding-final-preview":
      return <FinalPreviewPage />;
    case "onboarding-generate":
      return <GenerateQuizPage />;
    case "quiz-player":
      return <QuizPlayerPage />;
    case "quiz-list":
      return <AllQuizzesPage />;
    case "quiz-result":
      return <QuizResultPage />;
    case "progress":
      return <ProgressPage />;
    case "admin-quizzes":
      return <QuestionBankPage />;
    case "card-details":
      return <CardDetailsPage />;
    case "checkout":
      return <CheckoutPage />;
    case "admin-prices":
      return <AdminPricesPage />;
    case "admin-subscriptions":
      return <AdminSubscriptionsPage />;
    case "admin-products":
      return <AdminProductsPage />;
    case "admin-billing":
      return <AdminBillingPage />;
    case "placeholder":
      return <PlaceholderPage route={route} />;
  }
}

/** A one-segment path may be an admin-managed page (/terms); anything else is not found. */
function CatchAll() {
  const { pathname } = useLocation();
  const slug = /^\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/.exec(pathname)?.[1];
  return slug ? <PublicPage slug={slug} fallback={<NotFoundPage />} /> : <NotFoundPage />;
}

/**
 * The first route of the table that matches the path renders (the table lists no path that an
 * earlier one would take). Routes of one screen share a key, so moving between them (a list and
 * its side panel) keeps the screen mounted.
 */
export function AppRoutes() {
  return (
    <RootLayout>
      <Switch>
        {routeTable.map((r) => (
          <Route key={r.screen === "placeholder" ? r.path : r.screen} path={r.path}>
            <AccessGate access={r.access}>{renderScreen(r.screen, r)}</AccessGate>
          </Route>
        ))}
        <Route>
          <CatchAll />
        </Route>
      </Switch>
    </RootLayout>
  );
}
