import { ContentQuestion } from "@academy/contract/content";
import { evaluateFormula, FormulaError, fillPlaceholders, formulaVariables } from "@academy/contract/formula";
import { QUIZ_MAX_LENGTH } from "@academy/contract/quiz";
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { questions, quizQuestions } from "../../db/schema/quiz.ts";
import { createTestApp, TEST_ENV } from "../../test/app.ts";
import { drawParams, resolveQuestion } from "./variables.ts";

describe("formulas", () => {
  it("computes with precedence, powers, parentheses and the allowed functions", () => {
    expect(evaluateFormula("2 + 3 * 4", {})).toBe(14);
    expect(evaluateFormula("(2 + 3) * 4", {})).toBe(20);
    expect(evaluateFormula("2 * (flow / 100)^2 * (length / 100)", { flow: 250, length: 300 })).toBe(37.5);
    expect(evaluateFormula("2 ^ 3 ^ 2", {})).toBe(512);
    expect(evaluateFormula("-x + 1", { x: 4 })).toBe(-3);
    expect(evaluateFormula("round(250 * 20 / 90)", {})).toBe(56);
    expect(evaluateFormula("round(10 / 3, 2)", {})).toBe(3.33);
    expect(evaluateFormula("floor(7.9) + ceil(0.1) + sqrt(16) + min(2, 5) + max(2, 5)", {})).toBe(19);
    expect(evaluateFormula("0.1 + 0.2", {})).toBe(0.3);
  });

  it("refuses what is not arithmetic over its variables", () => {
    expect(() => evaluateFormula("process.exit(1)", {})).toThrow(FormulaError);
    expect(() => evaluateFormula("alert(1)", {})).toThrow("unknown function alert");
    expect(() => evaluateFormula("2 +", {})).toThrow(FormulaError);
    expect(() => evaluateFormula("(2 + 3", {})).toThrow('expected ")"');
    expect(() => evaluateFormula("x * 2", {})).toThrow("no value for x");
    expect(() => evaluateFormula("1 / x", { x: 0 })).toThrow("not a finite number");
    expect(() => evaluateFormula("round(1, 2, 3)", {})).toThrow("round takes 1 to 2 arguments");
    expect(formulaVariables("weight * dose + round(weight)").sort()).toEqual(["dose", "weight"]);
  });

  it("fills placeholders with tidy numbers and leaves unknown ones", () => {
    expect(fillPlaceholders("{a} kg and {b}", { a: 12, b: 0.1 + 0.2 })).toBe("12 kg and 0.3");
    expect(fillPlaceholders("{missing}", {})).toBe("{missing}");
  });
});

const item = (over: Record<string, unknown>) => ({
  id: "demo-001",
  type: "numeric",
  difficulty: 2,
  stem: "A child of {weight} kg gets {dose} mL/kg. How many mL?",
  explanation: "{weight} × {dose} = {answer} mL.",
  source: "Arithmetic.",
  variables: { weight: { min: 8, max: 30, step: 1 }, dose: { min: 10, max: 20, step: 10 } },
  formula: "weight * dose",
  tolerance: 0,
  unit: "mL",
  ...over,
});
const problemOf = (over: Record<string, unknown>) => {
  const parsed = ContentQuestion.safeParse(item(over));
  return parsed.success ? null : parsed.error.issues.map((i) => i.message).join("; ");
};

describe("numeric items with varying numbers in the content format", () => {
  it("accepts variables with a formula, or a fixed answer, but not both or neither", () => {
    expect(problemOf({})).toBeNull();
    expect(problemOf({ variables: undefined, formula: undefined, answer: 12 })).toBeNull();
    expect(problemOf({ answer: 12 })).toMatch(/no fixed answer/);
    expect(problemOf({ variables: undefined, formula: undefined })).toMatch(/an answer, or variables and a formula/);
    expect(problemOf({ formula: undefined })).toMatch(/both variables and a formula/);
  });

  it("refuses a formula or stem that does not match the variables", () => {
    expect(problemOf({ formula: "weight * rate" })).toMatch(/undeclared rate/);
    expect(problemOf({ formula: "weight *" })).toMatch(/^formula:/);
    expect(problemOf({ stem: "A child of {weight} kg. How many mL?" })).toMatch(/does not show \{dose\}/);
    expect(problemOf({ stem: "{weight} {dose} {volume}?" })).toMatch(/undeclared \{volume\}/);
    expect(problemOf({ formula: "dose / (weight - 8)" })).toMatch(/at the min of the ranges/);
    expect(problemOf({ variables: { weight: { min: 5, max: 1, step: 1 }, dose: { min: 1, max: 2, step: 1 } } })).toMatch(
      /max is at least min/,
    );
  });
});

describe("drawing the numbers", () => {
  const numeric = {
    formula: "weight * dose",
    variables: { weight: { min: 8, max: 30, step: 1 }, dose: { min: 10, max: 20, step: 10 } },
    tolerance: 0,
    unit: "mL",
  };

  it("draws the same numbers for the same quiz and question, on the steps of each range", () => {
    expect(drawParams(numeric, 42, 7)).toEqual(drawParams(numeric, 42, 7));
    const seen = new Set<string>();
    for (let seed = 1; seed <= 300; seed++) {
      const p = drawParams(numeric, seed, 7)!;
      expect(Number.isInteger(p.weight) && p.weight! >= 8 && p.weight! <= 30).toBe(true);
      expect([10, 20]).toContain(p.dose);
      seen.add(`${p.weight}/${p.dose}`);
    }
    // Different quizzes see different numbers: most of the 46 combinations turn up in 300 quizzes.
    expect(seen.size).toBeGreaterThan(35);
    expect(drawParams({ answer: 4, tolerance: 0, unit: "" }, 1, 7)).toBeNull();
  });

  it("fills the stem and explanation and computes the key from the stored numbers", () => {
    const q = {
      id: 7,
      stem: "A child of {weight} kg gets {dose} mL/kg.",
      explanation: "{weight} × {dose} = {answer} mL.",
      numeric,
      options: [],
    };
    const r = resolveQuestion(q, { weight: 12, dose: 20 }, 1);
    expect(r.stem).toBe("A child of 12 kg gets 20 mL/kg.");
    expect(r.explanation).toBe("12 × 20 = 240 mL.");
    expect(r.numeric).toEqual({ answer: 240, tolerance: 0, unit: "mL" });
    // Without stored numbers (an item made before the question varied) it draws them from the seed.
    const drawn = drawParams(numeric, 5, 7)!;
    expect(resolveQuestion(q, null, 5).numeric!.answer).toBe(drawn.weight! * drawn.dose!);
  });
});

