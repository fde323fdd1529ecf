// The learning engine under simulation: candidates of known ability answer the tracks' own banks
// (content/themes, as tracks.json assembles them), and the engine's own code (bundled from
// apps/server/src, nothing re-implemented here) flags items, runs the adaptive mock exam, reports the
// chance to pass, schedules reviews and calibrates items. Every target of issue 23 prints one line.
//
//   node bench/psychometrics.mjs                 every section (three to four minutes on two shared cores)
//   node bench/psychometrics.mjs --only=review   one of: review, mock, chance, spaced, calibration
//   node bench/psychometrics.mjs --only=chance --tracks=dispatch,ems   the chance to pass of some tracks only
//   node bench/psychometrics.mjs --only=chance --own-prior   also the ECE at 20 answers with each population's own prior
//   node bench/psychometrics.mjs --seed=1        another set of seeds (0, the default, gives the recorded
//                                                figures): every section's seed moves by 7919 × this, so a
//                                                method is checked on banks and candidates it was not tuned on
//
// THE TRUTH (written down so the figures can be checked):
// - Items. Each question of a track's bank keeps its theme, type and authored level. Its true
//   difficulty is b = 0.8 (level - 3) + N(0, 0.5²) logits. What the engine knows of it is a fitted
//   difficulty b̂ = b + N(0, 0.15²) (about the error of a fit at a few hundred answers).
// - Rasch world: P(right | θ) = 1 / (1 + e^-(θ - b)); the engine's own model. (The calibration section
//   adds a 2PL world: the realistic discriminations without guessing.)
// - Realistic world: P(right | θ) = c + (1 - c) / (1 + e^-a(θ - b)), discrimination
//   a ~ lognormal(0, 0.4²) (most items 0.5 to 2), guessing c from the format: 1/k for single choice of
//   k options (0.8/k: distractors are not all equally plausible), 0.5 for true/false, 0.1 for multiple
//   response, 0.05 for ordering, 0 for numeric answers.
// - A wrong single or multiple choice picks a distractor by its attractiveness (weights ~ Exp(1) per
//   distractor, drawn once per item); a planted miskey is an item whose stored key is one of its
//   distractors, so the real answer is stored as a distractor.
// - Candidates. Overall ability θ₀ around the population's centre; each theme's ability
//   θₜ = θ₀ + N(0, 0.5²) (the spread the readiness model assumes). The cut is the ability at which the
//   blueprint-weighted expected share of the bank equals the track's pass mark (on b̂).
// - In the realistic world of the mock exam the engine knows only what its own calibration fits from
//   200 answers per item in that world, and a candidate truly passes when their expected share of a
//   blueprint form under the true model reaches the pass mark (the truth's cut).
// - What the engine assumes of guessing (decision 0033): the lower asymptote of the item's format
//   (1/k for single choice, 0.5 for true/false, 0 otherwise), a little above the truth's 0.8/k. In the
//   Rasch and 2PL worlds nobody guesses and the engine is told so (c = 0), as for items that cannot
//   be guessed; the chance section's readiness runs in the Rasch world and so computes as before.
// - Bounds printed beside the figures: what an oracle (true parameters, known abilities, no blueprint
//   or exposure limits) could reach near the mock's cut and in recovering discriminations.
// - Seeds are fixed per section (below: review 101 + n, mock 202, chance 303, spaced 404, calibration 505,
//   each plus 7919 × --seed); the same code and seed give the same figures.
import { readFileSync } from "node:fs";
import path from "node:path";
import { loadServerCode, root } from "./lib.mjs";

const arg = (name, fallback) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;

/** The engine's pure code, bundled (npm packages stay external). */
export async function loadEngine() {
  const q = "./apps/server/src/modules/quiz";
  return loadServerCode(
    "psychometrics-engine",
    `
        export * as irt from "${q}/irt.ts";
        export * as cat from "${q}/cat.ts";
        export * as readiness from "${q}/readiness.ts";
        export * as schedule from "${q}/schedule.ts";
        export * as generate from "${q}/generate.ts";
        export * as fit from "${q}/item-fit.ts";
        export * as random from "${q}/random.ts";
        export * as stats from "./apps/server/src/modules/question-bank/item-statistics.ts";`,
  );
}

const E = await loadEngine();
/** Every section's seed is offset by this (--seed=k: 7919 k), 0 by default. */
const SEED = 7919 * Number(arg("seed", 0));
const createRandom = E.random.createRandom;

// ---------------------------------------------------------------- the truth

function normal(random) {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}
const logistic = (x) => 1 / (1 + Math.exp(-x));
const pct = (x, d = 1) => `${(100 * x).toFixed(d)} %`;

