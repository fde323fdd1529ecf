import type { Role } from "@academy/contract/common";
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
  | "login"
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
  | "quiz-result"
  | "progress"
  | "admin-quizzes"
  | "card-details"
  | "admin-prices"
  | "admin-subscriptions"
  | "admin-products"
  | "admin-billing"
  | "checkout"
  | "placeholder";

export interface AppRoute {
  path: string;
  title: string;
  access: Access;
  screen: Screen;
  /** One line on what the screen does (shown by screens that are not built yet). */
  description: string;
}

const route = (path: string, access: Access, title: string, description: string, screen: Screen = "placeholder"): AppRoute => ({
  path,
  title,
  access,
  screen,
  description,
});

const USERS = "Search, view, add and edit candidate and staff accounts.";
const PRICES = "Card-payment prices of the packages: add, edit, view, archive and select.";
const PRODUCTS = "What the academy sells at the card provider, and the package each product unlocks.";
const SUBSCRIPTIONS = "Candidates' subscriptions with their status and billing period; end any of them.";
const PROFILE = "Your name, photo, email, password, two-factor sign-in and time zone.";

export const routeTable: readonly AppRoute[] = [
  // Signed-out visitors only.
  route("/login", "public", "Sign in", "Sign in to continue where you left off.", "login"),
  route("/user/login", "public", "Sign in", "Sign in to your candidate account.", "user-login"),
  route("/user/signup", "public", "Create your account", "Create a candidate account to start preparing.", "user-signup"),
  route("/user/forgot", "public", "Forgot password", "Enter your email and we send you a code to choose a new password.", "user-forgot"),
  route("/user/reset", "public", "Choose a new password", "Enter the code from your email and choose a new password.", "user-reset"),
  route("/admin/login", "public", "Staff sign in", "Sign in to the academy's staff area.", "admin-login"),
  route("/admin/signup", "public", "Create a staff account", "Create the first staff account, or join with an invitation.", "admin-signup"),
  route("/admin/forgot", "public", "Forgot password", "Enter your email and we send you a code to choose a new password.", "admin-forgot"),
  route("/admin/reset", "public", "Choose a new password", "Enter the code from your email and choose a new password.", "admin-reset"),
  route("/magic-login/verify", "public", "Signing you in", "Checks the link from your email and signs you in.", "magic-verify"),
  route("/magic-login/:role", "public", "Sign in with a link", "Get a one-time sign-in link by email, no password needed.", "magic-login"),
  // The link in a confirmation email works signed in or out, so these are open to everyone.
  route(
    "/user/verify-email",
    "any",
    "Confirm your email",
    "Confirms your email address with the link from the email.",
    "user-verify-email",
  ),
  route(
    "/admin/verify-email",
    "any",
    "Confirm your email",
    "Confirms your email address with the link from the email.",
    "admin-verify-email",
  ),

  // Candidates.
  route("/user/dashboard", "user", "Dashboard", "Your readiness, what to practise next and your upcoming coaching.", "user-dashboard"),
  route("/user/profile", "user", "Profile", PROFILE, "profile"),
  route("/user/card-details", "user", "Card details", "Your saved cards, your current plan and your invoices.", "card-details"),
  route("/checkout/:sessionId", "user", "Checkout", "Pay for your plan with a card.", "checkout"),
  route("/user/onboarding", "user", "Onboarding", "Welcome: the steps to set up your study plan and first quiz.", "onboarding-welcome"),
  route(
    "/user/onboarding/form",
    "user",
    "About you",
    "Your track, target exam date, region, experience and weekly study hours.",
    "onboarding-form",
  ),
  route(
    "/user/onboarding/theme",
    "user",
    "Choose your themes",
    "Pick the exam themes to practise, preselected from your track's blueprint.",
    "onboarding-theme",
  ),
  route(
    "/user/onboarding/themecontd",
    "user",
    "Confidence and quiz settings",
    "Rate your confidence per theme and set quiz length, difficulty and mode.",
    "onboarding-themecontd",
  ),
  route(
    "/user/onboarding/themepreview",
    "user",
    "Quiz preview",
    "The mix of themes and difficulty in your quiz, with a sample question per theme.",
    "onboarding-themepreview",
  ),
  route(
    "/user/onboarding/final-preview",
    "user",
    "Review your choices",
    "A summary of your choices, each with a link back to change it.",
    "onboarding-final-preview",
  ),
  route(
    "/user/onboarding/generatequiz",
    "user",
    "Generating your quiz",
    "Builds your quiz from the question bank, then opens it.",
    "onboarding-generate",
  ),
  route("/user/onboarding/quiz", "user", "Quiz", "One question at a time; every answer is saved as you give it.", "quiz-player"),
  route(
    "/user/onboarding/allquizzes",
    "user",
    "Quizzes",
    "All your quizzes with status, score and date: start, resume or retry missed questions.",
    "quiz-list",
  ),
  route(
    "/user/onboarding/singlequiz/:id",
    "user",
    "Quiz result",
    "Your score, a per-theme breakdown and every question with its explanation and source.",
    "quiz-result",
  ),
  route("/user/document-library", "user", "Document library", "Study documents by track and theme, with search, preview and download."),
  route("/user/get-coaching", "user", "Coaching", "Book a session with a coach, manage your bookings and chat with your coach."),
  route("/user/prev", "user", "Progress", "Your past attempts and how your readiness has changed over time.", "progress"),

  // Academy staff.
  route("/admin/dashboard", "admin", "Dashboard", "An overview of the academy and a way into each area.", "admin-dashboard"),
  route(
    "/admin/setup-2fa",
    "admin",
    "Set up two-factor sign-in",
    "Staff accounts turn on two-factor sign-in before they open the staff area.",
    "admin-setup-2fa",
  ),
  route("/admin/profile", "admin", "Profile", PROFILE, "profile"),
  route("/admin/user", "admin", "Users", USERS, "admin-users"),
  route("/admin/users", "admin", "Users", USERS, "admin-users"),
  route("/admin/add-user", "admin", "Add user", "Create a candidate or staff account.", "admin-users"),
  route("/admin/edit-user", "admin", "Edit user", "Change a person's details, email, password or status.", "admin-users"),
  route("/admin/edit-user/:id", "admin", "Edit user", "Change a person's details, email, password or status.", "admin-users"),
  route("/admin/view-user", "admin", "User details", "A person's account, plan, quizzes and coaching sessions.", "admin-users"),
  route("/admin/view-user/:id", "admin", "User details", "A person's account, plan, quizzes and coaching sessions.", "admin-users"),
  route("/admin/packages", "admin", "Packages", "Subscription plans and what each one unlocks.", "admin-packages"),
  route(
    "/admin/add-packages",
    "admin",
    "Add package",
    "Create a plan: quizzes per week, library sections and coaching sessions.",
    "admin-packages",
  ),
  route("/admin/edit-packages", "admin", "Edit package", "Change what a plan unlocks.", "admin-packages"),
  route("/admin/edit-packages/:id", "admin", "Edit package", "Change what a plan unlocks.", "admin-packages"),
  route("/admin/view-packages", "admin", "Package details", "A plan, what it unlocks and its prices.", "admin-packages"),
  route("/admin/view-packages/:id", "admin", "Package details", "A plan, what it unlocks and its prices.", "admin-packages"),
  route("/admin/stripe_subscription", "admin", "Subscriptions", SUBSCRIPTIONS, "admin-subscriptions"),
  route("/admin/view-stripe_subscription/:id", "admin", "Subscription details", SUBSCRIPTIONS, "admin-subscriptions"),
  route("/admin/stripe_price", "admin", "Prices", PRICES, "admin-prices"),
  route("/admin/add-stripe_price", "admin", "Add price", PRICES, "admin-prices"),
  route("/admin/edit-stripe_price/:id", "admin", "Edit price", PRICES, "admin-prices"),
  route("/admin/view-stripe_price/:id", "admin", "Prices", PRICES, "admin-prices"),
  route("/admin/stripe_product", "admin", "Products", PRODUCTS, "admin-products"),
  route("/admin/add-stripe_product", "admin", "Add product", PRODUCTS, "admin-products"),
  route("/admin/edit-stripe_product/:id", "admin", "Edit product", PRODUCTS, "admin-products"),
  route("/admin/view-stripe_product/:id", "admin", "Product details", PRODUCTS, "admin-products"),
  route("/admin/stripe_invoice", "admin", "Invoices", "Every invoice the card provider issued.", "admin-billing"),
  route("/admin/view-stripe_invoice/:id", "admin", "Invoice details", "One invoice and its PDF.", "admin-billing"),
  route("/admin/stripe_order", "admin", "Orders", "One-time and lifetime purchases.", "admin-billing"),
  route("/admin/view-stripe_order/:id", "admin", "Order details", "One one-time purchase.", "admin-billing"),
  route("/admin/stripe_charge", "admin", "Charges", "Every card charge, with the reason when it failed.", "admin-billing"),
  route("/admin/view-stripe_charge/:id", "admin", "Charge details", "One card charge.", "admin-billing"),
  route("/admin/pages", "admin", "Pages", "Public pages: landing, FAQ, contact and terms.", "admin-pages"),
  route("/admin/pages/new", "admin", "Add page", "Write a new public page.", "admin-pages"),
  route("/admin/pages/edit/:id", "admin", "Edit page", "Change a public page.", "admin-pages"),
  route("/admin/pages/view/:id", "admin", "Page details", "A public page and its status.", "admin-pages"),
  route("/admin/cms", "admin", "CMS", "Keyed text and images that screens read for their copy.", "admin-cms"),
  route("/admin/add-cms", "admin", "Add CMS entry", "Add a keyed text or image for a page.", "admin-cms"),
  route("/admin/edit-cms/:id", "admin", "Edit CMS entry", "Change a keyed text or image.", "admin-cms"),
  route(
    "/admin/email",
    "admin",
    "Email templates",
    "Transactional email templates with placeholders, preview and test send.",
    "admin-email",
  ),
  route("/admin/add-email", "admin", "Add email template", "Write a new email template.", "admin-email"),
  route("/admin/edit-email/:id", "admin", "Edit email template", "Change an email template and send yourself a test.", "admin-email"),
  route("/admin/photo", "admin", "Photos", "Images uploaded for pages and content.", "admin-photos"),
  route("/admin/add-photo", "admin", "Upload photo", "Upload an image with a caption.", "admin-photos"),
  route(
    "/admin/quizzes",
    "admin",
    "Question bank",
    "Questions, tracks and blueprints, import and export, and item statistics.",
    "admin-quizzes",
  ),

  // Other paths named by the spec.
  route("/", "any", "Exam prep for rescue careers", "What the academy is and how it prepares you.", "landing"),
  route("/faq", "any", "Frequently asked questions", "Answers to common questions about the academy.", "faq"),
  route("/contact-us", "any", "Contact us", "How to reach the academy.", "contact"),
  route("/explore", "any", "Explore", "Browse the tracks and the themes each entrance exam covers."),
  route("/favorites", "user", "Favorites", "Questions and documents you saved for later."),
  route("/account", "user", "Account", "Your account, plan and bookings in one place."),
  route("/account/profile", "user", "Profile", PROFILE, "profile"),
  route("/account/my-bookings", "user", "My bookings", "Your coaching bookings, upcoming and past."),
  route("/account/my-spaces", "user", "My spaces", "Your saved study spaces."),
  route("/account/my-spaces/:id", "user", "Study space", "One of your saved study spaces."),
  route("/account/payments", "user", "Payments", "Your payments and receipts."),
  route("/account/billings", "user", "Billing", "Your invoices and billing details."),
  route("/account/reviews", "user", "Reviews", "Your feedback on coaching sessions."),
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
  /** Staff who must turn on two-factor sign-in before the staff area opens. */
  twoFactorSetupRequired?: boolean;
}

/** Whether the person may see this route at all (a mismatch is shown as not found). */
export function isVisibleTo(access: Access, session: SessionView): boolean {
  if (access === "any") return true;
  if (access === "public") return true; // a signed-in person is redirected, not refused
  return !session.isAuthenticated || session.role === access;
}

export function formatTitle(title: string | undefined): string {
  return title ? `${title} | ${APP_NAME}` : APP_NAME;
}

/** Document title from the path table; unlisted (or, for this person, non-existent) paths get the app name. */
export function documentTitle(pathname: string, session: SessionView): string {
  const found = findRoute(pathname);
  if (!found || !isVisibleTo(found.access, session)) return APP_NAME;
  return formatTitle(found.title);
}