describe("a quiz with varying numbers, through the API", async () => {
  const t = await createTestApp();
  const P = `/v3/api/custom/${TEST_ENV.PROJECT_ID}`;
  await t.signUp("admin");

  it("stores the numbers with the quiz item, shows them on every read and grades against the computed answer", async () => {
    // Any theme with a question whose numbers vary; the quiz takes the whole theme.
    const [templated] = await t.db
      .select()
      .from(questions)
      .where(and(eq(questions.type, "numeric"), isNotNull(sql`${questions.numeric}->>'formula'`), eq(questions.status, "active")));
    expect(templated, "the content has a question whose numbers vary").toBeDefined();
    const u = await t.signUp("user");
    const track = templated!.tracks[0]!;
    expect((await t.call("PUT", `${P}/onboarding`, { token: u.token, body: { track } })).statusCode).toBe(200);
    const created = await t.call("POST", `${P}/quiz/create`, {
      token: u.token,
      body: { themes: [templated!.themeSlug], length: QUIZ_MAX_LENGTH, mode: "practice", seed: 77 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const quiz = created.json().model as { id: number; questions: { questionId: string; stem: string; type: string }[] };
    const varying = await t.db
      .select({ q: questions, params: quizQuestions.params })
      .from(quizQuestions)
      .innerJoin(questions, eq(questions.id, quizQuestions.questionId))
      .where(and(eq(quizQuestions.quizId, quiz.id), isNotNull(quizQuestions.params)));
    expect(varying.length).toBeGreaterThan(0);
    const [first, second] = varying;
    for (const v of varying) {
      const shown = quiz.questions.find((q) => q.questionId === v.q.contentId)!;
      // The stem shows the stored numbers, never a placeholder.
      expect(shown.stem).not.toMatch(/\{[a-z_]+\}/);
      for (const value of Object.values(v.params!)) expect(shown.stem).toContain(String(value));
    }

    // A second read shows the same numbers.
    const again = (await t.call("GET", `${P}/quiz/get/${quiz.id}`, { token: u.token })).json().model as typeof quiz;
    expect(again.questions.map((q) => q.stem)).toEqual(quiz.questions.map((q) => q.stem));

    const key = (v: NonNullable<typeof first>) => evaluateFormula(v.q.numeric!.formula!, v.params!);
    const answers = [{ questionId: first!.q.contentId, response: { value: key(first!) } }];
    if (second) answers.push({ questionId: second.q.contentId, response: { value: key(second) + second.q.numeric!.tolerance + 1 } });
    const saved = await t.call("PUT", `${P}/quiz/update/${quiz.id}`, { token: u.token, body: { answers } });
    expect(saved.statusCode, saved.body).toBe(200);
    const feedback = saved.json().feedback as {
      questionId: string;
      review: { isCorrect: boolean; numeric: { answer: number }; explanation: string };
    }[];
    const right = feedback.find((f) => f.questionId === first!.q.contentId)!;
    expect(right.review.isCorrect).toBe(true);
    expect(right.review.numeric.answer).toBe(key(first!));
    expect(right.review.explanation).not.toMatch(/\{[a-z_]+\}/);
    if (second) expect(feedback.find((f) => f.questionId === second.q.contentId)!.review.isCorrect).toBe(false);
  });

  it("shows a question whose numbers vary with numbers in the quiz preview, as the player does", async () => {
    const [templated] = await t.db
      .select()
      .from(questions)
      .where(and(eq(questions.type, "numeric"), isNotNull(sql`${questions.numeric}->>'formula'`), eq(questions.status, "active")));
    // Its theme holds only it, so the preview's sample of the theme is it.
    await t.db
      .update(questions)
      .set({ status: "retired" })
      .where(and(eq(questions.themeSlug, templated!.themeSlug), ne(questions.id, templated!.id)));
    const u = await t.signUp("user");
    await t.call("PUT", `${P}/onboarding`, { token: u.token, body: { track: templated!.tracks[0]! } });
    const preview = await t.call("POST", `${P}/quiz/preview`, {
      token: u.token,
      body: { themes: [templated!.themeSlug], length: 5, difficulty: "adaptive" },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const [sample] = preview.json().model.samples as { stem: string }[];
    expect(templated!.stem).toMatch(/\{[a-z_]+\}/);
    expect(sample!.stem).not.toMatch(/\{[a-z_]+\}/);
    // The numbers are those a quiz would draw, within each variable's range.
    const params = drawParams(templated!.numeric, 1, templated!.id)!;
    for (const [name, value] of Object.entries(params)) {
      const v = templated!.numeric!.variables![name]!;
      expect(value).toBeGreaterThanOrEqual(v.min);
      expect(value).toBeLessThanOrEqual(v.max);
      expect(sample!.stem).toContain(String(value));
    }
  });
});
