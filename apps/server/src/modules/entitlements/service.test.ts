import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { packages } from "../../db/schema/packages.ts";
import { createTestApp } from "../../test/app.ts";
import { assertAllowed, getEntitlements, isAllowed, unlocksTier } from "./service.ts";

const t = await createTestApp();

describe("entitlements", () => {
  it("gives a user without a paid plan what the default package unlocks", async () => {
    const u = await t.signUp("user");
    expect(await getEntitlements(t.db, u.user_id)).toMatchObject({
      packageName: "Free",
      quizzesPerWeek: 3,
      libraryTier: "free",
      coachingSessionsPerMonth: 0,
    });
    await t.db.update(packages).set({ quizzesPerWeek: 5 }).where(eq(packages.slug, "free"));
    expect((await getEntitlements(t.db, u.user_id)).quizzesPerWeek).toBe(5);
  });

  it("orders library tiers", () => {
    expect(unlocksTier("premium", "core")).toBe(true);
    expect(unlocksTier("core", "core")).toBe(true);
    expect(unlocksTier("free", "core")).toBe(false);
  });
});

describe("may this user do it", () => {
  it("answers from the plan and says why not", async () => {
    const u = await t.signUp("user");
    const weekly = (await getEntitlements(t.db, u.user_id)).quizzesPerWeek!;
    expect(await isAllowed(t.db, u.user_id, { kind: "quiz.generate", usedThisWeek: weekly - 1 })).toBe(true);
    await expect(assertAllowed(t.db, u.user_id, { kind: "quiz.generate", usedThisWeek: weekly })).rejects.toMatchObject({
      statusCode: 403,
      message: `Your Free plan includes ${weekly} quizzes per week. Upgrade your plan for unlimited quizzes.`,
    });
    await expect(assertAllowed(t.db, u.user_id, { kind: "library.open", tier: "core" })).rejects.toMatchObject({ statusCode: 403 });
    expect(await isAllowed(t.db, u.user_id, { kind: "library.open", tier: "free" })).toBe(true);
    expect(await isAllowed(t.db, u.user_id, { kind: "coaching.book", usedThisMonth: 0 })).toBe(false);
  });
});
