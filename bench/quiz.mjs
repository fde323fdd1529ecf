// Quiz generation: a 40-question quiz from a 10,000-question bank for a user with 5,000 past
// answers (spaced-repetition cards, a share of them due). Budget: p95 under 50 ms.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { root } from "./lib.mjs";

async function loadGenerator() {
  const out = await build({
    entryPoints: [path.join(root, "apps/server/src/modules/quiz/generate.ts")],
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
    history.set(id, { dueAt: now + ((k % 10) - 3) * 86_400_000, lastCorrect: k % 3 !== 0, lastSeenAt: now - k * 60_000 });
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

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchQuiz();
  console.log(
    `quiz generation (40 of 10,000, 5,000 past answers, ${r.runs} runs): p50 ${r.p50_ms.toFixed(2)} ms, p95 ${r.p95_ms.toFixed(2)} ms, max ${r.max_ms.toFixed(2)} ms`,
  );
  if (r.p95_ms >= 50) process.exitCode = 1;
}