const tracks = JSON.parse(readFileSync(path.join(root, "content/tracks.json"), "utf8"));
const themeFiles = new Map();
function themeQuestions(slug) {
  if (!themeFiles.has(slug)) themeFiles.set(slug, JSON.parse(readFileSync(path.join(root, `content/themes/${slug}.json`), "utf8")));
  const file = themeFiles.get(slug);
  return file.questions.map((q) => ({ ...q, tracks: q.tracks ?? file.tracks }));
}

/** A track's bank with a true item model per question. */
function makeBank(track, random) {
  const items = [];
  for (const { theme } of track.blueprint.themes)
    for (const q of themeQuestions(theme)) {
      if ((q.status ?? "active") !== "active" || !q.tracks.includes(track.slug)) continue;
      const k = q.options?.length ?? 0;
      const guess = { single: 0.8 / Math.max(2, k), true_false: 0.5, multiple: 0.1, ordering: 0.05, numeric: 0 }[q.type] ?? 0;
      const b = E.irt.seedDifficulty(q.difficulty) + 0.5 * normal(random);
      const attract = (q.options ?? []).map(() => -Math.log(Math.max(random(), 1e-9)));
      items.push({
        id: items.length + 1,
        contentId: q.id,
        theme,
        type: q.type,
        level: q.difficulty,
        options: (q.options ?? []).map((o) => ({ id: o.id, correct: o.correct === true })),
        b,
        bHat: b + 0.15 * normal(random),
        // What the engine assumes of guessing (its format's lower asymptote), where it models one.
        cHat: E.irt.guessingOf ? E.irt.guessingOf(q.type, q.options?.length ?? 0) : 0,
        a: Math.exp(0.4 * normal(random)),
        c: guess,
        attract,
      });
    }
  return items;
}

/** P(right) of a candidate of ability θ on an item, in a world. */
const pRight = (world, theta, item) =>
  world === "rasch"
    ? logistic(theta - item.b)
    : world === "2pl"
      ? logistic(item.a * (theta - item.b))
      : item.c + (1 - item.c) * logistic(item.a * (theta - item.b));

/** A response as the player stores it; `keyIds` are the real answer's option ids. */
function respond(item, isRight, keyIds, random) {
  if (item.type !== "single" && item.type !== "multiple") return { isCorrect: isRight, response: undefined };
  const distractors = item.options.map((o, i) => ({ id: o.id, w: item.attract[i] })).filter((o) => !keyIds.includes(o.id));
  const pick = () => {
    let u = random() * distractors.reduce((n, d) => n + d.w, 0);
    for (const d of distractors) {
      u -= d.w;
      if (u <= 0) return d.id;
    }
    return distractors.at(-1).id;
  };
  if (item.type === "single") return { response: { choice: isRight ? keyIds[0] : pick() } };
  if (isRight) return { response: { choices: [...keyIds] } };
  const swapped = [...keyIds];
  swapped[Math.floor(random() * swapped.length)] = pick();
  return { response: { choices: [...new Set(swapped)] } };
}

const weightsOf = (track) => Object.fromEntries(track.blueprint.themes.map((t) => [t.theme, t.weight]));
const banksOf = (track, bank, key = "bHat") =>
  track.blueprint.themes.map((t) => ({
    theme: t.theme,
    weight: t.weight,
    bank: bank.filter((q) => q.theme === t.theme).map((q) => q[key]),
  }));

/**
 * The ability at which the blueprint-weighted expected share of the bank is the pass mark, on what
 * the engine knows (b̂; with `model`, each item's engine parameters as the mock exam uses them).
 */
function cutOf(track, bank, model) {
  const bp = track.blueprint.themes.map((t) => ({
    w: t.weight,
    share: E.readiness.expectedShare(bank.filter((q) => q.theme === t.theme).map((q) => (model ? model(q) : q.bHat))),
  }));
  const total = bp.reduce((n, t) => n + t.w, 0);
  const at = (g) => bp.reduce((s, t) => s + (t.w / total) * t.share[g], 0);
  const passMark = track.exam?.passMark ?? 0.7;
  for (let g = 1; g < E.irt.GRID.length; g++)
    if (at(g) >= passMark) {
      const f = (passMark - at(g - 1)) / (at(g) - at(g - 1));
      return E.irt.GRID[g - 1] + f * (E.irt.GRID[g] - E.irt.GRID[g - 1]);
    }
  return 5;
}

