/** Sidebar navigation of the signed-in wrappers (pure data plus the active-item rule). */
import { hasPermission, type StaffRole } from "@academy/contract/staff";
import { findRoute } from "./routes";

export interface NavItem {
  label: string;
  to: string;
  /** Path prefixes that mark this item as the current one (defaults to `to`). */
  match?: readonly string[];
  /** The item shows this count when it is above zero: "unread" is the person's unread chat messages. */
  badge?: "unread";
}

export interface NavGroup {
  label: string;
  items: readonly NavItem[];
}

export const userNav: readonly NavGroup[] = [
  { label: "Overview", items: [{ label: "Dashboard", to: "/user/dashboard" }] },
  {
    label: "Study",
    items: [
      { label: "Onboarding", to: "/user/onboarding" },
      {
        label: "Quizzes",
        to: "/user/onboarding/allquizzes",
        match: ["/user/onboarding/allquizzes", "/user/onboarding/singlequiz", "/user/onboarding/quiz", "/user/onboarding/mock-exam"],
      },
      { label: "Practise offline", to: "/user/offline" },
      { label: "Study plan", to: "/user/study-plan" },
      { label: "Progress", to: "/user/prev" },
      { label: "Document library", to: "/user/document-library" },
      { label: "Study assistant", to: "/user/assistant" },
      { label: "Coaching", to: "/user/get-coaching", badge: "unread" },
      { label: "Blog", to: "/blog" },
    ],
  },
  {
    label: "Account",
    items: [
      { label: "Profile", to: "/user/profile" },
      { label: "Card details", to: "/user/card-details" },
    ],
  },
];

export const adminNav: readonly NavGroup[] = [
  { label: "Overview", items: [{ label: "Dashboard", to: "/admin/dashboard" }] },
  {
    label: "People",
    items: [
      {
        label: "Users",
        to: "/admin/users",
        match: ["/admin/user", "/admin/users", "/admin/add-user", "/admin/edit-user", "/admin/view-user"],
      },
      { label: "Study plans", to: "/admin/study-plans" },
      { label: "Session analytics", to: "/admin/analytics" },
      { label: "Activity log", to: "/admin/activity" },
    ],
  },
  {
    label: "Sales",
    items: [
      {
        label: "Packages",
        to: "/admin/packages",
        match: ["/admin/packages", "/admin/add-packages", "/admin/edit-packages", "/admin/view-packages"],
      },
      {
        label: "Products",
        to: "/admin/stripe_product",
        match: ["/admin/stripe_product", "/admin/add-stripe_product", "/admin/edit-stripe_product", "/admin/view-stripe_product"],
      },
      {
        label: "Prices",
        to: "/admin/stripe_price",
        match: ["/admin/stripe_price", "/admin/add-stripe_price", "/admin/edit-stripe_price", "/admin/view-stripe_price"],
      },
      {
        label: "Subscriptions",
        to: "/admin/stripe_subscription",
        match: ["/admin/stripe_subscription", "/admin/view-stripe_subscription"],
      },
      {
        label: "Billing",
        to: "/admin/stripe_invoice",
        match: [
          "/admin/stripe_invoice",
          "/admin/view-stripe_invoice",
          "/admin/stripe_order",
          "/admin/view-stripe_order",
          "/admin/stripe_charge",
          "/admin/view-stripe_charge",
        ],
      },
    ],
  },
  {
    label: "Content",
    items: [
      { label: "Question bank", to: "/admin/quizzes" },
      { label: "Library", to: "/admin/library", match: ["/admin/library", "/admin/edit-library", "/admin/view-library"] },
      { label: "Blog", to: "/admin/blog" },
      { label: "Pages", to: "/admin/pages" },
      { label: "CMS", to: "/admin/cms", match: ["/admin/cms", "/admin/add-cms", "/admin/edit-cms"] },
      { label: "Email", to: "/admin/email", match: ["/admin/email", "/admin/add-email", "/admin/edit-email"] },
      { label: "Photos", to: "/admin/photo", match: ["/admin/photo", "/admin/add-photo"] },
    ],
  },
  {
    label: "Coaching",
    items: [
      { label: "Scheduling", to: "/admin/scheduling", match: ["/admin/scheduling", "/admin/view-scheduling"] },
      { label: "Chat", to: "/admin/chat", badge: "unread" },
    ],
  },
  { label: "Account", items: [{ label: "Profile", to: "/admin/profile" }] },
];

/**
 * The staff navigation a staff role may use: each item shows when the role opens its screen (the
 * route table's permission), and a group left empty goes.
 */
export function staffNavFor(staffRole: StaffRole | null): NavGroup[] {
  return adminNav
    .map((group) => ({
      label: group.label,
      items: group.items.filter((item) => {
        const permission = findRoute(item.to)?.permission;
        return permission === undefined || hasPermission(staffRole, permission);
      }),
    }))
    .filter((group) => group.items.length > 0);
}

export interface NavItemWithCount extends NavItem {
  count?: { value: number; unit: string };
}

/** The navigation with the unread-message count on the item where the person's chat lives (none at zero). */
export function withUnreadCount(groups: readonly NavGroup[], unread: number): { label: string; items: NavItemWithCount[] }[] {
  return groups.map((group) => ({
    label: group.label,
    items: group.items.map((item) =>
      item.badge === "unread" && unread > 0 ? { ...item, count: { value: unread, unit: "unread" } } : item,
    ),
  }));
}

function matchesPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The item whose longest prefix matches, so /user/onboarding/allquizzes is Quizzes, not Onboarding. */
export function activeNavItem(groups: readonly NavGroup[], pathname: string): NavItem | undefined {
  let best: NavItem | undefined;
  let bestLength = -1;
  for (const group of groups) {
    for (const item of group.items) {
      for (const prefix of item.match ?? [item.to]) {
        if (matchesPrefix(pathname, prefix) && prefix.length > bestLength) {
          best = item;
          bestLength = prefix.length;
        }
      }
    }
  }
  return best;
}
