import {
  type Accommodation,
  type AccommodationTerms,
  formatFactor,
  MAX_ACCOMMODATION_YEARS,
  type OwnAccommodation,
} from "@academy/contract/accommodations";
import type { Db } from "../../db/client.ts";
import { badRequest, conflict, notFound } from "../../lib/http-error.ts";
import { dateIn, isTimeZone } from "../../lib/time-zone.ts";
import type { Principal } from "../../plugins/auth.ts";
import { changedFields, recordActivity } from "../activity/service.ts";
import * as repo from "./repo.ts";

// Exam accommodations (decision 30): staff grant a candidate extra time and breaks until an end
// date; timed quizzes and mock exams started while one is in force take it with them.

/** The candidate's own calendar day: an accommodation applies up to the end of its last day where they live. */
const todayFor = (timeZone: string, now: Date) => dateIn(isTimeZone(timeZone) ? timeZone : "UTC", now.getTime());

const isInForce = (row: repo.AccommodationRow, timeZone: string, now: Date) => row.endsOn >= todayFor(timeZone, now);

function toAccommodation(row: repo.AccommodationRow, timeZone: string, now: Date): Accommodation {
  return {
    user_id: row.userId,
    extra_time_factor: row.extraTimeFactor,
    break_minutes: row.breakMinutes,
    note: row.note,
    ends_on: row.endsOn,
    in_force: isInForce(row, timeZone, now),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the log keeps: the terms, never the note's text (it may say why, which is the candidate's own business). */
const loggedTerms = (row: Pick<repo.AccommodationRow, "extraTimeFactor" | "breakMinutes" | "endsOn">) => ({
  extra_time_factor: row.extraTimeFactor,
  break_minutes: row.breakMinutes,
  ends_on: row.endsOn,
});

const describe = (row: Pick<repo.AccommodationRow, "extraTimeFactor" | "breakMinutes" | "endsOn">) =>
  `extra time ${formatFactor(row.extraTimeFactor)}, ${row.breakMinutes ? `${row.breakMinutes} minutes of breaks` : "no breaks"}, until ${row.endsOn}`;

async function lockCandidate(db: Db, userId: number) {
  const user = await repo.lockCandidate(db, userId);
  if (!user) throw notFound("User not found");
  if (user.role !== "user") throw conflict("Accommodations are for candidates: this is a staff account");
  return user;
}

/** Staff: a candidate's accommodation, in force or past its end date; null when none. */
export async function getAccommodation(db: Db, userId: number, now = new Date()): Promise<Accommodation | null> {
  const found = await repo.findWithTimeZone(db, userId);
  return found ? toAccommodation(found.accommodation, found.timeZone, now) : null;
}

/** Grants or changes a candidate's accommodation, logged with the change (subject: the candidate). */
export async function grantAccommodation(
  db: Db,
  actor: Principal,
  userId: number,
  input: AccommodationTerms,
  now = new Date(),
): Promise<Accommodation> {
  return db.transaction(async (tx) => {
    const user = await lockCandidate(tx, userId);
    const today = todayFor(user.timeZone, now);
    if (input.ends_on < today)
      throw badRequest("The end date has passed: choose today or a later day", { ends_on: "Must not be in the past" });
    const latest = `${Number(today.slice(0, 4)) + MAX_ACCOMMODATION_YEARS}${today.slice(4)}`;
    if (input.ends_on > latest)
      throw badRequest(`The end date may be at most ${MAX_ACCOMMODATION_YEARS} years away`, {
        ends_on: `At most ${MAX_ACCOMMODATION_YEARS} years away`,
      });
    const values = { extraTimeFactor: input.extra_time_factor, breakMinutes: input.break_minutes, note: input.note, endsOn: input.ends_on };
    const before = await repo.findAccommodation(tx, userId);
    const diff = before ? changedFields(loggedTerms(before), loggedTerms(values)) : null;
    const isNoteChanged = before ? before.note !== values.note : values.note !== "";
    if (before && !diff?.isChanged && !isNoteChanged) return toAccommodation(before, user.timeZone, now);
    const row = await repo.upsertAccommodation(tx, userId, values, now);
    await recordActivity(tx, {
      actorId: actor.id,
      kind: "account.accommodation",
      record: { table: "user", id: userId },
      subjectUserId: userId,
      summary: before
        ? `Exam accommodation changed: ${describe(values)}${diff?.isChanged ? "" : " (the staff note changed)"}`
        : `Exam accommodation granted: ${describe(values)}`,
      before: before ? diff?.before : null,
      after: { ...(before ? diff?.after : loggedTerms(values)), ...(isNoteChanged ? { note_changed: true } : {}) },
    });
    return toAccommodation(row, user.timeZone, now);
  });
}

/** Withdraws a candidate's accommodation; quizzes already started keep what they were started with. */
export async function withdrawAccommodation(db: Db, actor: Principal, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCandidate(tx, userId);
    const before = await repo.findAccommodation(tx, userId);
    if (!before || !(await repo.deleteAccommodation(tx, userId))) throw notFound("This candidate has no accommodation");
    await recordActivity(tx, {
      actorId: actor.id,
      kind: "account.accommodation",
      record: { table: "user", id: userId },
      subjectUserId: userId,
      summary: "Exam accommodation withdrawn",
      before: loggedTerms(before),
      after: null,
    });
  });
}

/** The terms a timed quiz or mock exam started now takes: null when none is in force. */
export async function accommodationInForce(
  db: Db,
  userId: number,
  now: Date,
): Promise<{ factor: number; breakMinutes: number | null } | null> {
  const found = await repo.findWithTimeZone(db, userId);
  if (!found || !isInForce(found.accommodation, found.timeZone, now)) return null;
  return { factor: found.accommodation.extraTimeFactor, breakMinutes: found.accommodation.breakMinutes };
}

/** The candidate's own accommodation, while in force, without the staff note. */
export async function ownAccommodation(db: Db, userId: number, now = new Date()): Promise<OwnAccommodation | null> {
  const found = await repo.findWithTimeZone(db, userId);
  if (!found || !isInForce(found.accommodation, found.timeZone, now)) return null;
  const a = found.accommodation;
  return { extra_time_factor: a.extraTimeFactor, break_minutes: a.breakMinutes, ends_on: a.endsOn };
}
