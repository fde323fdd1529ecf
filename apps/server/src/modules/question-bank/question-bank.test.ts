import { readdirSync } from "node:fs";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blueprints, itemFlags, questions, quizzes } from "../../db/schema/quiz.ts";
import { seedQuizContent } from "../../db/seed/quiz-content.ts";
import { correlation } from "../../lib/statistics.ts";
import { createTestApp, TEST_ENV } from "../../test/app.ts";
import { computeItemStatistics, kr20 } from "./item-statistics.ts";
import { queueForReview, upsertFlag } from "./repo.ts";

const t = await createTestApp();
const A = `/v3/api/custom/${TEST_ENV.PROJECT_ID}/quiz/admin`;
const admin = await t.signUp("admin");
const user = await t.signUp("user");

const single = {
  type: "single",
  difficulty: 2,
  stem: "Which pulse is checked in an unresponsive adult?",
  options: [
    { id: "a", text: "Carotid", correct: true, explanation: "Central pulses persist longest." },
    { id: "b", text: "Radial", correct: false, explanation: "Peripheral pulses vanish first in shock." },
    { id: "c", text: "Pedal", correct: false, explanation: "Far too peripheral." },
  ],
  explanation: "Check a central pulse.",
  source: "ERC Guidelines 2021, BLS",
};

