import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { schedule } from "../../db/schema/content.ts";
import { packages } from "../../db/schema/packages.ts";
import { users } from "../../db/schema/users.ts";
import { DEMO_COACHES, seedCoaches } from "../../db/seed/coaches.ts";
import { createTestApp } from "../../test/app.ts";

const t = await createTestApp();
const S = "/v2/api/lambda/scheduling";

it("50 candidates asking for the same slot at once: exactly one gets it", { timeout: 120_000 }, async () => {
  await seedCoaches(t.db);
  await t.db.update(packages).set({ coachingSessionsPerMonth: 2 });
  const [coach] = await t.db.select().from(users).where(eq(users.email, DEMO_COACHES[0]!.email));
  const people = [];
  for (let i = 0; i < 50; i += 1) people.push(await t.signUp("user"));
  const today = new Date().toISOString().slice(0, 10);
  const until = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const month = (
    await t.call("POST", `${S}/tz-month-schedules`, {
      token: people[0]!.token,
      body: { userId: coach!.id, rangeStart: today, rangeEnd: until, tz: "UTC" },
    })
  ).json() as { list: { slots: { start: string; end: string }[] }[] };
  const slot = month.list[0]!.slots[0]!;
  const answers = await Promise.all(
    people.map((p) =>
      t.call("POST", `${S}/POST`, {
        token: p.token,
        body: { user_id: p.user_id, coach_id: coach!.id, meeting_start: slot.start, meeting_end: slot.end },
      }),
    ),
  );
  const statuses = answers.map((a) => a.statusCode);
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(49);
  const booked = await t.db.select().from(schedule).where(eq(schedule.coachId, coach!.id));
  expect(booked).toHaveLength(1);
});
