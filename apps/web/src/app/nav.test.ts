import { describe, expect, it } from "vitest";
import { activeNavItem, adminNav, userNav } from "./nav";

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
