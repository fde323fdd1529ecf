import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { trackAbilityPriors } from "../../db/schema/quiz.ts";
import { createTestApp, TEST_ENV } from "../../test/app.ts";
import { refitItems } from "./calibration.ts";
import { MIN_PRIOR_CANDIDATES } from "./readiness.ts";

// A track's empirical prior (decision 38): the calibration job estimates the distribution of ability
// of the track's candidates who have enough evidence, and their readiness starts from it.

const t = await createTestApp();
const P = `/v3/api/custom/${TEST_ENV.PROJECT_ID}`;

/**
 * `people` candidates of `track`, each with `answers` evidence answers of one submitted quiz over the
 * track's active questions (spread over its themes), right with probability `share`.
 */
async function addCandidates(tag: string, track: string, people: number, answers: number, share: number) {
  await t.db.execute(sql`
    WITH made AS (
      INSERT INTO "user" (email, password_hash, first_name, last_name)
      SELECT ${tag} || '-' || g || '@prior.test', 'x', 'Prior', 'Candidate ' || g FROM generate_series(1, ${people}) g
      RETURNING id
    ), profile AS (
      INSERT INTO onboarding_profile (user_id, data) SELECT id, jsonb_build_object('track', ${track}::text) FROM made
    ), quiz_made AS (
      INSERT INTO quiz (user_id, title, track_slug, blueprint_version, settings, mode, seed, status, total, correct_count, score, submitted_at)
      SELECT id, 'Prior quiz', ${track}, 1, '{"themes":[],"length":40,"difficulty":"adaptive"}', 'exam', 1, 'submitted', ${answers}, 0, 0, now()
      FROM made
      RETURNING id, user_id
    ), bank AS (
      SELECT id, row_number() OVER (ORDER BY theme_slug, id) - 1 AS k, count(*) OVER () AS n
      FROM question WHERE status = 'active' AND tracks @> jsonb_build_array(${track}::text)
    )
    INSERT INTO quiz_answer (quiz_id, question_id, user_id, response, is_correct, evidence)
    SELECT qz.id, b.id, qz.user_id, '{"value":0}', random() < ${share}, true
    FROM quiz_made qz
    CROSS JOIN generate_series(0, ${answers - 1}) i
    JOIN bank b ON b.k = (i * (b.n / ${answers}) + qz.id) % b.n`);
}

async function readiness(token: string) {
  const res = await t.call("GET", `${P}/dashboard`, { token });
  expect(res.statusCode).toBe(200);
  return res.json().model.readiness.estimate as { passProbability: number; trackCandidates: number | null };
}

describe("a track's empirical prior", () => {
  it("is estimated from the track's candidates with enough evidence, and their figures start from it", async () => {
    // The candidate who looks at the dashboard: 30 answers over the track's themes, 60 % right.
    const me = await t.signUp("user");
    expect((await t.call("PUT", `${P}/onboarding`, { token: me.token, body: { track: "ems" } })).statusCode).toBe(200);
    await t.db.execute(sql`
      WITH quiz_made AS (
        INSERT INTO quiz (user_id, title, track_slug, blueprint_version, settings, mode, seed, status, total, correct_count, score, submitted_at)
        VALUES (${me.user_id}, 'Mine', 'ems', 1, '{"themes":[],"length":40,"difficulty":"adaptive"}', 'exam', 1, 'submitted', 30, 0, 0, now())
        RETURNING id, user_id
      ), bank AS (
        SELECT id, row_number() OVER (ORDER BY theme_slug, id) - 1 AS k, count(*) OVER () AS n
        FROM question WHERE status = 'active' AND tracks @> '["ems"]'::jsonb
      )
      INSERT INTO quiz_answer (quiz_id, question_id, user_id, response, is_correct, evidence)
      SELECT qz.id, b.id, qz.user_id, '{"value":0}', i % 5 < 3, true
      FROM quiz_made qz CROSS JOIN generate_series(0, 29) i JOIN bank b ON b.k = (i * (b.n / 30)) % b.n`);
    const before = await readiness(me.token);
    expect(before.trackCandidates).toBeNull();

    // A weak cohort of the track, some with too few answers for a figure, and a strong one of another track.
    await addCandidates("weak", "ems", MIN_PRIOR_CANDIDATES + 10, 30, 0.35);
    await addCandidates("few", "ems", 20, 10, 0.35);
    await addCandidates("other", "fire-rescue", 30, 30, 0.95);

    const summary = await refitItems(t.db);
    expect(summary!.priors).toBe(1);
    const [ems] = await t.db.select().from(trackAbilityPriors).where(eq(trackAbilityPriors.trackSlug, "ems"));
    // The weak cohort and the candidate: never the ones with 10 answers, nor another track's.
    expect(ems!.candidates).toBe(MIN_PRIOR_CANDIDATES + 11);
    expect(ems!.sd).toBeGreaterThanOrEqual(0.5);
    // Fire and rescue has too few candidates: its figures keep the default prior.
    expect(await t.db.select().from(trackAbilityPriors).where(eq(trackAbilityPriors.trackSlug, "fire-rescue"))).toEqual([]);

    const after = await readiness(me.token);
    expect(after.trackCandidates).toBe(MIN_PRIOR_CANDIDATES + 11);
    // The same answers, told against a cohort that mostly fails: a lower chance than the default prior's.
    expect(after.passProbability).toBeLessThan(before.passProbability - 0.02);

    // A track whose candidates fall below the minimum goes back to the default prior at the next fit.
    await t.db.execute(sql`
      UPDATE onboarding_profile SET data = '{}'::jsonb
      WHERE user_id IN (SELECT id FROM "user" WHERE email LIKE 'weak-%@prior.test')`);
    expect((await refitItems(t.db))!.priors).toBe(0);
    expect(await t.db.select().from(trackAbilityPriors)).toEqual([]);
    expect((await readiness(me.token)).trackCandidates).toBeNull();
  }, 120_000);
});
