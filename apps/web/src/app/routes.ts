import type { Role } from "@academy/contract/common";
import { hasPermission, type Permission, type StaffRole } from "@academy/contract/staff";
import { parse } from "regexparam";

/**
 * The one path table (spec section 2): paths, titles, access and the screen each renders.
 * The router, the guards and the document title all read it.
 */

export const APP_NAME = "Rescue Academy";

/** "public" = signed-out visitors only; "any" = everyone, inside their own wrapper. */
export type Access = "public" | "user" | "admin" | "any";

export type Screen =
  | "landing"
  | "faq"
  | "contact"
  | "user-login"
  | "admin-login"
  | "user-signup"
  | "admin-signup"
  | "user-forgot"
  | "admin-forgot"
  | "user-reset"
  | "admin-reset"
  | "magic-login"
  | "magic-verify"
  | "user-verify-email"
  | "admin-verify-email"
  | "profile"
  | "user-dashboard"
  | "admin-dashboard"
  | "admin-setup-2fa"
  | "admin-packages"
  | "admin-users"
  | "admin-cms"
  | "admin-email"
  | "admin-photos"
  | "admin-pages"
  | "onboarding-welcome"
  | "onboarding-form"
  | "onboarding-theme"
  | "onboarding-themecontd"
  | "onboarding-themepreview"
  | "onboarding-final-preview"
  | "onboarding-generate"
  | "quiz-player"
  | "quiz-list"
  | "mock-exam"
  | "quiz-result"
  | "offline-practice"
  | "progress"
  | "admin-quizzes"
  | "card-details"
  | "admin-prices"
  | "admin-subscriptions"
  | "admin-products"
  | "admin-billing"
  | "library"
  | "library-document"
  | "assistant"
  | "admin-library"
  | "checkout"
  | "study-plan"
  | "admin-study-plans"
  | "blog-list"
  | "blog-post"
  | "admin-blog"
  | "admin-blog-editor"
  | "admin-blog-categories"
  | "admin-blog-tags"
  | "redirect"
  | "get-coaching"
  | "admin-scheduling"
  | "admin-analytics"
  | "admin-activity"
  | "admin-chat";

export interface AppRoute {
  path: string;
  title: string;
  access: Access;
  screen: Screen;
  /** A path the spec names whose content lives at another path: the browser is sent there, its query kept. */
  redirectTo?: string;
  /** A staff screen's permission (packages/contract/src/staff.ts): staff without it see the not-found page. */
  permission?: Permission;
}

/**
 * What each staff screen needs of the staff role; a staff screen not listed (dashboard, profile,
 * two-factor setup, chat) is every staff member's. The server checks the same permissions on
 * every call the screen makes.
 */
export const STAFF_SCREEN_PERMISSIONS: Partial<Record<Screen, Permission>> = {
  "admin-users": "users.read",
  "admin-study-plans": "users.read",
  "admin-analytics": "analytics.read",
  "admin-packages": "payments.write",
  "admin-products": "payments.read",
  "admin-prices": "payments.read",
  "admin-subscriptions": "payments.read",
  "admin-billing": "payments.read",
  "admin-quizzes": "question-bank.read",
  "admin-library": "library.read",
  "admin-blog": "content.write",
  "admin-blog-editor": "content.write",
  "admin-blog-categories": "content.write",
  "admin-blog-tags": "content.write",
  "admin-pages": "content.write",
  "admin-cms": "content.write",
  "admin-email": "content.write",
  "admin-photos": "content.write",
  "admin-scheduling": "coaching.own",
  "admin-activity": "activity.read",
};

const route = (path: string, access: Access, title: string, screen: Screen): AppRoute => {
  const permission = access === "admin" ? STAFF_SCREEN_PERMISSIONS[screen] : undefined;
  return permission ? { path, title, access, screen, permission } : { path, title, access, screen };
};
const moved = (path: string, access: Access, title: string, redirectTo: string): AppRoute => ({
  path,
  title,
  access,
  screen: "redirect",
  redirectTo,
});