/** The ability at which the true expected share of a blueprint form is the pass mark (the truth's cut). */
function trueCutOf(track, bank, world) {
  const themes = track.blueprint.themes;
  const total = themes.reduce((n, t) => n + t.weight, 0);
  const at = (theta) =>
    themes.reduce((s, t) => {
      const list = bank.filter((q) => q.theme === t.theme);
      return s + (t.weight / total) * (list.reduce((n, q) => n + pRight(world, theta, q), 0) / list.length);
    }, 0);
  let lo = -5;
  let hi = 5;
  for (let k = 0; k < 40; k++) {
    const mid = (lo + hi) / 2;
    if (at(mid) >= (track.exam?.passMark ?? 0.7)) hi = mid;
    else lo = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The lower asymptotes the engine gives the fit: its format's (E.irt.guessingOf) in a world with
 * guessing. In the Rasch and 2PL worlds nobody guesses, and the engine is told so (all 0), as it
 * would be told for a bank of items that cannot be guessed.
 */
const guessesOf = (bank, world) => new Map(bank.map((q) => [q.id, world === "realistic" ? q.cHat : 0]));

/**
 * The engine's view of a world that is not its own: it knows what its calibration job would fit
 * from 200 answers per item (candidates θ ~ N(trueCut − 0.5, 1) answering 40 items each), not the truth.
 */
function calibrateInWorld(bank, world, random, centre) {
  const perItem = 200;
  const candidates = Math.round((perItem * bank.length) / 40);
  const given = [];
  for (let u = 1; u <= candidates; u++) {
    const theta = centre + normal(random);
    const seen = new Set();
    while (seen.size < 40) seen.add(Math.floor(random() * bank.length));
    for (const k of seen) given.push({ userId: u, questionId: bank[k].id, isCorrect: random() < pRight(world, theta, bank[k]) });
  }
  const fit = E.fit.fitItems(given, new Map(bank.map((q) => [q.id, q.level])), guessesOf(bank, world));
  for (const r of fit.rows) {
    bank[r.questionId - 1].bHat = r.difficulty;
    bank[r.questionId - 1].aHat = r.discrimination;
  }
}

// ---------------------------------------------------------------- 1. the item review queue

/**
 * Honest items plus planted miskeys; candidates (θ ~ N(0, 1)) each answer 40 random items until every
 * item has about `perItem` answers; the engine's item statistics then judge each item.
 */
function reviewRun(world, perItem, seed) {
  const random = createRandom(seed + SEED);
  const track = tracks.find((t) => t.slug === "ems");
  const bank = makeBank(track, random);
  // 30 planted miskeys among the single-choice items: the stored key is a distractor.
  const singles = bank.filter((q) => q.type === "single" && q.options.length >= 3);
  const miskeyed = new Set();
  while (miskeyed.size < 30) miskeyed.add(singles[Math.floor(random() * singles.length)].id);
  const stored = bank.map((q) => {
    if (!miskeyed.has(q.id)) return q;
    const wrong = q.options.filter((o) => !o.correct);
    const fake = wrong[Math.floor(random() * wrong.length)].id;
    return { ...q, options: q.options.map((o) => ({ ...o, correct: o.id === fake })) };
  });
  // A balanced design: every round shuffles the bank into 40-item quizzes, one per candidate, so
  // each item has exactly `perItem` answers.
  const perQuiz = 40;
  const quizzes = [];
  for (let round = 0; round < perItem; round++) {
    const order = E.random.shuffle(
      bank.map((_, k) => k),
      random,
    );
    for (let i = 0; i < order.length; i += perQuiz) quizzes.push(order.slice(i, i + perQuiz));
  }
  const given = [];
  for (let u = 1; u <= quizzes.length; u++) {
    const theta = normal(random);
    const seen = quizzes[u - 1];
    for (const k of seen) {
      const item = bank[k];
      const realKey = item.options.filter((o) => o.correct).map((o) => o.id);
      const isRight = random() < pRight(world, theta, item);
      const r = respond(item, isRight, realKey, random);
      // The engine scores against the stored key: a miskeyed item is "right" when the fake key is picked.
      const storedKey = stored[k].options.filter((o) => o.correct).map((o) => o.id);
      const isCorrect = r.response
        ? item.type === "single"
          ? storedKey.includes(r.response.choice)
          : storedKey.length === r.response.choices.length && storedKey.every((id) => r.response.choices.includes(id))
        : isRight;
      given.push({ questionId: item.id, userId: u, quizId: u, isCorrect, response: r.response });
    }
  }
  const questions = stored.map((q) => ({
    id: q.id,
    contentId: q.contentId,
    themeSlug: q.theme,
    stem: "",
    type: q.type,
    options: q.options,
  }));
  const result = E.stats.computeItemStatistics(given, questions);
  const flagged = (s) => s.doubtful ?? s.flag !== null;
  const removed = (s) => (s.strong ?? s.doubtful) === true;
  const honest = result.filter((s) => !miskeyed.has(s.id));
  const planted = result.filter((s) => miskeyed.has(s.id));
  if (process.env.DEBUG_REVIEW)
    for (const s of planted.filter((x) => !flagged(x)))
      console.log(
        JSON.stringify({
          n: s.answered,
          p: s.shareRight.toFixed(2),
          a: bank[s.id - 1].a.toFixed(2),
          b: bank[s.id - 1].b.toFixed(2),
          key: s.discriminationInterval,
          r: s.discrimination,
          d: s.distractors.map((d) => [
            d.id,
            d.correct,
            d.share.toFixed(2),
            d.correlation && Object.values(d.correlation).map((v) => v.toFixed(2)),
            d.versusKey?.toFixed(2),
          ]),
        }),
      );
  return {
    honestFlagged: honest.filter(flagged).length,
    honest: honest.length,
    honestRemoved: honest.filter(removed).length,
    miskeysFlagged: planted.filter(flagged).length,
    miskeys: planted.length,
    miskeysRemoved: planted.filter(removed).length,
  };
}

function reviewSection() {
  console.log(
    "\n## Item review queue (EMS bank, 30 planted miskeys, one 40-item quiz per candidate θ ~ N(0, 1), every item answered exactly n times)",
  );
  for (const world of ["rasch", "realistic"])
    for (const perItem of [28, 100, 140]) {
      const r = reviewRun(world, perItem, 101 + perItem);
      console.log(
        `${world.padEnd(9)} ${String(perItem).padStart(3)} answers/item: honest items flagged ${r.honestFlagged}/${r.honest} (${pct(r.honestFlagged / r.honest)}), taken out of quizzes ${r.honestRemoved}; planted miskeys flagged ${r.miskeysFlagged}/${r.miskeys}, taken out ${r.miskeysRemoved}`,
      );
    }
}

// ---------------------------------------------------------------- 2. the adaptive mock exam

/** The engine's adaptive exam before issue 23 (its simulateCat, with the answers of this truth). */
function legacyCat(pool, weights, answer, limits) {
  const taken = [];
  let est = { theta: 0, se: 1 };
  while (!E.cat.shouldStop(est.se, taken.length, limits.min, limits.max)) {
    const q = E.cat.nextItem(pool, taken, weights, est.theta);
    if (!q) break;
    taken.push({ ...q, isCorrect: answer(q) });
    est = E.irt.estimateAbility(taken);
  }
  return { taken };
}

function mockSection() {
  const N = Number(arg("candidates", 1000));
  console.log(`\n## Adaptive mock exam (EMS, ${N} candidates θ ~ N(cut, 1))`);
  const track = tracks.find((t) => t.slug === "ems");
  for (const world of ["rasch", "realistic"]) {
    const random = createRandom(202 + SEED);
    const bank = makeBank(track, random);
    // The truth's cut; in the realistic world the engine works on its own calibration of that world.
    const truthCut = world === "rasch" ? cutOf(track, bank) : trueCutOf(track, bank, world);
    if (world !== "rasch") calibrateInWorld(bank, world, random, truthCut - 0.5);
    // The engine's items: fitted difficulty and, where it fitted one, discrimination; the lower asymptote
    // of the item's format where the world has guessing (in the Rasch world nobody guesses and the
    // engine is told so, as for items that cannot be guessed).
    const model = (q) => ({ b: q.bHat, ...(q.aHat ? { a: q.aHat } : {}), ...(world === "realistic" && q.cHat ? { c: q.cHat } : {}) });
    // (An engine before decision 0033 scored its bank on difficulties alone.)
    const scoring = E.irt.guessingOf ? model : (q) => q.bHat;
    const cut = cutOf(track, bank, scoring);
    const pool = bank.map((q) => ({ id: q.id, theme: q.theme, ...model(q) }));
    const byId = new Map(bank.map((q) => [q.id, q]));
    const weights = weightsOf(track);
    const shares = track.blueprint.themes.map((t) => ({
      weight: t.weight,
      shares: E.readiness.expectedShare(bank.filter((q) => q.theme === t.theme).map(scoring)),
    }));
    const limits = { min: track.exam.adaptive.minQuestions, max: track.exam.adaptive.maxQuestions };
    const exposure = new Map();
    let right = 0;
    let near = 0;
    let nearRight = 0;
    let lengthSum = 0;
    let atMin = 0;
    const firsts = new Set();
    for (let c = 0; c < N; c++) {
      const theta = truthCut + normal(random);
      const answer = (item) => random() < pRight(world, theta, byId.get(item.id));
      const run = E.cat.decideExam
        ? E.cat.simulateCat(
            pool,
            weights,
            answer,
            random,
            { ...limits, cut },
            (id) => c >= 50 && (exposure.get(id) ?? 0) / c > E.cat.MAX_EXPOSURE,
          )
        : legacyCat(pool, weights, answer, limits);
      const taken = run.taken;
      firsts.add(taken[0].id);
      for (const q of taken) exposure.set(q.id, (exposure.get(q.id) ?? 0) + 1);
      const pass =
        run.pass ??
        E.cat.examResult(
          taken.map((q) => ({ b: q.b, isCorrect: q.isCorrect })),
          shares,
          track.exam.passMark,
        ).passProbability >= 0.5;
      const ok = pass === theta >= truthCut;
      right += ok ? 1 : 0;
      if (Math.abs(theta - truthCut) <= 0.3) {
        near += 1;
        nearRight += ok ? 1 : 0;
      }
      lengthSum += taken.length;
      if (taken.length === limits.min) atMin += 1;
    }
    const bound = nearCutBound(bank, world, truthCut, limits.max);
    const maxExposure = Math.max(...exposure.values()) / N;
    const top = [...exposure].sort((x, y) => y[1] - x[1])[0];
    if (process.env.DEBUG_MOCK) console.log("most shown", byId.get(top[0]).contentId, byId.get(top[0]).bHat.toFixed(2));
    console.log(
      `${world.padEnd(9)} cut θ ${truthCut.toFixed(2)} (engine's ${cut.toFixed(2)}): pass/fail right ${pct(right / N)} overall, ${pct(nearRight / near)} within 0.3 logits of the cut (${near} candidates); most-shown item ${pct(maxExposure)} of candidates; bank used ${exposure.size}/${pool.length} (${pct(exposure.size / pool.length)}); ${firsts.size} different first items; mean length ${(lengthSum / N).toFixed(1)}, stopped at the minimum ${pct(atMin / N)}; the most any ${limits.max}-item exam on this bank could get right within 0.3 logits: ${pct(bound)}`,
    );
  }
}

/**
 * The ceiling of pass/fail accuracy within 0.3 logits of the cut for an exam of at most `max` items:
 * an oracle that knows every item's true parameters and the candidate's ability picks the `max` items
 * most informative at that ability (no blueprint, no exposure control) and decides on an estimate
 * with the resulting standard error 1/√I, so a candidate d logits from the cut is classified right
 * with probability Φ(|d|√I). Averaged over abilities spread evenly within 0.3 logits of the cut (the
 * simulated population is nearly flat there). No selection or stopping rule does better on average.
 */
function nearCutBound(bank, world, cut, max) {
  let sum = 0;
  let n = 0;
  for (let k = -30; k <= 30; k++) {
    const theta = cut + k / 100;
    const info = bank
      .map((q) => {
        const c = world === "realistic" ? q.c : 0;
        const a = world === "rasch" ? 1 : q.a;
        const l = logistic(a * (theta - q.b));
        const p = c + (1 - c) * l;
        const slope = (1 - c) * a * l * (1 - l);
        return (slope * slope) / (p * (1 - p));
      })
      .sort((x, y) => y - x)
      .slice(0, max)
      .reduce((x, y) => x + y, 0);
    sum += E.readiness.normalCdf(Math.abs(theta - cut) * Math.sqrt(info));
    n += 1;
  }
  return sum / n;
}

// ---------------------------------------------------------------- 3. the chance to pass

/** P(score ≥ need) of independent items with these probabilities (exact, Poisson-binomial). */
function passChance(ps, need) {
  let dist = new Float64Array(ps.length + 1);
  dist[0] = 1;
  ps.forEach((p, n) => {
    for (let k = n + 1; k >= 1; k--) dist[k] = dist[k] * (1 - p) + dist[k - 1] * p;
    dist[0] *= 1 - p;
  });
  let s = 0;
  for (let k = need; k < dist.length; k++) s += dist[k];
  dist = null;
  return s;
}

/** Expected calibration error over 10 equal bins: Σ share of candidates × |mean told − mean true chance|. */
function ece(pairs) {
  const bins = Array.from({ length: 10 }, () => ({ n: 0, told: 0, truth: 0 }));
  for (const [told, truth] of pairs) {
    const b = bins[Math.min(9, Math.floor(told * 10))];
    b.n += 1;
    b.told += told;
    b.truth += truth;
  }
  return bins.reduce((s, b) => s + (b.n ? (b.n / pairs.length) * Math.abs(b.told / b.n - b.truth / b.n) : 0), 0);
}

function chanceSection() {
  // More candidates at 20 answers: their chances spread widely, so the binned ECE is noisier there.
  const cellSize = (n) => Number(arg("chance-candidates", n === 20 ? 500 : 200));
  const spread = Number(arg("population-sd", 1));
  // --own-prior: at 20 answers also the ECE with each population's own distribution as the prior.
  const ownPrior = process.argv.includes("--own-prior");
  console.log(
    `\n## Chance to pass one sitting (Rasch world, ${cellSize(20)} candidates per cell at 20 answers, ${cellSize(80)} at 80 and 160, θ₀ ~ N(centre, ${spread}²), centres 0.75 logits below, at and above the cut; truth: the exact chance of passing a blueprint form of the real exam)`,
  );
  const worst = { ece: 0 };
  const only = arg("tracks", null)?.split(",");
  for (const track of tracks) {
    if (only && !only.includes(track.slug)) continue;
    const random = createRandom(303 + SEED);
    const bank = makeBank(track, random);
    const cut = cutOf(track, bank);
    const themes = track.blueprint.themes;
    const total = themes.reduce((n, t) => n + t.weight, 0);
    const blueprint = banksOf(track, bank);
    const byTheme = new Map(themes.map((t) => [t.theme, bank.filter((q) => q.theme === t.theme)]));
    const examLength = track.exam.questions;
    const need = Math.ceil(track.exam.passMark * examLength - 1e-9);
    const seats = E.generate.allocate(weightsOf(track), Object.fromEntries([...byTheme].map(([t, l]) => [t, l.length])), examLength);
    const cells = [];
    for (const [name, centre] of [
      ["below", cut - 0.75],
      ["at", cut],
      ["above", cut + 0.75],
    ])
      for (const n of [20, 80, 160]) {
        // The cell's candidates first: the track's empirical prior is estimated from all of them.
        const people = [];
        for (let c = 0; c < cellSize(n); c++) {
          const theta0 = centre + spread * normal(random);
          const thetaT = new Map(themes.map((t) => [t.theme, theta0 + 0.5 * normal(random)]));
          const evidence = [];
          for (let k = 0; k < n; k++) {
            let u = random() * total;
            let i = 0;
            while (u > themes[i].weight) u -= themes[i++].weight;
            const list = byTheme.get(themes[i].theme);
            const q = list[Math.floor(random() * list.length)];
            evidence.push({ theme: q.theme, b: q.bHat, isCorrect: random() < pRight("rasch", thetaT.get(q.theme), q) });
          }
          // The real sitting: a blueprint form of the exam's length, drawn from the bank.
          const form = [];
          for (const [theme, k] of Object.entries(seats)) {
            const list = byTheme.get(theme);
            for (let j = 0; j < k; j++) form.push(pRight("rasch", thetaT.get(theme), list[Math.floor(random() * list.length)]));
          }
          people.push({ evidence, truth: passChance(form, need) });
        }
        // What the engine uses once the track has enough candidates: their distribution, estimated from their answers.
        const prior = E.readiness.estimateTrackPrior(
          people.map((p) => p.evidence),
          blueprint,
        );
        const fixed = [];
        const pairs = [];
        const ownPairs = [];
        people.forEach(({ evidence, truth }, c) => {
          const told = (p) =>
            E.readiness.computeReadiness(evidence, blueprint, track.exam.passMark, c + 1, {
              questions: examLength,
              ...(p ? { prior: p } : {}),
            }).passProbability;
          fixed.push([told(null), truth]);
          pairs.push([told(prior), truth]);
          // What no estimate can beat: the population's own distribution as the prior.
          if (n === 20 && ownPrior) ownPairs.push([told({ mean: centre, sd: spread }), truth]);
        });
        const e = ece(pairs);
        cells.push(
          `${name} ${n}: ${e.toFixed(3)} (prior N(${prior.mean.toFixed(2)}, ${prior.sd.toFixed(2)}²); fixed prior ${ece(fixed).toFixed(3)}${ownPairs.length ? `, own ${ece(ownPairs).toFixed(3)}` : ""})`,
        );
        if (e > worst.ece) Object.assign(worst, { ece: e, where: `${track.slug} ${name} ${n}` });
      }
    console.log(`${track.slug.padEnd(12)} cut θ ${cut.toFixed(2)}; ECE ${cells.join(", ")}`);
  }
  console.log(`worst ECE ${worst.ece.toFixed(3)} (${worst.where})`);
}

// ---------------------------------------------------------------- 4. spaced review

/**
 * Candidates who study every day for 60 days: each day a 20-question practice quiz (and, where the
 * engine offers one, the review session of what is due). Memory: an item answered before with its
 * explanation shown is recalled with r = e^(−days / S) (S = 3 days after a miss, × 2.5 after each
 * right answer), otherwise answered at the Rasch chance.
 */
function spacedSection() {
  console.log("\n## Spaced review (EMS, 20 candidates θ ~ N(0, 1), a 20-question practice quiz every day for 60 days)");
  const random = createRandom(404 + SEED);
  const track = tracks.find((t) => t.slug === "ems");
  const bank = makeBank(track, random);
  const byId = new Map(bank.map((q) => [q.id, q]));
  const DAY = E.schedule.DAY_MS;
  const start = Date.UTC(2026, 0, 5, 18);
  const returns = [];
  let maxBacklog = 0;
  let maxInterval = 0;
  const cap = E.schedule.DEFAULT_DAILY_REVIEWS;
  for (let c = 0; c < 20; c++) {
    const theta = normal(random);
    const examAt = start + 75 * DAY;
    const cards = new Map();
    const history = new Map();
    const memory = new Map();
    const missedAt = new Map();
    const answerItem = (id, now) => {
      const q = byId.get(id);
      const m = memory.get(id);
      const r = m ? Math.exp(-(now - m.at) / DAY / m.s) : 0;
      const isCorrect = random() < r + (1 - r) * pRight("rasch", theta, q);
      memory.set(id, { at: now, s: !m || !isCorrect ? 3 : m.s * 2.5 });
      if (missedAt.has(id)) {
        returns.push((now - missedAt.get(id)) / DAY);
        missedAt.delete(id);
      }
      if (!isCorrect) missedAt.set(id, now);
      const answer = { isCorrect, unsure: false, seconds: isCorrect && random() < 0.5 ? 5 : 40, difficulty: q.level };
      const had = cards.get(id) ?? null;
      if (E.schedule.shouldSchedule(answer, had !== null)) {
        const card = E.schedule.nextCard(had && JSON.parse(JSON.stringify(had)), answer, new Date(now), new Date(examAt));
        cards.set(id, card);
        maxInterval = Math.max(maxInterval, (new Date(card.due).getTime() - now) / DAY);
        history.set(id, { dueAt: new Date(card.due).getTime(), lastCorrect: isCorrect, lastSeenAt: now });
      } else history.set(id, { dueAt: null, lastCorrect: isCorrect, lastSeenAt: now });
    };
    for (let day = 0; day < 60; day++) {
      const now = start + day * DAY;
      if (E.schedule.dueReviewSession) {
        const session = E.schedule.dueReviewSession(
          [...cards].map(([id, card]) => ({ questionId: id, dueAt: new Date(card.due) })),
          new Date(now),
          cap,
        );
        for (const id of session) answerItem(id, now);
      }
      const quiz = E.generate.generateQuiz({
        bank: bank.map((q) => ({ id: q.id, theme: q.theme, difficulty: q.level, type: q.type, optionIds: q.options.map((o) => o.id) })),
        history,
        weights: weightsOf(track),
        mastery: {},
        length: 20,
        difficulty: "adaptive",
        seed: c * 1000 + day,
        now: now + 60_000,
        ...(E.generate.reviewShareFor
          ? {
              reviewShare: E.generate.reviewShareFor(
                [...cards.values()].filter((card) => new Date(card.due).getTime() <= now + 60_000).length,
                cap,
              ),
            }
          : {}),
      });
      for (const g of quiz) answerItem(g.questionId, now + 60_000);
      const endOfDay = now + 6 * 3_600_000;
      const backlog = [...cards.values()].filter((card) => new Date(card.due).getTime() <= endOfDay).length;
      maxBacklog = Math.max(maxBacklog, backlog);
    }
  }
  returns.sort((x, y) => x - y);
  const median = returns[Math.floor(returns.length / 2)];
  console.log(
    `a missed item comes back after a median ${median.toFixed(1)} days (90th percentile ${returns[Math.floor(returns.length * 0.9)].toFixed(1)}, longest ${returns.at(-1).toFixed(1)}); most reviews due and not done at the end of a day ${maxBacklog}${cap ? ` (daily cap ${cap})` : ""}; longest interval scheduled ${maxInterval.toFixed(0)} days`,
  );
  // Easy answers in a row from a miss: how far out each next review goes.
  let card = null;
  let at = new Date(start);
  const gaps = [];
  for (const isCorrect of [false, true, true, true, true]) {
    card = E.schedule.nextCard(
      card && JSON.parse(JSON.stringify(card)),
      { isCorrect, unsure: false, seconds: 3, difficulty: 3 },
      at,
      new Date(start + 75 * DAY),
    );
    gaps.push(Math.round((new Date(card.due).getTime() - at.getTime()) / DAY));
    at = new Date(card.due);
  }
  console.log(`a miss then fast right answers (exam in 75 days): next reviews after ${gaps.join(", ")} days`);
}

// ---------------------------------------------------------------- 5. calibration

function calibrationSection() {
  console.log("\n## Item calibration (EMS bank, candidates θ ~ N(0, 1) answering 40 items each)");
  const track = tracks.find((t) => t.slug === "ems");
  // "2pl" is the realistic world without guessing: what the 2PL fit recovers when its model holds.
  for (const world of ["rasch", "2pl", "realistic"])
    for (const perItem of [50, 200]) {
      const random = createRandom(505 + SEED);
      const bank = makeBank(track, random);
      const candidates = Math.round((perItem * bank.length) / 40);
      const given = [];
      for (let u = 1; u <= candidates; u++) {
        const theta = normal(random);
        const seen = new Set();
        while (seen.size < 40) seen.add(Math.floor(random() * bank.length));
        for (const k of seen) given.push({ userId: u, questionId: bank[k].id, isCorrect: random() < pRight(world, theta, bank[k]) });
      }
      const t0 = performance.now();
      const fit = E.fit.fitItems(given, new Map(bank.map((q) => [q.id, q.level])), guessesOf(bank, world));
      const ms = performance.now() - t0;
      const rows = fit.rows.map((r) => ({ r, q: bank[r.questionId - 1] }));
      const rb = corr(
        rows.map((x) => x.r.difficulty),
        rows.map((x) => x.q.b),
      );
      const ra =
        rows[0].r.discrimination === undefined || world === "rasch"
          ? null
          : corr(
              rows.map((x) => x.r.discrimination),
              rows.map((x) => x.q.a),
            );
      const meanOf = (xs) => (xs.reduce((x, y) => x + y, 0) / xs.length).toFixed(2);
      const scale =
        world === "rasch"
          ? ""
          : `, mean discrimination ${meanOf(rows.map((x) => x.r.discrimination))} (true ${meanOf(rows.map((x) => x.q.a))})`;
      const bound = world === "rasch" ? "" : `; the most any fit could recover: ${discriminationBound(bank, world, perItem, random)}`;
      console.log(
        `${world.padEnd(9)} ${String(perItem).padStart(3)} answers/item: difficulty r ${rb.toFixed(3)}, discrimination r ${ra === null ? (world === "rasch" ? "n/a (all 1)" : "not estimated") : ra.toFixed(3)}${scale} (${(ms / 1000).toFixed(1)} s, ${fit.iterations} iterations)${bound}`,
      );
    }
}

/**
 * An upper bound on the discrimination correlation at `perItem` answers per item: an oracle that
 * knows every candidate's ability, every item's difficulty and guessing, and the true spread of
 * log a (N(0, 0.4²)), and estimates log a by its posterior mean from the Fisher information of
 * `perItem` answers by candidates θ ~ N(0, 1) (normal approximation). No fit can do better on average.
 */
function discriminationBound(bank, world, perItem, random) {
  const nodes = Array.from({ length: 81 }, (_, q) => -4 + q * 0.1);
  const weights = nodes.map((t) => Math.exp(-0.5 * t * t));
  const total = weights.reduce((x, y) => x + y, 0);
  const est = [];
  for (let trial = 0; trial < 20; trial++)
    for (const q of bank) {
      const c = world === "realistic" ? q.c : 0;
      let info = 0;
      nodes.forEach((t, k) => {
        const l = logistic(q.a * (t - q.b));
        const p = c + (1 - c) * l;
        const slope = (1 - c) * l * (1 - l) * q.a * (t - q.b);
        info += (weights[k] / total) * ((slope * slope) / (p * (1 - p)));
      });
      const precision = perItem * info;
      const observed = Math.log(q.a) + normal(random) / Math.sqrt(precision);
      est.push([Math.exp((precision * observed) / (precision + 1 / 0.16)), q.a]);
    }
  return `discrimination r ${corr(
    est.map((e) => e[0]),
    est.map((e) => e[1]),
  ).toFixed(3)}`;
}

function corr(x, y) {
  const n = x.length;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

const sections = {
  review: reviewSection,
  mock: mockSection,
  chance: chanceSection,
  spaced: spacedSection,
  calibration: calibrationSection,
};
const only = arg("only", null);
for (const [name, run] of Object.entries(sections)) {
  if (only && !only.split(",").includes(name)) continue;
  const t0 = performance.now();
  run();
  console.log(`(${name}: ${((performance.now() - t0) / 1000).toFixed(0)} s)`);
}
