import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../db/schema/accounts.ts";
import { coachProfiles } from "../../db/schema/coaching.ts";
import { schedule } from "../../db/schema/content.ts";
import { questions } from "../../db/schema/quiz.ts";
import { DEMO_COACHES } from "../../db/seed/coaches.ts";
import { createTestApp, TEST_ENV } from "../../test/app.ts";
import { startMailServer } from "../../test/mail-server.ts";
import { quizQuestion, wrongResponse } from "../../test/quiz-answers.ts";
import { correctResponse } from "../quiz/scoring.ts";
import { coachingCalls, inviteOf, monthOf, S, type Slot, setUpCoaches } from "./test-helpers.ts";

const mail = await startMailServer();
const t = await createTestApp({ SMTP_URL: mail.url, PUBLIC_URL: "https://academy.example" });
const { candidate, monthSlots, book, rows, credits } = coachingCalls(t);

let admin: Awaited<ReturnType<typeof t.signUp>>;
let dana: number;
let sam: number;

beforeAll(async () => {
  ({ admin, dana, sam } = await setUpCoaches(t));
});

describe("booking", () => {
  it("books a slot, spends a credit, mails both people an invite and queues one reminder", async () => {
    const user = await candidate();
    const [slot] = await monthSlots(dana, user.token);
    const res = await book(user.token, {
      user_id: user.user_id,
      coach_id: dana,
      meeting_start: slot!.start,
      meeting_end: slot!.end,
      meeting_details: "Airway, please",
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.model).toMatchObject({ status: "booked", coach_id: dana, meeting_start: slot!.start, can_cancel: true });
    expect(body.credits).toMatchObject({ used: 1, left: 1, per_month: 2, month: monthOf(slot!.start) });
    // The slot is no longer offered.
    expect((await monthSlots(dana, user.token)).some((s) => s.start === slot!.start)).toBe(false);

    const toCandidate = await mail.waitForMail(user.email, () => t.app.mail.flush(), /Coaching session with Dana/);
    const toCoach = await mail.waitForMail(DEMO_COACHES[0]!.email, () => t.app.mail.flush(), /Coaching session with Test/);
    for (const m of [toCandidate, toCoach]) {
      const invite = await inviteOf(m);
      // iMIP (RFC 6047): the invitation is part of the message, with its method, and also attached.
      expect(invite).toMatchObject({ mimeMethod: "REQUEST", hasIcsFile: true });
      expect(invite).toMatchObject({ method: "REQUEST", start: slot!.start, end: slot!.end, sequence: 0, status: "CONFIRMED" });
      expect(invite.uid).toBe(`coaching-session-${body.model.id}@academy.example`);
      expect(invite.organizer).toBe(`mailto:${DEMO_COACHES[0]!.email}`);
      expect(invite.attendees).toEqual(expect.arrayContaining([`mailto:${user.email}`, `mailto:${DEMO_COACHES[0]!.email}`]));
      // The candidate is asked to answer.
      expect(invite.answers[`mailto:${user.email}`]).toEqual({ rsvp: "TRUE", partstat: "NEEDS-ACTION" });
    }
    // The candidate's mail shows New York time.
    expect(toCandidate.text).toMatch(/America\/New_York/);

    const [row] = await t.db.select().from(schedule).where(eq(schedule.id, body.model.id));
    const [reminder] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.reminderMailId!));
    expect(reminder).toMatchObject({ status: "queued", to: user.email, templateSlug: "coaching-reminder" });
    const dueAt = reminder!.nextAttemptAt.getTime();
    const start = Date.parse(slot!.start);
    expect([start - 86_400_000, start - 3_600_000]).toContain(dueAt);
    // Not sent before its time.
    await t.app.mail.flush();
    expect((await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, reminder!.id)))[0]!.status).toBe("queued");
  });

  it("books with the spec's four fields: a coach who has the slot open takes it, the candidate's last coach first", async () => {
    // Staff take Dana's hours for this test, so that each of her slots is open with two coaches.
    const twin = admin;
    const [danaProfile] = await t.db.select().from(coachProfiles).where(eq(coachProfiles.userId, dana));
    const defaults = (await t.call("GET", `${S}/coach/settings`, { token: twin.token })).json().model;
    const hours = {
      ...defaults,
      is_active: true,
      meeting_place: "Station 2",
      time_zone: danaProfile!.timeZone,
      session_minutes: danaProfile!.sessionMinutes,
      buffer_before_minutes: danaProfile!.bufferBeforeMinutes,
      buffer_after_minutes: danaProfile!.bufferAfterMinutes,
      min_notice_minutes: danaProfile!.minNoticeMinutes,
      horizon_days: danaProfile!.horizonDays,
      daily_cap: danaProfile!.dailyCap,
      weekly: danaProfile!.weekly,
      overrides: danaProfile!.overrides,
    };
    expect((await t.call("PUT", `${S}/coach/settings`, { token: twin.token, body: hours })).statusCode).toBe(200);
    try {
      const user = await candidate();
      const twinSlots = new Set((await monthSlots(twin.user_id, user.token)).map((s) => s.start));
      const both = (await monthSlots(dana, user.token)).filter((s) => twinSlots.has(s.start));
      // Two slots on different days, both open with either coach.
      const first = both[0]!;
      const second = both.find((s) => s.start.slice(0, 10) !== first.start.slice(0, 10))!;
      const spec = (slot: Slot) => ({ user_id: user.user_id, meeting_start: slot.start, meeting_end: slot.end, meeting_details: "" });

      const a = await book(user.token, spec(first));
      expect(a.statusCode, a.body).toBe(200);
      const coach = a.json().model.coach_id as number;
      expect([dana, twin.user_id]).toContain(coach);
      expect((await monthSlots(coach, user.token)).some((s) => s.start === first.start)).toBe(false);
      // The next one goes to the same coach, though the other one is free too.
      const b = await book(user.token, spec(second));
      expect(b.statusCode, b.body).toBe(200);
      expect(b.json().model.coach_id).toBe(coach);

      // A time no coach has open: 409, nothing booked.
      const before = (await rows()).length;
      const sunday = new Date(Date.parse(first.start) + ((7 - new Date(first.start).getUTCDay()) % 7 || 7) * 86_400_000);
      sunday.setUTCHours(3, 0, 0, 0);
      const none = await book(user.token, {
        user_id: user.user_id,
        meeting_start: sunday.toISOString(),
        meeting_end: new Date(sunday.getTime() + 45 * 60_000).toISOString(),
      });
      expect(none.statusCode, none.body).toBe(409);
      expect(none.json().message).toBe("No coach is free at that time. Choose another slot.");
      expect((await rows()).length).toBe(before);
    } finally {
      await t.call("PUT", `${S}/coach/settings`, { token: twin.token, body: defaults });
    }
  });

  it("refuses bad bookings with a clear 4xx, books nothing and spends no credit", async () => {
    const user = await candidate();
    const other = await candidate();
    const slots = await monthSlots(dana, user.token);
    const open = slots[1]!;
    // Another candidate takes a slot first.
    const taken = slots[2]!;
    expect(
      (await book(other.token, { user_id: other.user_id, coach_id: dana, meeting_start: taken.start, meeting_end: taken.end })).statusCode,
    ).toBe(200);
    const len = Date.parse(open.end) - Date.parse(open.start);
    const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
    const soon = new Date(Date.now() + 3_600_000);
    soon.setUTCMinutes(0, 0, 0);
    const cases: [string, Record<string, unknown>, number, RegExp][] = [
      ["in the past", { meeting_start: "2020-01-06T09:00:00Z", meeting_end: "2020-01-06T09:45:00Z" }, 400, /past/],
      [
        "inside the notice",
        { meeting_start: soon.toISOString(), meeting_end: shift(soon.toISOString(), len) },
        400,
        /at least 12 hours ahead/,
      ],
      ["outside availability", { meeting_start: shift(open.start, 7 * 60_000), meeting_end: shift(open.end, 7 * 60_000) }, 400, /outside/],
      ["overlapping a booking", { meeting_start: taken.start, meeting_end: taken.end }, 409, /booked by someone else/],
      ["end before start", { meeting_start: open.end, meeting_end: open.start }, 400, /end after/],
      ["the wrong length", { meeting_start: open.start, meeting_end: shift(open.start, 10 * 60_000) }, 400, /45 minutes/],
      ["beyond the horizon", { meeting_start: "2099-01-05T09:00:00Z", meeting_end: "2099-01-05T09:45:00Z" }, 400, /at most 60 days/],
      ["another user's id", { user_id: other.user_id, meeting_start: open.start, meeting_end: open.end }, 403, /yourself/],
      ["an unknown coach", { coach_id: 999_999, meeting_start: open.start, meeting_end: open.end }, 404, /coach/],
      ["a time that is no instant", { meeting_start: "tomorrow", meeting_end: open.end }, 400, /.+/],
    ];
    const before = JSON.stringify(await rows());
    for (const [name, patch, status, message] of cases) {
      const res = await book(user.token, { user_id: user.user_id, coach_id: dana, ...patch });
      expect(res.statusCode, name).toBe(status);
      expect(res.json().message, name).toMatch(message);
    }
    expect(JSON.stringify(await rows())).toBe(before);
    expect((await credits(user.token)).used).toBe(0);

    // Two credits a month: the third booking of the month is refused. One slot per day, away from
    // the day another candidate booked, so neither buffers nor the coach's daily cap say no first.
    const firstOfDay = [
      ...new Map(
        slots
          .filter((s) => s.start.slice(0, 10) !== taken.start.slice(0, 10))
          .reverse()
          .map((s) => [s.start.slice(0, 10), s]),
      ).values(),
    ].reverse();
    const month = [...new Set(firstOfDay.map((s) => monthOf(s.start)))].find(
      (m) => firstOfDay.filter((s) => monthOf(s.start) === m).length >= 3,
    )!;
    const sameMonth = firstOfDay.filter((s) => monthOf(s.start) === month);
    for (const s of sameMonth.slice(0, 2))
      expect(
        (await book(user.token, { user_id: user.user_id, coach_id: dana, meeting_start: s.start, meeting_end: s.end })).statusCode,
      ).toBe(200);
    const third = sameMonth[2]!;
    const spent = JSON.stringify(await rows());
    const refused = await book(user.token, { user_id: user.user_id, coach_id: dana, meeting_start: third.start, meeting_end: third.end });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: "PLAN_LIMIT", message: expect.stringMatching(/2 coaching sessions per month/) });
    expect(JSON.stringify(await rows())).toBe(spent);
    expect((await monthSlots(dana, user.token)).some((s) => s.start === third.start)).toBe(true);
  });

  it("cancels inside the window with the credit back, and refuses after it with the rule", async () => {
    const user = await candidate();
    const [slot] = await monthSlots(sam, user.token);
    const made = (
      await book(user.token, { user_id: user.user_id, coach_id: sam, meeting_start: slot!.start, meeting_end: slot!.end })
    ).json();
    expect(made.credits.used).toBe(1);
    const reminderId = (await t.db.select().from(schedule).where(eq(schedule.id, made.model.id)))[0]!.reminderMailId!;
    const cancelled = await t.call("POST", `${S}/${made.model.id}/cancel`, { token: user.token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().model.status).toBe("cancelled");
    expect(cancelled.json().credits.used).toBe(0);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, reminderId))).toEqual([]);
    const invite = await inviteOf(await mail.waitForMail(user.email, () => t.app.mail.flush(), /^Cancelled: coaching session with Sam/));
    expect(invite.mimeMethod).toBe("CANCEL");
    expect(invite).toMatchObject({ method: "CANCEL", status: "CANCELLED", sequence: 1 });
    // The slot is open again; cancelling twice is refused.
    expect((await monthSlots(sam, user.token)).some((s) => s.start === slot!.start)).toBe(true);
    expect((await t.call("POST", `${S}/${made.model.id}/cancel`, { token: user.token })).statusCode).toBe(409);

    // With a notice longer than the time left, the candidate may not cancel; staff still may.
    const again = (
      await book(user.token, { user_id: user.user_id, coach_id: sam, meeting_start: slot!.start, meeting_end: slot!.end })
    ).json();
    await t.db
      .update(coachProfiles)
      .set({ cancelNoticeHours: 24 * 60 })
      .where(eq(coachProfiles.userId, sam));
    const late = await t.call("POST", `${S}/${again.model.id}/cancel`, { token: user.token });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/up to 60 days before/);
    expect((await credits(user.token)).used).toBe(monthOf(slot!.start) === monthOf(new Date().toISOString()) ? 1 : 0);
    expect((await t.call("GET", `${S}/my`, { token: user.token })).json().upcoming[0]).toMatchObject({
      id: again.model.id,
      can_cancel: false,
    });
    const other = await candidate();
    expect((await t.call("POST", `${S}/${again.model.id}/cancel`, { token: other.token })).statusCode).toBe(404);
    expect((await t.call("POST", `${S}/${again.model.id}/cancel`, { token: admin.token })).statusCode).toBe(200);
    await t.db.update(coachProfiles).set({ cancelNoticeHours: 24 }).where(eq(coachProfiles.userId, sam));
  });

  it("reschedules inside its window, keeping the credit and replacing the reminder and the invite", async () => {
    const user = await candidate();
    const slots = await monthSlots(dana, user.token);
    const [a, , , b] = slots.filter((s) => monthOf(s.start) === monthOf(slots[0]!.start));
    const made = (await book(user.token, { user_id: user.user_id, coach_id: dana, meeting_start: a!.start, meeting_end: a!.end })).json();
    const oldReminder = (await t.db.select().from(schedule).where(eq(schedule.id, made.model.id)))[0]!.reminderMailId!;
    const moved = await t.call("POST", `${S}/${made.model.id}/reschedule`, {
      token: user.token,
      body: { meeting_start: b!.start, meeting_end: b!.end },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().model.meeting_start).toBe(b!.start);
    expect(moved.json().credits.used).toBe(made.credits.used);
    const [row] = await t.db.select().from(schedule).where(eq(schedule.id, made.model.id));
    expect(row!.creditMonth).toBe(monthOf(a!.start));
    expect(row!.reminderMailId).not.toBe(oldReminder);
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, oldReminder))).toEqual([]);
    const invite = await inviteOf(await mail.waitForMail(user.email, () => t.app.mail.flush(), /^Moved: coaching session with Dana/));
    expect(invite).toMatchObject({ method: "REQUEST", start: b!.start, sequence: 1 });
    // The old slot is free again.
    expect((await monthSlots(dana, user.token)).some((s) => s.start === a!.start)).toBe(true);
    // Outside the reschedule window: refused with the rule.
    await t.db
      .update(coachProfiles)
      .set({ rescheduleNoticeHours: 24 * 60 })
      .where(eq(coachProfiles.userId, dana));
    const late = await t.call("POST", `${S}/${made.model.id}/reschedule`, {
      token: user.token,
      body: { meeting_start: a!.start, meeting_end: a!.end },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/moved up to 60 days before/);
    await t.db.update(coachProfiles).set({ rescheduleNoticeHours: 12 }).where(eq(coachProfiles.userId, dana));
  });

  it("refuses bad moves with a clear 4xx and leaves the session and the credits as they were", async () => {
    const user = await candidate();
    const other = await candidate();
    const slots = await monthSlots(dana, user.token);
    // Three different days, so neither buffers nor the coach's daily cap say no first.
    const dayOf = (s: Slot) => s.start.slice(0, 10);
    const mine = slots[0]!;
    const theirs = slots.find((s) => dayOf(s) !== dayOf(mine))!;
    const open = slots.find((s) => dayOf(s) !== dayOf(mine) && dayOf(s) !== dayOf(theirs))!;
    const made = (
      await book(user.token, { user_id: user.user_id, coach_id: dana, meeting_start: mine.start, meeting_end: mine.end })
    ).json();
    expect(
      (await book(other.token, { user_id: other.user_id, coach_id: dana, meeting_start: theirs.start, meeting_end: theirs.end }))
        .statusCode,
    ).toBe(200);
    const before = JSON.stringify(await rows());
    const creditsBefore = await credits(user.token);
    const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();
    const move = (token: string, id: number, body: Record<string, unknown>) => t.call("POST", `${S}/${id}/reschedule`, { token, body });
    const cases: [string, string, number, Record<string, unknown>, number, RegExp][] = [
      [
        "into the past",
        user.token,
        made.model.id,
        { meeting_start: "2020-01-06T09:00:00Z", meeting_end: "2020-01-06T09:45:00Z" },
        400,
        /past/,
      ],
      [
        "outside availability",
        user.token,
        made.model.id,
        { meeting_start: shift(open.start, 5 * 60_000), meeting_end: shift(open.end, 5 * 60_000) },
        400,
        /outside/,
      ],
      [
        "onto another's booking",
        user.token,
        made.model.id,
        { meeting_start: theirs.start, meeting_end: theirs.end },
        409,
        /booked by someone else/,
      ],
      ["end before start", user.token, made.model.id, { meeting_start: open.end, meeting_end: open.start }, 400, /end after/],
      [
        "another person's session",
        other.token,
        made.model.id,
        { meeting_start: open.start, meeting_end: open.end },
        404,
        /No such booking/,
      ],
      ["an unknown session", user.token, 999_999, { meeting_start: open.start, meeting_end: open.end }, 404, /No such booking/],
    ];
    for (const [name, token, id, body, status, message] of cases) {
      const res = await move(token, id, body);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().message, name).toMatch(message);
    }
    expect(JSON.stringify(await rows())).toBe(before);
    expect(await credits(user.token)).toEqual(creditsBefore);
    // Unknown zones are refused by every slots call.
    for (const [url, body] of [
      ["dates", { userId: dana, date: "2026-01", tz: "Mars/Base" }],
      ["schedules", { userId: dana, date: "2026-01-05", tz: "Not/AZone" }],
    ] as const) {
      const res = await t.call("POST", `${S}/${url}`, { token: user.token, body });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/Unknown time zone/);
    }
  });

  it("the note starts from the candidate's weakest theme and missed questions, and the coach reads them before the call", async () => {
    const user = await candidate();
    const quizPath = `/v3/api/custom/${TEST_ENV.PROJECT_ID}/quiz`;
    const onboarded = await t.call("PUT", `/v3/api/custom/${TEST_ENV.PROJECT_ID}/onboarding`, {
      token: user.token,
      body: { track: "ems" },
    });
    expect(onboarded.statusCode, onboarded.body).toBe(200);
    const created = await t.call("POST", `${quizPath}/create`, {
      token: user.token,
      body: { themes: ["airway-breathing"], length: 5, mode: "exam" },
    });
    expect(created.statusCode, created.body).toBe(200);
    const quiz = created.json().model as { id: number; questions: { questionId: string }[] };
    const answers = [];
    const missed: string[] = [];
    for (const [i, q] of quiz.questions.entries()) {
      const [row] = await t.db.select().from(questions).where(eq(questions.contentId, q.questionId));
      if (i > 0) missed.push(row!.stem);
      const graded = await quizQuestion(t.db, quiz.id, q.questionId);
      answers.push({ questionId: q.questionId, response: i === 0 ? correctResponse(graded) : wrongResponse(graded) });
    }
    expect((await t.call("PUT", `${quizPath}/update/${quiz.id}`, { token: user.token, body: { answers } })).statusCode).toBe(200);
    expect((await t.call("POST", `${quizPath}/submit/${quiz.id}`, { token: user.token })).statusCode).toBe(200);

    const note = (await t.call("GET", `${S}/my`, { token: user.token })).json().note_suggestion as string;
    expect(note).toMatch(/^I'd like to work on: Airway/);
    expect(note).toContain("Questions I missed recently:");
    const listed = note.split("\n").filter((l) => l.startsWith("- "));
    expect(listed.length).toBeGreaterThan(0);
    for (const line of listed) expect(missed.some((stem) => stem.startsWith(line.slice(2).replace(/\.\.\.$/, "")))).toBe(true);

    const [slot] = await monthSlots(sam, user.token);
    const made = (
      await book(user.token, {
        user_id: user.user_id,
        coach_id: sam,
        meeting_start: slot!.start,
        meeting_end: slot!.end,
        meeting_details: note,
      })
    ).json();
    const brief = (await t.call("GET", `${S}/bookings/${made.model.id}/learner`, { token: admin.token })).json().model;
    expect(brief.booking.meeting_details).toBe(note);
    expect(brief.weakest_themes[0]).toMatchObject({ theme: "airway-breathing" });
    // Weak: below the share a candidate at the pass mark is expected to get (0.7), guessing counted
    // as the exam counts it (decision 33); five answers leave much of it to the prior.
    expect(brief.weakest_themes[0].mastery).toBeLessThan(0.7);
    expect(brief.recent_quizzes.map((q: { id: number }) => q.id)).toContain(quiz.id);
    expect(brief.missed_questions.map((q: { stem: string }) => q.stem).every((s: string) => missed.includes(s))).toBe(true);
  });

  it("the database refuses an overlapping session of a coach, whatever writes it", async () => {
    const [row] = await t.db
      .select()
      .from(schedule)
      .where(and(eq(schedule.coachId, dana), eq(schedule.status, "booked")))
      .limit(1);
    const user = await candidate();
    await expect(
      t.db.insert(schedule).values({
        userId: user.user_id,
        coachId: dana,
        meetingStart: row!.meetingStart,
        meetingEnd: row!.meetingEnd,
        blockedStart: new Date(row!.blockedStart!.getTime() + 60_000),
        blockedEnd: row!.blockedEnd,
      }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: "23P01" }) });
  });

  it("the records API changes a booking's note but neither its times nor its existence", async () => {
    const user = await candidate();
    const [slot] = await monthSlots(sam, user.token);
    const made = (
      await book(user.token, { user_id: user.user_id, coach_id: sam, meeting_start: slot!.start, meeting_end: slot!.end })
    ).json();
    const url = `/v4/api/records/schedule/${made.model.id}`;
    await t.call("PUT", url, { token: user.token, body: { meeting_start: "2030-01-01T00:00:00Z" } });
    expect((await t.call("PUT", url, { token: user.token, body: { meeting_details: "New note" } })).statusCode).toBe(200);
    const [row] = await t.db.select().from(schedule).where(eq(schedule.id, made.model.id));
    expect(row!.meetingStart.toISOString()).toBe(slot!.start);
    expect(row!.meetingDetails).toBe("New note");
    const del = await t.call("DELETE", url, { token: user.token });
    expect(del.statusCode).toBe(409);
    expect((await t.db.select().from(schedule).where(eq(schedule.id, made.model.id))).length).toBe(1);
  });
});
