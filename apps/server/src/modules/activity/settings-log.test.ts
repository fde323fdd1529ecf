import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { photos } from "../../db/schema/accounts.ts";
import { blogCategories } from "../../db/schema/blog.ts";
import { coachProfiles } from "../../db/schema/coaching.ts";
import { createTestApp, TEST_ENV } from "../../test/app.ts";
import { whileActivityLogRefuses } from "../../test/refused-activity.ts";
import { activityHelpers } from "./test-helpers.ts";

// Settings staff change besides accounts, payments and content: blog categories and tags, photos,
// and a coach's own settings. Each change is logged in its own transaction: no change without its
// entry, no entry without its change.

const t = await createTestApp();
const admin = await t.signUp("admin");
const BLOG = "/v2/api/lambda/blog";
const SETTINGS = "/v2/api/lambda/scheduling/coach/settings";

const { historyOf } = activityHelpers(t, admin);

describe("the activity log of settings", () => {
  it("logs blog categories and tags added, renamed and deleted", async () => {
    const made = await t.call("POST", `${BLOG}/category`, { token: admin.token, body: { name: "Night work" } });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().model.id as number;
    const renamed = await t.call("PUT", `${BLOG}/category/${id}`, { token: admin.token, body: { name: "Shift work", slug: "shift-work" } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // The same name again changes nothing, and logs nothing.
    await t.call("PUT", `${BLOG}/category/${id}`, { token: admin.token, body: { name: "Shift work" } });
    expect((await t.call("DELETE", `${BLOG}/category/${id}`, { token: admin.token })).statusCode).toBe(200);
    const entries = await historyOf("blog_category", id);
    expect(entries.map((e) => [e.kind, e.summary])).toEqual([
      ["settings.update", "Blog category Shift work deleted"],
      ["settings.update", "Blog category Night work renamed to Shift work"],
      ["settings.update", "Blog category Night work added"],
    ]);
    expect(entries[1]).toMatchObject({
      actor_id: admin.user_id,
      before: { name: "Night work", slug: "night-work" },
      after: { name: "Shift work", slug: "shift-work" },
    });

    const tag = await t.call("POST", `${BLOG}/tags`, { token: admin.token, body: { name: "Sleep" } });
    expect(tag.statusCode, tag.body).toBe(200);
    const tagId = tag.json().model.id as number;
    expect((await t.call("DELETE", `${BLOG}/tags`, { token: admin.token, query: { id: String(tagId) } })).statusCode).toBe(200);
    expect((await historyOf("blog_tag", tagId)).map((e) => e.summary)).toEqual(["Blog tag Sleep deleted", "Blog tag Sleep added"]);
  });

  it("logs a photo's caption changed and the photo deleted", async () => {
    const [photo] = await t.db
      .insert(photos)
      .values({
        url: "/uploads/stretcher.png",
        storageKey: `stretcher-${Date.now()}.png`,
        originalName: "stretcher.png",
        mime: "image/png",
        size: 10,
      })
      .returning();
    const id = photo!.id;
    const captioned = await t.call("PUT", `/v4/api/records/photo/${id}`, {
      token: admin.token,
      body: { caption: "A stretcher on a cliff" },
    });
    expect(captioned.statusCode, captioned.body).toBe(200);
    expect((await t.call("DELETE", `/v2/api/lambda/photo/${id}`, { token: admin.token })).statusCode).toBe(200);
    const entries = await historyOf("photo", id);
    expect(entries.map((e) => [e.kind, e.summary])).toEqual([
      ["content.delete", "Photo stretcher.png deleted"],
      ["content.publish", "Photo stretcher.png caption changed"],
    ]);
    expect(entries[1]).toMatchObject({ before: { caption: null }, after: { caption: "A stretcher on a cliff" } });
    expect(entries[0]!.before).toMatchObject({ original_name: "stretcher.png", caption: "A stretcher on a cliff" });
  });

  it("logs a coach's settings with the fields that changed, and nothing when nothing changed", async () => {
    const coach = await t.staffMember(admin.token, "coach");
    const settings = (await t.call("GET", SETTINGS, { token: coach.token })).json().model;
    const saved = await t.call("PUT", SETTINGS, { token: coach.token, body: { ...settings, time_zone: "Europe/Berlin", daily_cap: 6 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await t.call("PUT", SETTINGS, { token: coach.token, body: saved.json().model })).statusCode).toBe(200);
    const entries = await historyOf("coach_profile", coach.user_id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: "settings.update",
      actor_id: coach.user_id,
      summary: "Coach settings changed: time zone, daily cap",
      before: { time_zone: "UTC", daily_cap: 4 },
      after: { time_zone: "Europe/Berlin", daily_cap: 6 },
    });
  });

  it("logs a track's new blueprint version", async () => {
    const themes = [
      { theme: "call-taking", weight: 60 },
      { theme: "radio-communication", weight: 40 },
    ];
    const added = await t.call("POST", `/v3/api/custom/${TEST_ENV.PROJECT_ID}/quiz/admin/blueprints`, {
      token: admin.token,
      body: { track: "dispatch", themes, note: "More radio" },
    });
    expect(added.statusCode, added.body).toBe(200);
    const { id, version } = added.json().model as { id: number; version: number };
    expect(await historyOf("blueprint", id)).toEqual([
      expect.objectContaining({
        kind: "settings.update",
        actor_id: admin.user_id,
        summary: `Blueprint of dispatch version ${version} added`,
        after: { track: "dispatch", version, themes, note: "More radio" },
      }),
    ]);
  });

  it("keeps no change whose entry cannot be written", async () => {
    const coach = await t.staffMember(admin.token, "coach");
    const settings = (await t.call("GET", SETTINGS, { token: coach.token })).json().model;
    await whileActivityLogRefuses(t.db, async () => {
      const category = await t.call("POST", `${BLOG}/category`, { token: admin.token, body: { name: "Never kept" } });
      expect(category.statusCode).toBe(500);
      const saved = await t.call("PUT", SETTINGS, { token: coach.token, body: { ...settings, time_zone: "Asia/Tokyo" } });
      expect(saved.statusCode).toBe(500);
    });
    expect(await t.db.select().from(blogCategories).where(eq(blogCategories.slug, "never-kept"))).toEqual([]);
    expect(await t.db.select().from(coachProfiles).where(eq(coachProfiles.userId, coach.user_id))).toEqual([]);
  });
});