export const routeTable: readonly AppRoute[] = [
  // Signed-out visitors only.
  moved("/login", "public", "Sign in", "/user/login"),
  route("/user/login", "public", "Sign in", "user-login"),
  route("/user/signup", "public", "Create your account", "user-signup"),
  route("/user/forgot", "public", "Forgot password", "user-forgot"),
  route("/user/reset", "public", "Choose a new password", "user-reset"),
  route("/admin/login", "public", "Staff sign in", "admin-login"),
  route("/admin/signup", "public", "Create a staff account", "admin-signup"),
  route("/admin/forgot", "public", "Forgot password", "admin-forgot"),
  route("/admin/reset", "public", "Choose a new password", "admin-reset"),
  route("/magic-login/verify", "public", "Signing you in", "magic-verify"),
  route("/magic-login/:role", "public", "Sign in with a link", "magic-login"),
  // The link in a confirmation email works signed in or out, so these are open to everyone.
  route("/user/verify-email", "any", "Confirm your email", "user-verify-email"),
  route("/admin/verify-email", "any", "Confirm your email", "admin-verify-email"),

  // Candidates.
  route("/user/dashboard", "user", "Dashboard", "user-dashboard"),
  route("/user/profile", "user", "Profile", "profile"),
  route("/user/card-details", "user", "Card details", "card-details"),
  route("/checkout/:sessionId", "user", "Checkout", "checkout"),
  route("/user/onboarding", "user", "Onboarding", "onboarding-welcome"),
  route("/user/onboarding/form", "user", "About you", "onboarding-form"),
  route("/user/onboarding/theme", "user", "Choose your themes", "onboarding-theme"),
  route("/user/onboarding/themecontd", "user", "Confidence and quiz settings", "onboarding-themecontd"),
  route("/user/onboarding/themepreview", "user", "Quiz preview", "onboarding-themepreview"),
  route("/user/onboarding/final-preview", "user", "Review your choices", "onboarding-final-preview"),
  route("/user/onboarding/generatequiz", "user", "Generating your quiz", "onboarding-generate"),
  route("/user/onboarding/quiz", "user", "Quiz", "quiz-player"),
  route("/user/onboarding/allquizzes", "user", "Quizzes", "quiz-list"),
  route("/user/onboarding/mock-exam", "user", "Mock exam", "mock-exam"),
  route("/user/onboarding/singlequiz/:id", "user", "Quiz result", "quiz-result"),
  route("/user/offline", "user", "Practise offline", "offline-practice"),
  route("/user/document-library", "user", "Document library", "library"),
  route("/user/document-library/:slug", "user", "Study document", "library-document"),
  route("/user/assistant", "user", "Study assistant", "assistant"),
  route("/user/get-coaching", "user", "Coaching", "get-coaching"),
  route("/user/prev", "user", "Progress", "progress"),
  route("/user/study-plan", "user", "Study plan", "study-plan"),

  // Academy staff.
  route("/admin/dashboard", "admin", "Dashboard", "admin-dashboard"),
  route("/admin/setup-2fa", "admin", "Set up two-factor sign-in", "admin-setup-2fa"),
  route("/admin/profile", "admin", "Profile", "profile"),
  route("/admin/user", "admin", "Users", "admin-users"),
  route("/admin/users", "admin", "Users", "admin-users"),
  route("/admin/add-user", "admin", "Add user", "admin-users"),
  route("/admin/edit-user", "admin", "Edit user", "admin-users"),
  route("/admin/edit-user/:id", "admin", "Edit user", "admin-users"),
  route("/admin/view-user", "admin", "User details", "admin-users"),
  route("/admin/view-user/:id", "admin", "User details", "admin-users"),
  route("/admin/packages", "admin", "Packages", "admin-packages"),
  route("/admin/add-packages", "admin", "Add package", "admin-packages"),
  route("/admin/edit-packages", "admin", "Edit package", "admin-packages"),
  route("/admin/edit-packages/:id", "admin", "Edit package", "admin-packages"),
  route("/admin/view-packages", "admin", "Package details", "admin-packages"),
  route("/admin/view-packages/:id", "admin", "Package details", "admin-packages"),
  route("/admin/stripe_subscription", "admin", "Subscriptions", "admin-subscriptions"),
  route("/admin/view-stripe_subscription/:id", "admin", "Subscription details", "admin-subscriptions"),
  route("/admin/stripe_price", "admin", "Prices", "admin-prices"),
  route("/admin/add-stripe_price", "admin", "Add price", "admin-prices"),
  route("/admin/edit-stripe_price/:id", "admin", "Edit price", "admin-prices"),
  route("/admin/view-stripe_price/:id", "admin", "Prices", "admin-prices"),
  route("/admin/stripe_product", "admin", "Products", "admin-products"),
  route("/admin/add-stripe_product", "admin", "Add product", "admin-products"),
  route("/admin/edit-stripe_product/:id", "admin", "Edit product", "admin-products"),
  route("/admin/view-stripe_product/:id", "admin", "Product details", "admin-products"),
  route("/admin/stripe_invoice", "admin", "Invoices", "admin-billing"),
  route("/admin/view-stripe_invoice/:id", "admin", "Invoice details", "admin-billing"),
  route("/admin/stripe_order", "admin", "Orders", "admin-billing"),
  route("/admin/view-stripe_order/:id", "admin", "Order details", "admin-billing"),
  route("/admin/stripe_charge", "admin", "Charges", "admin-billing"),
  route("/admin/view-stripe_charge/:id", "admin", "Charge details", "admin-billing"),
  route("/admin/pages", "admin", "Pages", "admin-pages"),
  route("/admin/pages/new", "admin", "Add page", "admin-pages"),
  route("/admin/pages/edit/:id", "admin", "Edit page", "admin-pages"),
  route("/admin/pages/view/:id", "admin", "Page details", "admin-pages"),
  route("/admin/cms", "admin", "CMS", "admin-cms"),
  route("/admin/add-cms", "admin", "Add CMS entry", "admin-cms"),
  route("/admin/edit-cms/:id", "admin", "Edit CMS entry", "admin-cms"),
  route("/admin/email", "admin", "Email templates", "admin-email"),
  route("/admin/add-email", "admin", "Add email template", "admin-email"),
  route("/admin/edit-email/:id", "admin", "Edit email template", "admin-email"),
  route("/admin/photo", "admin", "Photos", "admin-photos"),
  route("/admin/add-photo", "admin", "Upload photo", "admin-photos"),
  route("/admin/quizzes", "admin", "Question bank", "admin-quizzes"),
  route("/admin/library", "admin", "Library", "admin-library"),
  route("/admin/edit-library/:id", "admin", "Edit document", "admin-library"),
  route("/admin/view-library/:id", "admin", "Document details", "admin-library"),
  route("/admin/study-plans", "admin", "Study plans", "admin-study-plans"),
  route("/admin/blog", "admin", "Blog posts", "admin-blog"),
  route("/admin/blog/view/:id", "admin", "Post details", "admin-blog"),
  route("/admin/blog/new", "admin", "New post", "admin-blog-editor"),
  route("/admin/blog/edit/:id", "admin", "Edit post", "admin-blog-editor"),
  route("/admin/blog/categories", "admin", "Blog categories", "admin-blog-categories"),
  route("/admin/blog/categories/new", "admin", "Add category", "admin-blog-categories"),
  route("/admin/blog/categories/edit/:id", "admin", "Rename category", "admin-blog-categories"),
  route("/admin/blog/tags", "admin", "Blog tags", "admin-blog-tags"),
  route("/admin/blog/tags/new", "admin", "Add tag", "admin-blog-tags"),
  route("/admin/blog/tags/edit/:id", "admin", "Rename tag", "admin-blog-tags"),
  route("/admin/scheduling", "admin", "Scheduling", "admin-scheduling"),
  route("/admin/analytics", "admin", "Session analytics", "admin-analytics"),
  route("/admin/activity", "admin", "Activity log", "admin-activity"),
  route("/admin/analytics/sessions/:id", "admin", "Session timeline", "admin-analytics"),
  route("/admin/view-scheduling/:id", "admin", "Session details", "admin-scheduling"),
  route("/admin/chat", "admin", "Chat", "admin-chat"),

  // Other paths named by the spec.
  route("/", "any", "Exam prep for rescue careers", "landing"),
  route("/faq", "any", "Frequently asked questions", "faq"),
  route("/contact-us", "any", "Contact us", "contact"),
  route("/blog", "any", "Blog", "blog-list"),
  route("/blog/:slug", "any", "Blog", "blog-post"),
  // Named by the spec without a screen of their own: each opens the screen that does the job.
  moved("/explore", "any", "Explore", "/user/document-library"),
  moved("/favorites", "user", "Favorites", "/user/document-library"),
  moved("/account", "user", "Account", "/user/profile"),
  moved("/account/profile", "user", "Profile", "/user/profile"),
  moved("/account/my-bookings", "user", "My bookings", "/user/get-coaching"),
  moved("/account/my-spaces", "user", "My spaces", "/user/onboarding/allquizzes"),
  moved("/account/my-spaces/:id", "user", "Study space", "/user/onboarding/allquizzes"),
  moved("/account/payments", "user", "Payments", "/user/card-details"),
  moved("/account/billings", "user", "Billing", "/user/card-details"),
  moved("/account/reviews", "user", "Reviews", "/user/prev"),
];

