import { hasPermission } from "@academy/contract/staff";
import { type ComponentType, lazy, Suspense } from "react";
import { Route, Switch } from "wouter";
import { useAuth } from "../lib/auth-store";
import { Redirect, useLocation } from "../lib/navigation";
import { AccessGate } from "./access-gate";
import { NotFoundPage } from "./not-found-page";
import { RootLayout } from "./root-layout";
import { type AppRoute, routeTable, type Screen } from "./routes";

/*
 * The route table rendered with wouter (decision 13) and React.lazy: each screen is its own
 * chunk, loaded on first visit.
 */

// biome-ignore lint/suspicious/noExplicitAny: a module whose export `K` is a component, with whatever props
type ScreenModule<K extends string> = Record<K, ComponentType<any>>;

/** A screen as its own chunk, loaded on first visit. */
const lazyScreen = <M extends ScreenModule<K>, K extends string>(load: () => Promise<M>, name: K) =>
  lazy(() => load().then((m) => ({ default: m[name] as M[K] })));

/**
 * A screen that reads with TanStack Query: the query library's provider loads with it (in
 * parallel), never with the first screen.
 */
const queryScreen = <M extends ScreenModule<K>, K extends string>(load: () => Promise<M>, name: K) =>
  lazy(() => Promise.all([import("./with-query-client"), load()]).then(([q, m]) => q.withQueryClient(m[name])));

