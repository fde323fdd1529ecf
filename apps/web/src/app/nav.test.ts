import { describe, expect, it } from "vitest";
import { activeNavItem, adminNav, staffNavFor, userNav, withUnreadCount } from "./nav";
import { routeDescriptions } from "./route-descriptions";
import { findRoute } from "./routes";

describe("activeNavItem", () => {
  it("prefers the longest matching prefix", () => {
    expect(activeNavItem(userNav, "/user/onboarding/allquizzes")?.label).toBe("Quizzes");
    expect(activeNavItem(userNav, "/user/onboarding/singlequiz/3")?.label).toBe("Quizzes");
    expect(activeNavItem(userNav, "/user/onboarding/theme")?.label).toBe("Onboarding");
    expect(activeNavItem(adminNav, "/admin/edit-user/5")?.label).toBe("Users");
    expect(activeNavItem(adminNav, "/admin/view-stripe_price/2")?.label).toBe("Prices");
  });

  it("respects segment boundaries", () => {
    expect(activeNavItem(adminNav, "/admin/userx")).toBeUndefined();
  });
});

describe("withUnreadCount", () => {
  const counted = (groups: ReturnType<typeof withUnreadCount>) =>
    groups.flatMap((g) => g.items).flatMap((i) => (i.count ? [[i.to, i.count.value, i.count.unit]] : []));

  it("puts the unread total on the item where each person's chat lives, and nowhere at zero", () => {
    expect(counted(withUnreadCount(userNav, 3))).toEqual([["/user/get-coaching", 3, "unread"]]);
    expect(counted(withUnreadCount(adminNav, 12))).toEqual([["/admin/chat", 12, "unread"]]);
    expect(counted(withUnreadCount(userNav, 0))).toEqual([]);
    expect(counted(withUnreadCount(adminNav, 0))).toEqual([]);
  });
});

describe("the navigation", () => {
  it("leads only to routes of the table, each open to the wrapper's role", () => {
    for (const [nav, role] of [
      [userNav, "user"],
      [adminNav, "admin"],
    ] as const) {
      for (const item of nav.flatMap((group) => group.items)) {
        const route = findRoute(item.to);
        expect(route, item.to).toBeDefined();
        expect(["any", role], item.to).toContain(route?.access);
      }
    }
  });

  it("says what each staff area is for, as the staff dashboard's cards show it", () => {
    const missing = adminNav.flatMap((group) => group.items).filter((item) => !routeDescriptions[item.to]?.trim());
    expect(missing.map((item) => item.to)).toEqual([]);
  });
});

describe("the staff navigation of each staff role", () => {
  const labels = (staffRole: Parameters<typeof staffNavFor>[0]) => staffNavFor(staffRole).flatMap((g) => g.items.map((i) => i.label));

  it("lists only what the role opens, and an administrator everything", () => {
    expect(labels("administrator")).toEqual(adminNav.flatMap((g) => g.items.map((i) => i.label)));
    expect(labels("coach")).toEqual(["Dashboard", "Question bank", "Library", "Scheduling", "Chat", "Profile"]);
    expect(labels("editor")).toEqual([
      "Dashboard",
      "Question bank",
      "Library",
      "Blog",
      "Pages",
      "CMS",
      "Email",
      "Photos",
      "Chat",
      "Profile",
    ]);
    expect(labels("support")).toEqual([
      "Dashboard",
      "Users",
      "Study plans",
      "Products",
      "Prices",
      "Subscriptions",
      "Billing",
      "Chat",
      "Profile",
    ]);
  });

  it("drops a group the role has nothing in", () => {
    expect(staffNavFor("coach").map((g) => g.label)).not.toContain("Sales");
    expect(staffNavFor(null).flatMap((g) => g.items.map((i) => i.label))).toEqual(["Dashboard", "Chat", "Profile"]);
  });
});