// The patterns the router matches with (wouter's parser): case-insensitive, a trailing slash allowed.
const patterns = routeTable.map((r) => ({ pattern: parse(r.path).pattern, route: r }));

/** The table entry for a pathname, the first that matches as in the router (params such as :id match any one segment). */
export function findRoute(pathname: string): AppRoute | undefined {
  return patterns.find((p) => p.pattern.test(pathname))?.route;
}

export interface SessionView {
  isAuthenticated: boolean;
  role: Role | null;
  /** Staff: their staff role, which decides the staff screens they may open. */
  staffRole?: StaffRole | null;
  /** Staff who must turn on two-factor sign-in before the staff area opens. */
  twoFactorSetupRequired?: boolean;
}

/** Whether a staff member's role opens a staff screen that needs `permission` (none: every staff member's). */
export function staffMayOpen(permission: Permission | undefined, session: SessionView): boolean {
  return permission === undefined || hasPermission(session.staffRole, permission);
}

/** Whether the person may see this route at all (a mismatch is shown as not found). */
export function isVisibleTo(access: Access, session: SessionView, permission?: Permission): boolean {
  if (access === "any") return true;
  if (access === "public") return true; // a signed-in person is redirected, not refused
  if (!session.isAuthenticated) return true;
  return session.role === access && (access !== "admin" || staffMayOpen(permission, session));
}

export function formatTitle(title: string | undefined): string {
  return title ? `${title} | ${APP_NAME}` : APP_NAME;
}

/** Document title from the path table; unlisted (or, for this person, non-existent) paths get the app name. */
export function documentTitle(pathname: string, session: SessionView): string {
  const found = findRoute(pathname);
  if (!found || !isVisibleTo(found.access, session, found.permission)) return APP_NAME;
  return formatTitle(found.title);
}