describe("question bank (admin)", () => {
  it("is admin only", async () => {
    expect((await t.call("GET", `${A}/questions`, { token: user.token })).statusCode).toBe(403);
    expect((await t.call("GET", `${A}/questions`)).statusCode).toBe(401);
  });

  it("lists every theme for the editor", async () => {
    const list = (await t.call("GET", `${A}/themes`, { token: admin.token })).json().list;
    // One theme per file in the content folder.
    expect(list).toHaveLength(
      readdirSync(new URL("../../../../../content/themes", import.meta.url)).filter((f) => f.endsWith(".json")).length,
    );
    expect(list[0]).toMatchObject({ slug: expect.any(String), name: expect.any(String), tracks: expect.any(Array) });
  });

  it("searches and filters by theme, type and difficulty", async () => {
    const res = await t.call("GET", `${A}/questions`, {
      token: admin.token,
      query: { theme: "circulation-cpr", type: "single", difficulty: "1", limit: "50" },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThan(0);
    for (const q of body.list) expect(q).toMatchObject({ theme: "circulation-cpr", type: "single", difficulty: 1 });
    const search = (await t.call("GET", `${A}/questions`, { token: admin.token, query: { q: "CHEST COMPRESSIONS" } })).json();
    expect(search.list.some((q: { stem: string }) => /chest compressions/i.test(q.stem))).toBe(true);
    const odd = await t.call("GET", `${A}/questions`, { token: admin.token, query: { q: "100%_'; drop table question; --" } });
    expect(odd.statusCode).toBe(200);
    expect(odd.json().total).toBe(0);
  });

  it("adds a question in review, refuses a bad one with field errors, and edits detach it from the files", async () => {
    const bad = await t.call("POST", `${A}/questions`, {
      token: admin.token,
      body: { theme: "circulation-cpr", question: { ...single, options: single.options.map((o) => ({ ...o, correct: true })) } },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.values(bad.json().validation).join(" ")).toMatch(/exactly one key/);
    const created = await t.call("POST", `${A}/questions`, { token: admin.token, body: { theme: "circulation-cpr", question: single } });
    expect(created.statusCode).toBe(200);
    const model = created.json().model;
    expect(model).toMatchObject({ contentId: "circulation-cpr-custom-001", status: "review", origin: "admin" });

    const [fromFiles] = await t.db.select().from(questions).where(eq(questions.contentId, "circulation-cpr-001"));
    const edit = await t.call("PUT", `${A}/questions/${fromFiles!.id}`, {
      token: admin.token,
      body: { theme: "circulation-cpr", question: { ...single, stem: "Edited by staff: which pulse?" } },
    });
    expect(edit.statusCode).toBe(200);
    await seedQuizContent(t.db);
    const [after] = await t.db.select().from(questions).where(eq(questions.id, fromFiles!.id));
    expect(after!.stem).toBe("Edited by staff: which pulse?");
  });

  it("exports CSV and JSON that import back, and reports every bad row without saving any", async () => {
    const csv = await t.call("GET", `${A}/export`, { token: admin.token, query: { theme: "mental-arithmetic", format: "csv" } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toContain("questions.csv");
    // Spreadsheets read it as UTF-8, and the import reads it back all the same.
    expect(csv.body.startsWith("\uFEFF")).toBe(true);
    const back = await t.call("POST", `${A}/import`, { token: admin.token, body: { format: "csv", content: csv.body, dryRun: true } });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().updated).toBeGreaterThanOrEqual(15);

    const json = JSON.parse((await t.call("GET", `${A}/export`, { token: admin.token, query: { theme: "spatial-reasoning" } })).body);
    const fresh = { ...json[0], id: "spatial-reasoning-900", stem: "Imported question stem" };
    const broken = { ...json[1], id: "spatial-reasoning-901", difficulty: 9 };
    const foreign = { ...json[2], id: "spatial-reasoning-902", theme: "nope" };
    const refused = await t.call("POST", `${A}/import`, {
      token: admin.token,
      body: { format: "json", content: JSON.stringify([fresh, broken, foreign]) },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().rows.map((r: { row: number }) => r.row)).toEqual([2, 3]);
    expect(refused.json().rows[0].errors.difficulty).toBeTruthy();
    expect(refused.json().rows[1].errors.theme).toBe("Unknown theme");
    expect(await t.db.select().from(questions).where(eq(questions.contentId, "spatial-reasoning-900"))).toHaveLength(0);

    const ok = await t.call("POST", `${A}/import`, { token: admin.token, body: { format: "json", content: JSON.stringify([fresh]) } });
    expect(ok.json()).toMatchObject({ created: 1, updated: 0 });
    expect(await t.db.select().from(questions).where(eq(questions.contentId, "spatial-reasoning-900"))).toHaveLength(1);
  });

  it("exports a question beyond the EMT's scope with its level, and an import keeps it out of the EMS track", async () => {
    const [seeded] = await t.db.select().from(questions).where(eq(questions.contentId, "ems-pharmacology-048"));
    expect(seeded).toMatchObject({ scope: "aemt", tracks: [] });
    const json = JSON.parse((await t.call("GET", `${A}/export`, { token: admin.token, query: { theme: "ems-pharmacology" } })).body);
    const exported = json.find((q: { id: string }) => q.id === "ems-pharmacology-048");
    expect(exported.scope).toBe("aemt");
    expect(exported.tracks).toBeUndefined();
    const csv = await t.call("GET", `${A}/export`, { token: admin.token, query: { theme: "ems-pharmacology", format: "csv" } });
    expect(csv.statusCode, csv.body).toBe(200);

    // Both come back as they went: the level kept, EMS candidates still never asked.
    const copy = { ...exported, id: "ems-pharmacology-948" };
    const imported = await t.call("POST", `${A}/import`, { token: admin.token, body: { format: "json", content: JSON.stringify([copy]) } });
    expect(imported.json()).toMatchObject({ created: 1 });
    const [back] = await t.db.select().from(questions).where(eq(questions.contentId, "ems-pharmacology-948"));
    expect(back).toMatchObject({ scope: "aemt", tracks: [] });
    const fromCsv = await t.call("POST", `${A}/import`, { token: admin.token, body: { format: "csv", content: csv.body, dryRun: true } });
    expect(fromCsv.statusCode, fromCsv.body).toBe(200);
  });

  it("adds a blueprint version without changing quizzes made from the old one", async () => {
    const P = `/v3/api/custom/${TEST_ENV.PROJECT_ID}`;
    await t.call("PUT", `${P}/onboarding`, { token: user.token, body: { track: "dispatch" } });
    const quiz = (await t.call("POST", `${P}/quiz/create`, { token: user.token, body: { length: 5 } })).json().model;
    const before = (await t.db.select().from(blueprints).where(eq(blueprints.trackSlug, "dispatch"))).map((v) => v.version);
    const current = Math.max(...before);
    expect(quiz.blueprintVersion).toBe(current);
    const bad = await t.call("POST", `${A}/blueprints`, {
      token: admin.token,
      body: { track: "dispatch", themes: [{ theme: "call-taking", weight: 60 }] },
    });
    expect(bad.statusCode).toBe(400);
    const res = await t.call("POST", `${A}/blueprints`, {
      token: admin.token,
      body: {
        track: "dispatch",
        themes: [
          { theme: "call-taking", weight: 60 },
          { theme: "radio-communication", weight: 40 },
        ],
        note: "2027 exam",
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().model.version).toBe(current + 1);
    const [row] = await t.db.select().from(quizzes).where(eq(quizzes.id, quiz.id));
    expect(row!.blueprintVersion).toBe(current);
    const versions = await t.db.select().from(blueprints).where(eq(blueprints.trackSlug, "dispatch"));
    expect(versions.map((v) => v.version).sort((a, b) => a - b)).toEqual([...before, current + 1].sort((a, b) => a - b));
    const tracks = (await t.call("GET", `${P}/quiz/tracks`, { token: user.token })).json().list;
    expect(tracks.find((x: { slug: string }) => x.slug === "dispatch").themes.map((x: { slug: string }) => x.slug)).toEqual([
      "call-taking",
      "radio-communication",
    ]);
  });

  it("computes item statistics and discrimination, and judges nothing before 50 answers", async () => {
    expect(correlation([1, 1, 0, 0], [0.9, 0.8, 0.2, 0.1])).toBeGreaterThan(0.9);
    expect(correlation([0, 0, 1, 1], [0.9, 0.8, 0.2, 0.1])).toBeLessThan(-0.9);
    expect(correlation([1, 1], [0.5, 0.7])).toBeNull();
    // Candidates whose strength grows with the id; item 1 follows strength, item 2 is right only for the weakest third.
    const given = (n: number) => {
      const out: { questionId: number; userId: number; isCorrect: boolean }[] = [];
      for (let u = 0; u < n; u++) {
        for (let k = 0; k < 10; k++) out.push({ questionId: 100 + k, userId: u, isCorrect: k < (10 * u) / n });
        out.push({ questionId: 1, userId: u, isCorrect: u >= n / 2 });
        out.push({ questionId: 2, userId: u, isCorrect: u < n / 3 });
      }
      return out;
    };
    const qs = [1, 2, 100].map((id) => ({ id, contentId: `x-${id}`, themeSlug: "t", stem: "s", type: "numeric" as const, options: [] }));
    const few = computeItemStatistics(given(40), qs);
    expect(few.find((s) => s.id === 2)!.discrimination!).toBeLessThan(0);
    expect(few.every((s) => !s.doubtful && s.flag === null)).toBe(true);
    const stats = computeItemStatistics(given(60), qs);
    const of = (id: number) => stats.find((s) => s.id === id)!;
    expect(of(1).discrimination!).toBeGreaterThan(0.5);
    expect(of(1).discriminationInterval!.low).toBeGreaterThan(0.3);
    expect(of(1).doubtful).toBe(false);
    expect(of(2).discrimination!).toBeLessThan(0);
    expect(of(2).discriminationInterval!.high).toBeLessThan(0);
    expect(of(2)).toMatchObject({ doubtful: true, flag: "negative", strong: false });
    expect(of(2).reason).toMatch(/Stronger candidates miss it/);
    expect(of(2).shareRight).toBeCloseTo(20 / 60);
    expect(stats[0]!.id).toBe(2);
    const res = await t.call("GET", `${A}/stats`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json().list)).toBe(true);
    expect(res.json().reliability).toMatchObject({ exams: 0, kr20: null });
  });

  it("flags a distractor the strong choose more than the key (the miskey sign), strong evidence only from 100 answers", () => {
    const run = (n: number) => {
      const given: { questionId: number; userId: number; isCorrect: boolean; response: { choice: string } }[] = [];
      for (let u = 0; u < n; u++) {
        for (let k = 0; k < 10; k++) given.push({ questionId: 100 + k, userId: u, isCorrect: k < (10 * u) / n, response: { choice: "a" } });
        // Weak candidates pick the key a or c, strong ones the distractor b; nobody picks d.
        const choice = u < n / 2 ? (u % 2 ? "a" : "c") : u % 3 ? "b" : "a";
        given.push({ questionId: 1, userId: u, isCorrect: choice === "a", response: { choice } });
      }
      const options = ["a", "b", "c", "d"].map((id) => ({ id, text: id, correct: id === "a", explanation: "" }));
      return computeItemStatistics(given, [{ id: 1, contentId: "x-1", themeSlug: "t", stem: "s", type: "single", options }])[0]!;
    };
    const stat = run(60);
    const b = stat.distractors.find((d) => d.id === "b")!;
    expect(b.upper).toBeGreaterThan(b.lower);
    expect(b.correlation!.low).toBeGreaterThan(0);
    expect(b.versusKey!).toBeGreaterThan(0);
    expect(stat).toMatchObject({ doubtful: true, flag: "miskey", strong: false });
    expect(stat.reason).toMatch(/Option b draws stronger candidates than the key/);
    expect(stat.distractors.find((d) => d.id === "d")!.note).toMatch(/Hardly anyone/);
    expect(run(120)).toMatchObject({ flag: "miskey", strong: true });
    expect(run(30).flag).toBeNull();
  });

  it("leaves an honest hard item alone: a hard item is a note, not a flag", () => {
    const given: { questionId: number; userId: number; isCorrect: boolean; response: { choice: string } }[] = [];
    for (let u = 0; u < 120; u++) {
      for (let k = 0; k < 10; k++) given.push({ questionId: 100 + k, userId: u, isCorrect: k < u / 12, response: { choice: "a" } });
      // Only the strongest tenth get it; everyone else picks the tempting b.
      const choice = u >= 108 ? "a" : "b";
      given.push({ questionId: 1, userId: u, isCorrect: choice === "a", response: { choice } });
    }
    const options = ["a", "b", "c"].map((id) => ({ id, text: id, correct: id === "a", explanation: "" }));
    const [stat] = computeItemStatistics(given, [{ id: 1, contentId: "x-1", themeSlug: "t", stem: "s", type: "single", options }]);
    expect(stat).toMatchObject({ doubtful: false, flag: null, strong: false });
    expect(stat!.notes.join(" ")).toMatch(/Fewer than 1 in 5/);
  });

  it("queues a flagged question for staff with its evidence; staff return it to quizzes or retire it", async () => {
    const [q1, q2] = await t.db.select().from(questions).where(eq(questions.themeSlug, "spatial-reasoning")).limit(2);
    const evidence = {
      answered: 120,
      shareRight: 0.2,
      key: { r: -0.2, low: -0.37, high: -0.02 },
      distractors: [{ id: "b", share: 0.5, correlation: { r: 0.3, low: 0.13, high: 0.45 } }],
    };
    await upsertFlag(t.db, {
      questionId: q1!.id,
      flag: "miskey",
      strong: true,
      reason: "Option b draws stronger candidates",
      evidence,
      at: new Date(),
    });
    await queueForReview(t.db, [{ id: q1!.id, reason: "Option b draws stronger candidates" }]);
    await upsertFlag(t.db, {
      questionId: q2!.id,
      flag: "negative",
      strong: false,
      reason: "Stronger candidates miss it",
      evidence,
      at: new Date(),
    });
    const queue = (await t.call("GET", `${A}/stats`, { token: admin.token })).json().queue;
    const strong = queue.find((x: { id: number }) => x.id === q1!.id);
    const weak = queue.find((x: { id: number }) => x.id === q2!.id);
    // Strong evidence first and out of quizzes; a flag alone stays in quizzes, with its evidence.
    expect(queue.findIndex((x: { id: number }) => x.id === q1!.id)).toBeLessThan(queue.findIndex((x: { id: number }) => x.id === q2!.id));
    expect(strong).toMatchObject({ status: "review", inQuizzes: false, flag: "miskey", strong: true, evidence: { answered: 120 } });
    expect(weak).toMatchObject({ status: "active", inQuizzes: true, flag: "negative", strong: false });
    expect((await t.call("PUT", `${A}/review-queue/${q1!.id}`, { token: user.token, body: { decision: "keep" } })).statusCode).toBe(403);
    const kept = await t.call("PUT", `${A}/review-queue/${q1!.id}`, { token: admin.token, body: { decision: "keep" } });
    expect(kept.statusCode).toBe(200);
    expect(kept.json().model).toMatchObject({ status: "active", inQuizzes: true });
    const retired = await t.call("PUT", `${A}/review-queue/${q2!.id}`, { token: admin.token, body: { decision: "retire" } });
    expect(retired.json().model).toMatchObject({ status: "retired", inQuizzes: false });
    const after = (await t.call("GET", `${A}/stats`, { token: admin.token })).json().queue.map((x: { id: number }) => x.id);
    expect(after).not.toContain(q1!.id);
    expect(after).not.toContain(q2!.id);
    const [flag] = await t.db.select().from(itemFlags).where(eq(itemFlags.questionId, q1!.id));
    expect(flag).toMatchObject({ resolution: "kept" });
    expect(flag!.resolvedAt).not.toBeNull();
    expect((await t.call("PUT", `${A}/review-queue/999999`, { token: admin.token, body: { decision: "keep" } })).statusCode).toBe(404);
    expect((await t.call("PUT", `${A}/review-queue/${q1!.id}`, { token: admin.token, body: { decision: "maybe" } })).statusCode).toBe(400);
    await t.db.update(questions).set({ status: "active" }).where(eq(questions.id, q2!.id));
  });

  it("estimates KR-20 reliability of parallel exam forms", () => {
    // Scores spread widely against item variance: high reliability; scores all alike: none.
    const items = Array.from({ length: 20 }, (_, i) => i);
    const spread = Array.from({ length: 10 }, (_, e) => ({ items, correct: e * 2 }));
    expect(kr20(spread, () => 0.5)).toBeGreaterThan(0.8);
    expect(kr20(spread.slice(0, 4), () => 0.5)).toBeNull();
    const flat = Array.from({ length: 10 }, (_, e) => ({ items, correct: 10 + (e % 2) }));
    expect(kr20(flat, () => 0.5)).toBeLessThan(0);
  });
});

describe("the question bank in the API documentation", () => {
  it("shows every answer's fields, as the server checks them", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const ok = (path: string, method: string) => {
      const schema = doc.paths[`/v3/api/custom/{name}/quiz/admin${path}`][method].responses["200"].content["application/json"].schema;
      expect(schema.additionalProperties, `${method} ${path}`).not.toBe(true);
      return schema.properties;
    };
    const question = ["id", "contentId", "theme", "type", "difficulty", "stem", "options", "numeric", "status", "origin", "updatedAt"];
    expect(Object.keys(ok("/questions", "get").list.items.properties)).toEqual(expect.arrayContaining(question));
    expect(Object.keys(ok("/questions", "get"))).toEqual(expect.arrayContaining(["total", "page", "limit", "num_pages"]));
    for (const [path, method] of [
      ["/questions/{id}", "get"],
      ["/questions", "post"],
      ["/questions/{id}", "put"],
      ["/questions/{id}/status", "put"],
    ])
      expect(Object.keys(ok(path!, method!).model.properties)).toEqual(expect.arrayContaining(question));
    expect(Object.keys(ok("/stats", "get").list.items.properties)).toEqual(
      expect.arrayContaining(["shareRight", "discrimination", "discriminationInterval", "doubtful", "flag", "strong", "notes"]),
    );
    expect(Object.keys(ok("/themes", "get").list.items.properties)).toEqual(["slug", "name", "tracks"]);
    expect(Object.keys(ok("/blueprints", "get").list.items.properties)).toEqual(["id", "track", "version", "themes", "note", "createdAt"]);
    expect(Object.keys(ok("/blueprints", "post").model.properties)).toContain("themes");
    expect(Object.keys(ok("/import", "post"))).toEqual(["error", "message", "created", "updated"]);
  });
});
