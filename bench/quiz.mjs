// Quiz generation: a 40-question quiz from a 10,000-question bank for a user with 5,000 past
// answers (spaced-repetition cards, a share of them due). Budget: p95 under 50 ms.
// Item calibration: the Rasch refit of 1,000,000 answers (50,000 candidates, 10,000 questions),
// as the background job runs it (fitItems). Budget: under 60 s.
// Readiness: the dashboard's estimate from 2,000 answers over an 11-theme blueprint.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { root } from "./lib.mjs";

async function loadGenerator(file = "generate.ts") {
  const out = await build({
    entryPoints: [path.join(root, `apps/server/src/modules/quiz/${file}`)],
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
  });
  const code = out.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}

export async function benchQuiz({ runs = 300 } = {}) {
  const { generateQuiz } = await loadGenerator();
  const THEMES = 24;
  const TYPES = ["single", "multiple", "true_false", "ordering", "numeric"];
  const bank = Array.from({ length: 10_000 }, (_, i) => ({
    id: i + 1,
    theme: `theme-${i % THEMES}`,
    difficulty: (i % 5) + 1,
    type: TYPES[i % 5],
    optionIds: ["a", "b", "c", "d", "e"],
  }));
  const now = Date.UTC(2026, 10, 1);
  const history = new Map();
  for (let k = 0; k < 5_000; k++) {
    const id = ((k * 7919) % 10_000) + 1;
    // A third were missed and are on the schedule (some due); the rest were right and are only seen.
    const scheduled = k % 3 === 0;
    history.set(id, { dueAt: scheduled ? now + ((k % 10) - 3) * 86_400_000 : null, lastCorrect: !scheduled, lastSeenAt: now - k * 60_000 });
  }
  const weights = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`theme-${i}`, 5 + i]));
  const mastery = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`theme-${i}`, i / 11]));
  const times = [];
  for (let r = 0; r < runs + 20; r++) {
    const t0 = performance.now();
    const quiz = generateQuiz({ bank, history, weights, mastery, length: 40, difficulty: "adaptive", seed: r, now });
    const ms = performance.now() - t0;
    if (quiz.length !== 40) throw new Error("generation returned the wrong length");
    if (r >= 20) times.push(ms); // the first runs warm the JIT
  }
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
  return { runs, p50_ms: at(0.5), p95_ms: at(0.95), max_ms: times.at(-1) };
}

/** mulberry32, as the server's random.ts. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function benchRefit({ answers = 1_000_000, candidates = 50_000, items = 10_000 } = {}) {
  const { fitItems } = await loadGenerator("item-fit.ts");
  const random = seeded(7);
  const trueB = Float64Array.from({ length: items }, () => (random() - 0.5) * 4);
  const theta = Float64Array.from({ length: candidates }, () => (random() - 0.5) * 4);
  const levels = new Map();
  for (let i = 0; i < items; i++) levels.set(i + 1, Math.max(1, Math.min(5, Math.round(trueB[i] / 0.8 + 3))));
  const given = new Array(answers);
  for (let k = 0; k < answers; k++) {
    const u = k % candidates;
    const i = Math.floor(random() * items);
    given[k] = { userId: u + 1, questionId: i + 1, isCorrect: random() < 1 / (1 + Math.exp(trueB[i] - theta[u])) };
  }
  const t0 = performance.now();
  const fit = fitItems(given, levels);
  const ms = performance.now() - t0;
  let err = 0;
  for (const r of fit.rows) err += (r.difficulty - trueB[r.questionId - 1]) ** 2;
  return { answers, items: fit.rows.length, iterations: fit.iterations, seconds: ms / 1000, rmse: Math.sqrt(err / fit.rows.length) };
}

export async function benchReadiness({ runs = 50 } = {}) {
  const { computeReadiness } = await loadGenerator("readiness.ts");
  const random = seeded(11);
  const blueprint = Array.from({ length: 11 }, (_, t) => ({
    theme: `t${t}`,
    weight: 5 + t,
    bank: Array.from({ length: 400 }, () => (random() - 0.5) * 4),
  }));
  const evidence = Array.from({ length: 2_000 }, (_, k) => ({ theme: `t${k % 11}`, b: (random() - 0.5) * 4, isCorrect: random() < 0.7 }));
  const times = [];
  for (let r = 0; r < runs + 5; r++) {
    const t0 = performance.now();
    computeReadiness(evidence, blueprint, 0.7, r);
    if (r >= 5) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { runs, p50_ms: times[Math.floor(runs / 2)], p95_ms: times[Math.floor(runs * 0.95)] };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchQuiz();
  console.log(
    `quiz generation (40 of 10,000, 5,000 past answers, ${r.runs} runs): p50 ${r.p50_ms.toFixed(2)} ms, p95 ${r.p95_ms.toFixed(2)} ms, max ${r.max_ms.toFixed(2)} ms`,
  );
  if (r.p95_ms >= 50) process.exitCode = 1;
  const d = await benchReadiness();
  console.log(
    `readiness estimate (2,000 answers, 11 themes, ${d.runs} runs): p50 ${d.p50_ms.toFixed(1)} ms, p95 ${d.p95_ms.toFixed(1)} ms`,
  );
  const f = await benchRefit();
  console.log(
    `item refit (${f.answers.toLocaleString("en")} answers, ${f.items.toLocaleString("en")} items): ${f.seconds.toFixed(1)} s, ${f.iterations} iterations, RMSE ${f.rmse.toFixed(3)} logits`,
  );
  if (f.seconds >= 60) process.exitCode = 1;
}
