import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { openPostgres } from "../../db/client.ts";
import { emailOutbox } from "../../db/schema/accounts.ts";
import { schedule } from "../../db/schema/content.ts";
import { packages } from "../../db/schema/packages.ts";
import { users } from "../../db/schema/users.ts";
import { DEMO_COACHES, seedCoaches } from "../../db/seed/coaches.ts";
import { createSmtpTransport } from "../../providers/mail/transport.ts";
import { createTestApp } from "../../test/app.ts";
import { databaseUrl } from "../../test/database.ts";
import { startMailServer } from "../../test/mail-server.ts";
import { startMailWorker } from "../mail/service.ts";

const mail = await startMailServer();
const t = await createTestApp({ SMTP_URL: mail.url });
const S = "/v2/api/lambda/scheduling";

it("the reminder waits for its time, then three instances' workers send it once", { timeout: 60_000 }, async () => {
  await seedCoaches(t.db);
  await t.db.update(packages).set({ coachingSessionsPerMonth: 2 });
  const [coach] = await t.db.select().from(users).where(eq(users.email, DEMO_COACHES[0]!.email));
  const user = await t.signUp("user");
  const today = new Date().toISOString().slice(0, 10);
  const until = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const month = (
    await t.call("POST", `${S}/tz-month-schedules`, {
      token: user.token,
      body: { userId: coach!.id, rangeStart: today, rangeEnd: until, tz: "UTC" },
    })
  ).json() as { list: { slots: { start: string; end: string }[] }[] };
  const slot = month.list.flatMap((d) => d.slots).find((s) => Date.parse(s.start) > Date.now() + 2 * 86_400_000)!;
  const booked = await t.call("POST", `${S}/POST`, {
    token: user.token,
    body: { user_id: user.user_id, coach_id: coach!.id, meeting_start: slot.start, meeting_end: slot.end },
  });
  expect(booked.statusCode, booked.body).toBe(200);
  const [row] = await t.db.select().from(schedule).where(eq(schedule.id, booked.json().model.id));
  const reminderId = row!.reminderMailId!;
  await mail.waitForMail(user.email, () => t.app.mail.flush(), /^Coaching session with/);

  // A second and a third instance on the same database, each with its own pool and worker.
  const result = (await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] };
  const name = result.rows[0]!.name;
  const others = await Promise.all([1, 2].map(() => openPostgres(databaseUrl(process.env.TEST_DATABASE_URL!, name), { poolMax: 3 })));
  const workers = [
    t.app.mail,
    ...others.map((o) =>
      startMailWorker({ db: o.db, transport: createSmtpTransport(mail.url), from: "a@b.c", intervalMs: 60_000, onError: () => {} }),
    ),
  ];
  const reminders = () => mail.mailsTo(user.email).filter((m) => /^Reminder: coaching session/.test(m.subject));
  try {
    // Not before its time: a day before the session.
    await Promise.all(workers.map((w) => w.flush()));
    expect(reminders()).toHaveLength(0);
    const [queued] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, reminderId));
    expect(queued!.nextAttemptAt.getTime()).toBe(Date.parse(slot.start) - 86_400_000);

    // The day before has come: every instance's worker runs at once, twice over.
    await t.db
      .update(emailOutbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(emailOutbox.id, reminderId));
    await Promise.all([...workers, ...workers].map((w) => w.flush()));
    await Promise.all(workers.map((w) => w.flush()));
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0]!.text).toContain("Dana Okafor");
    const [sent] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, reminderId));
    expect(sent).toMatchObject({ status: "sent", attempts: 1 });
  } finally {
    for (const w of workers.slice(1)) w.stop();
    await Promise.all(others.map((o) => o.close()));
  }
});
