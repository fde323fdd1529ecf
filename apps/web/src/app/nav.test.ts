import { describe, expect, it } from "vitest";
import { activeNavItem, adminNav, userNav } from "./nav";
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
