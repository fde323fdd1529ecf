import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { hashPassword } from "../../lib/passwords.ts";
import type { Db } from "../client.ts";
import { coachProfiles } from "../schema/coaching.ts";
import { users } from "../schema/users.ts";

const h = (hours: number, minutes = 0) => hours * 60 + minutes;

/** The demo coaches: staff accounts of the coach role with a coach profile and weekly availability. */
export const DEMO_COACHES = [
  {
    email: "dana.okafor@rescue-academy.local",
    firstName: "Dana",
    lastName: "Okafor",
    profile: {
      bio: "Paramedic for twelve years and a station officer since; I sit on entrance-exam panels and help candidates turn weak themes into strong answers.",
      tracks: ["ems", "fire-rescue"],
      themes: ["airway-breathing", "circulation-cpr", "trauma-bleeding", "ems-operations-triage", "situational-judgement"],
      languages: ["English", "German"],
      meetingLink: "https://meet.jit.si/rescue-academy-dana-okafor",
      timeZone: "Europe/Berlin",
      sessionMinutes: 45,
      bufferAfterMinutes: 15,
      weekly: [1, 2, 3, 4, 5].flatMap((day) => [
        { day, start: h(9), end: h(12) },
        { day, start: h(14), end: h(17) },
      ]),
    },
  },
  {
    email: "sam.lindqvist@rescue-academy.local",
    firstName: "Sam",
    lastName: "Lindqvist",
    profile: {
      bio: "Swift-water rescue instructor and former dispatch supervisor. Sessions on radio discipline, call prioritisation and the water-rescue practical.",
      tracks: ["water-rescue", "dispatch"],
      themes: ["water-rescue-techniques", "drowning-physiology", "call-taking", "dispatch-prioritisation", "radio-communication"],
      languages: ["English", "Swedish"],
      meetingLink: "https://meet.jit.si/rescue-academy-sam-lindqvist",
      timeZone: "America/New_York",
      sessionMinutes: 30,
      bufferAfterMinutes: 10,
      weekly: [
        { day: 2, start: h(17), end: h(20) },
        { day: 4, start: h(17), end: h(20) },
        { day: 6, start: h(10), end: h(13) },
      ],
    },
  },
];

/**
 * Seeds the demo coaches once, into a database that has no coach yet. Their passwords are random
 * and never shown: a coach signs in after choosing one with "forgot password".
 */
export async function seedCoaches(db: Db): Promise<number> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(coachProfiles);
  if ((existing?.n ?? 0) > 0) return 0;
  let added = 0;
  await db.transaction(async (tx) => {
    for (const c of DEMO_COACHES) {
      const [user] = await tx
        .insert(users)
        .values({
          email: c.email,
          passwordHash: await hashPassword(randomBytes(18).toString("base64url")),
          role: "admin",
          staffRole: "coach",
          firstName: c.firstName,
          lastName: c.lastName,
          timeZone: c.profile.timeZone,
          emailVerified: true,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!user) continue;
      await tx.insert(coachProfiles).values({ userId: user.id, ...c.profile });
      added += 1;
    }
  });
  return added;
}