const LandingPage = lazyScreen(() => import("../features/marketing/components/landing-page"), "LandingPage");
const FaqPage = lazyScreen(() => import("../features/marketing/components/faq-page"), "FaqPage");
const ContactPage = lazyScreen(() => import("../features/marketing/components/contact-page"), "ContactPage");
const LoginPage = lazyScreen(() => import("../features/auth/components/login-page"), "LoginPage");
const SignupPage = lazyScreen(() => import("../features/auth/components/signup-page"), "SignupPage");
const ForgotPage = lazyScreen(() => import("../features/auth/components/forgot-page"), "ForgotPage");
const ResetPage = lazyScreen(() => import("../features/auth/components/reset-page"), "ResetPage");
const MagicLoginPage = lazyScreen(() => import("../features/auth/components/magic-login-page"), "MagicLoginPage");
const MagicVerifyPage = lazyScreen(() => import("../features/auth/components/magic-verify-page"), "MagicVerifyPage");
const VerifyEmailPage = lazyScreen(() => import("../features/auth/components/verify-email-page"), "VerifyEmailPage");
const ProfilePage = queryScreen(() => import("../features/profile/components/profile-page"), "ProfilePage");
const TwoFactorSetupPage = queryScreen(() => import("../features/profile/components/two-factor-setup-page"), "TwoFactorSetupPage");
const UserDashboardPage = queryScreen(() => import("../features/dashboard/components/user-dashboard-page"), "UserDashboardPage");
const AdminDashboardPage = queryScreen(() => import("../features/dashboard/components/admin-dashboard-page"), "AdminDashboardPage");
const PublicPage = lazyScreen(() => import("../features/pages/components/public-page"), "PublicPage");
const PackagesPage = queryScreen(() => import("../features/admin-packages/components/packages-page"), "PackagesPage");
const CmsPage = queryScreen(() => import("../features/admin-content/components/cms-page"), "CmsPage");
const PagesPage = queryScreen(() => import("../features/admin-content/components/pages-page"), "PagesPage");
const UsersPage = queryScreen(() => import("../features/admin-users/components/users-page"), "UsersPage");
const EmailPage = queryScreen(() => import("../features/admin-content/components/email-page"), "EmailPage");
const PhotosPage = queryScreen(() => import("../features/admin-media/components/photos-page"), "PhotosPage");
const WelcomePage = queryScreen(() => import("../features/onboarding/components/welcome-page"), "WelcomePage");
const FormPage = queryScreen(() => import("../features/onboarding/components/form-page"), "FormPage");
const ThemePage = queryScreen(() => import("../features/onboarding/components/theme-page"), "ThemePage");
const ThemeContdPage = queryScreen(() => import("../features/onboarding/components/themecontd-page"), "ThemeContdPage");
const ThemePreviewPage = queryScreen(() => import("../features/onboarding/components/theme-preview-page"), "ThemePreviewPage");
const FinalPreviewPage = queryScreen(() => import("../features/onboarding/components/final-preview-page"), "FinalPreviewPage");
const GenerateQuizPage = queryScreen(() => import("../features/onboarding/components/generate-quiz-page"), "GenerateQuizPage");
const QuizPlayerPage = queryScreen(() => import("../features/quiz/components/quiz-player-page"), "QuizPlayerPage");
const AllQuizzesPage = queryScreen(() => import("../features/quiz/components/all-quizzes-page"), "AllQuizzesPage");
const OfflinePage = queryScreen(() => import("../features/quiz/components/offline-page"), "OfflinePage");
const MockExamPage = queryScreen(() => import("../features/quiz/components/mock-exam-page"), "MockExamPage");
const QuizResultPage = queryScreen(() => import("../features/quiz/components/quiz-result-page"), "QuizResultPage");
// Below the staff dashboard's figures: its code loads after the first screen.
const StaffAreas = lazy(() => import("./staff-areas").then((m) => ({ default: m.StaffAreas })));
const ProgressPage = queryScreen(() => import("../features/dashboard/components/progress-page"), "ProgressPage");
const QuestionBankPage = queryScreen(() => import("../features/question-bank/components/question-bank-page"), "QuestionBankPage");
const CardDetailsPage = queryScreen(() => import("../features/payments/components/card-details-page"), "CardDetailsPage");
const CheckoutPage = queryScreen(() => import("../features/payments/components/checkout-page"), "CheckoutPage");
const AdminPricesPage = queryScreen(() => import("../features/payments/components/admin-prices-page"), "AdminPricesPage");
const AdminSubscriptionsPage = queryScreen(
  () => import("../features/payments/components/admin-subscriptions-page"),
  "AdminSubscriptionsPage",
);
const AdminProductsPage = queryScreen(() => import("../features/payments/components/admin-products-page"), "AdminProductsPage");
const AdminBillingPage = queryScreen(() => import("../features/payments/components/admin-billing"), "AdminBillingPage");
const PlanSummary = lazyScreen(() => import("../features/payments/components/plan-summary"), "PlanSummary");
const LandingPlans = lazyScreen(() => import("../features/payments/components/plan-picker"), "LandingPlans");
const LibraryPage = queryScreen(() => import("../features/library/components/library-page"), "LibraryPage");
const DocumentPage = queryScreen(() => import("../features/library/components/document-page"), "DocumentPage");
const AssistantPage = queryScreen(() => import("../features/assistant/components/assistant-page"), "AssistantPage");
const AdminLibraryPage = queryScreen(() => import("../features/admin-library/components/admin-library-page"), "AdminLibraryPage");
const BlogListPage = queryScreen(() => import("../features/blog/components/blog-list-page"), "BlogListPage");
const BlogPostPage = queryScreen(() => import("../features/blog/components/blog-post-page"), "BlogPostPage");
const AdminBlogPage = queryScreen(() => import("../features/blog/components/admin-blog-page"), "AdminBlogPage");
const PostEditorPage = queryScreen(() => import("../features/blog/components/post-editor-page"), "PostEditorPage");
const AdminBlogTermsPage = queryScreen(() => import("../features/blog/components/admin-terms-page"), "AdminBlogTermsPage");
const StudyPlanPage = queryScreen(() => import("../features/study-plan/components/study-plan-page"), "StudyPlanPage");
const LearnerPlansPage = queryScreen(() => import("../features/study-plan/components/learner-plans-page"), "LearnerPlansPage");
const GetCoachingPage = queryScreen(() => import("../features/coaching/components/get-coaching-page"), "GetCoachingPage");
const ActivityPage = queryScreen(() => import("../features/activity/components/activity-page"), "ActivityPage");
const RecordHistory = lazyScreen(() => import("../features/activity/components/record-history"), "RecordHistory");
const OwnActivitySection = lazyScreen(() => import("../features/activity/components/own-activity-section"), "OwnActivitySection");
const AdminAnalyticsPage = queryScreen(() => import("../features/analytics/components/admin-analytics-page"), "AdminAnalyticsPage");
const MySessionsSection = lazyScreen(() => import("../features/analytics/components/my-sessions-section"), "MySessionsSection");
const AdminSchedulingPage = queryScreen(() => import("../features/coaching/components/admin-scheduling-page"), "AdminSchedulingPage");
const CoachChatPanel = queryScreen(() => import("../features/chat/components/coach-chat-panel"), "CoachChatPanel");
const PersonChat = queryScreen(() => import("../features/chat/components/person-chat"), "PersonChat");
const AdminChatPage = queryScreen(() => import("../features/chat/components/admin-chat-page"), "AdminChatPage");

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
      return (
        <ProfilePage
          recordingSection={
            <Suspense fallback={null}>
              <MySessionsSection />
              <OwnActivitySection />
            </Suspense>
          }
        />
      );
    case "user-dashboard":
      return <UserDashboardPage planSection={<PlanSummary />} />;
    case "admin-dashboard":
      return <AdminDashboardPage areas={<StaffAreas />} />;
    case "admin-setup-2fa":
      return <TwoFactorSetupPage />;
    case "admin-packages":
      return <PackagesPage historyOf={historyIn("packages")} />;
    case "admin-cms":
      return <CmsPage historyOf={historyIn("cms")} />;
    case "admin-pages":
      return <PagesPage historyOf={historyIn("pages")} />;
    case "admin-users":
      return <UsersPage historyOf={historyIn("user")} />;
    case "admin-email":
      return <EmailPage historyOf={historyIn("email")} />;
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
    case "mock-exam":
      return <MockExamPage />;
    case "quiz-result":
      return <QuizResultPage />;
    case "offline-practice":
      return <OfflinePage />;
    case "progress":
      return <ProgressPage />;
    case "admin-quizzes":
      return <QuestionBankPage historyOf={historyIn("question")} />;
    case "card-details":
      return <CardDetailsPage />;
    case "checkout":
      return <CheckoutPage />;
    case "admin-prices":
      return <AdminPricesPage historyOf={historyIn("stripe_price")} />;
    case "admin-subscriptions":
      return <AdminSubscriptionsPage historyOf={historyIn("stripe_subscription")} />;
    case "admin-products":
      return <AdminProductsPage historyOf={historyIn("stripe_product")} />;
    case "admin-billing":
      return <AdminBillingPage />;
    case "library":
      return <LibraryPage />;
    case "library-document":
      return <DocumentPage />;
    case "assistant":
      return <AssistantPage />;
    case "admin-library":
      return <AdminLibraryPage historyOf={historyIn("library_document")} />;
    case "study-plan":
      return <StudyPlanPage />;
    case "admin-study-plans":
      return <LearnerPlansPage />;
    case "blog-list":
      return <BlogListPage />;
    case "blog-post":
      return <BlogPostPage />;
    case "admin-blog":
      return <AdminBlogPage historyOf={historyIn("blog_post")} />;
    case "admin-blog-editor":
      return <PostEditorPage historyOf={historyIn("blog_post")} />;
    case "admin-blog-categories":
      return <AdminBlogTermsPage kind="categories" />;
    case "admin-blog-tags":
      return <AdminBlogTermsPage kind="tags" />;
    case "redirect":
      return <MovedTo to={route.redirectTo ?? "/"} />;
    case "get-coaching":
      return (
        <GetCoachingPage
          chat={
            <Suspense fallback={null}>
              <CoachChatPanel />
            </Suspense>
          }
        />
      );
    case "admin-scheduling":
      return (
        <AdminSchedulingPage
          learnerChat={(userId: number, name: string) => (
            <Suspense fallback={null}>
              <PersonChat key={userId} userId={userId} name={name} />
            </Suspense>
          )}
        />
      );
    case "admin-chat":
      return <AdminChatPage />;
    case "admin-analytics":
      return <AdminAnalyticsPage />;
    case "admin-activity":
      return <ActivityPage />;
  }
}

/**
 * A record's activity-log history for its staff view panel (the activity feature, composed into
 * another's screen), for staff whose role reads the log.
 */
function historyIn(table: string) {
  return (id: number) => <HistoryIfAllowed table={table} id={id} />;
}

function HistoryIfAllowed({ table, id }: { table: string; id: number }) {
  const { staffRole } = useAuth().state;
  if (!hasPermission(staffRole, "activity.read")) return null;
  return (
    <Suspense fallback={null}>
      <RecordHistory table={table} id={id} />
    </Suspense>
  );
}

/** A path whose screen lives at another path: go there, keeping the query (a sign-in's redirect_uri). */
function MovedTo({ to }: { to: string }) {
  const { search } = useLocation();
  return <Redirect to={`${to}${search}`} replace />;
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
          <Route key={r.screen === "redirect" ? r.path : r.screen} path={r.path}>
            <AccessGate access={r.access} permission={r.permission}>
              {renderScreen(r.screen, r)}
            </AccessGate>
          </Route>
        ))}
        <Route>
          <CatchAll />
        </Route>
      </Switch>
    </RootLayout>
  );
}
