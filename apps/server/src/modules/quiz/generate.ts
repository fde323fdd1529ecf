import { createRandom, hashString, shuffle } from "./random.ts";

/**
 * Quiz generation as a pure function: the same bank, history, settings, seed and clock give the
 * same quiz. The service loads the inputs; tests and the benchmark call this directly.
 */

export type BankQuestion = {
  id: number;
  theme: string;
  difficulty: number;
  type: "single" | "multiple" | "true_false" | "ordering" | "numeric";
  optionIds: readonly string[];
};

/** What the user has done with one question: when last answered, and its review date if it is on the schedule. */
export type QuestionHistory = { dueAt: number | null; lastCorrect: boolean; lastSeenAt: number };

export type GenerateInput = {
  bank: readonly BankQuestion[];
  history: ReadonlyMap<number, QuestionHistory>;
  /** Blueprint weight per chosen theme (any positive numbers). */
  weights: Readonly<Record<string, number>>;
  /** Estimated mastery 0..1 per theme; missing = 0.5. Weak themes get more questions. */
  mastery: Readonly<Record<string, number>>;
  length: number;
  difficulty: "adaptive" | 1 | 2 | 3 | 4 | 5;
  seed: number;
  now: number;
  /** Restrict to these question ids (retry of missed questions, spaced review): no cap on reviews then. */
  only?: ReadonlySet<number>;
  /** Share of the quiz that due reviews may fill at most (default REVIEW_SHARE). */
  reviewShare?: number;
  /** Exam mode: the blueprint mix as it is, no boost for weak themes. */
  blueprintOnly?: boolean;
};

export type GeneratedQuestion = {
  questionId: number;
  theme: string;
  /** Why it was picked: due for review, never seen, or seen before and not yet due. */
  reason: "due" | "new" | "seen";
  optionOrder: string[];
};

/**
 * Due reviews fill at most this share of a quiz, so a candidate with unseen questions always
 * meets new ones; when the bank has no new ones left, reviews fill the rest.
 */
export const REVIEW_SHARE = 0.3;

/**
 * The share of a practice quiz due reviews may fill: REVIEW_SHARE, or all of it while more are due
 * than the candidate's daily cap, so that reviews never pile up beyond what a day's session clears.
 */
export const reviewShareFor = (due: number, dailyCap: number) => (due > dailyCap ? 1 : REVIEW_SHARE);

/** How strongly weakness shifts the blueprint mix: weight × (1 + WEAKNESS × (1 − mastery)). */
export const WEAKNESS_BOOST = 1;

/** Largest-remainder apportionment of `total` seats by weight, capped by each theme's supply. */
export function allocate(weights: Record<string, number>, supply: Record<string, number>, total: number): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const t of Object.keys(weights)) counts[t] = 0;
  let remaining = Math.min(
    total,
    Object.keys(weights).reduce((n, t) => n + (supply[t] ?? 0), 0),
  );
  // Repeat: share the remaining seats among themes that still have questions.
  while (remaining > 0) {
    const open = Object.keys(weights)
      .filter((t) => counts[t]! < (supply[t] ?? 0) && weights[t]! > 0)
      .sort();
    if (open.length === 0) break;
    const sum = open.reduce((n, t) => n + weights[t]!, 0);
    const quotas = open.map((t) => ({ t, q: (remaining * weights[t]!) / sum }));
    let given = 0;
    for (const { t, q } of quotas) {
      const add = Math.min(Math.floor(q), (supply[t] ?? 0) - counts[t]!);
      counts[t]! += add;
      given += add;
    }
    let left = remaining - given;
    const byRemainder = quotas
      .map(({ t, q }) => ({ t, r: q - Math.floor(q) }))
      .sort((a, b) => b.r - a.r || weights[b.t]! - weights[a.t]! || (a.t < b.t ? -1 : 1));
    for (const { t } of byRemainder) {
      if (left === 0) break;
      if (counts[t]! < (supply[t] ?? 0)) {
        counts[t]! += 1;
        left -= 1;
        given += 1;
      }
    }
    if (given === 0) break;
    remaining -= given;
  }
  return counts;
}

/** Adaptive target difficulty from mastery: 0 → 1.5, 0.5 → 3, 1 → 4.5. */
export const targetDifficulty = (mastery: number) => 1.5 + 3 * mastery;

export function generateQuiz(input: GenerateInput): GeneratedQuestion[] {
  const random = createRandom(input.seed);
  const themes = Object.keys(input.weights).sort();
  const byTheme = new Map<string, BankQuestion[]>();
  for (const t of themes) byTheme.set(t, []);
  for (const q of input.bank) {
    if (input.only && !input.only.has(q.id)) continue;
    byTheme.get(q.theme)?.push(q);
  }

  const weights: Record<string, number> = {};
  const supply: Record<string, number> = {};
  for (const t of themes) {
    const m = input.mastery[t] ?? 0.5;
    weights[t] = input.weights[t]! * (input.blueprintOnly ? 1 : 1 + WEAKNESS_BOOST * (1 - m));
    supply[t] = byTheme.get(t)!.length;
  }
  const counts = allocate(weights, supply, input.length);

  type Candidate = { q: BankQuestion; key: number };
  const due = new Map<string, Candidate[]>();
  const fresh = new Map<string, Candidate[]>();
  const seen = new Map<string, Candidate[]>();
  for (const t of themes) {
    const target = input.difficulty === "adaptive" ? targetDifficulty(input.mastery[t] ?? 0.5) : input.difficulty;
    const d: Candidate[] = [];
    const f: Candidate[] = [];
    const s: Candidate[] = [];
    for (const q of byTheme.get(t)!) {
      const h = input.history.get(q.id);
      // Ties in difficulty are broken at random, but reproducibly for the seed.
      const jitter = random();
      // A mock exam draws across levels as the real exam does; otherwise the closest to the target first.
      if (!h) f.push({ q, key: input.blueprintOnly ? jitter : Math.abs(q.difficulty - target) + jitter * 0.5 });
      else if (h.dueAt !== null && h.dueAt <= input.now) d.push({ q, key: h.dueAt });
      else s.push({ q, key: h.lastSeenAt + jitter });
    }
    const byKey = (a: Candidate, b: Candidate) => a.key - b.key || a.q.id - b.q.id;
    due.set(t, d.sort(byKey));
    fresh.set(t, f.sort(byKey));
    // Of questions seen and not due, the longest unseen come back first.
    seen.set(t, s.sort(byKey));
  }

  // Due reviews first, the most overdue across themes first, up to the cap and each theme's seats.
  const cap = input.only ? input.length : input.blueprintOnly ? 0 : Math.floor(input.length * (input.reviewShare ?? REVIEW_SHARE));
  const allDue = themes.flatMap((t) => due.get(t)!.map((c) => ({ ...c, t }))).sort((a, b) => a.key - b.key || a.q.id - b.q.id);
  const taken = new Map<string, { q: BankQuestion; reason: GeneratedQuestion["reason"] }[]>(themes.map((t) => [t, []]));
  const used = new Set<number>();
  let reviews = 0;
  for (const c of allDue) {
    if (reviews >= cap) break;
    const list = taken.get(c.t)!;
    if (list.length >= counts[c.t]!) continue;
    list.push({ q: c.q, reason: "due" });
    used.add(c.q.id);
    reviews += 1;
  }
  // Then new questions; then due ones over the cap (only when nothing new is left); then seen ones.
  const picked: { q: BankQuestion; reason: GeneratedQuestion["reason"] }[] = [];
  for (const t of themes) {
    const list = taken.get(t)!;
    const fill = (from: Candidate[], reason: GeneratedQuestion["reason"]) => {
      for (const c of from) {
        if (list.length >= counts[t]!) return;
        if (used.has(c.q.id)) continue;
        list.push({ q: c.q, reason });
        used.add(c.q.id);
      }
    };
    fill(fresh.get(t)!, "new");
    fill(due.get(t)!, "due");
    fill(seen.get(t)!, "seen");
    picked.push(...list);
  }

  // Themes interleave in the quiz; option orders are seeded per question so they are reproducible.
  return shuffle(picked, random).map(({ q, reason }) => ({
    questionId: q.id,
    theme: q.theme,
    reason,
    optionOrder: optionOrderFor(q.type, q.optionIds, input.seed, q.id),
  }));
}

/** The option order a quiz shows for a question (seeded per question). */
export function optionOrderFor(type: BankQuestion["type"], ids: readonly string[], seed: number, questionId: number): string[] {
  if (type === "numeric") return [];
  if (type === "true_false") return [...ids];
  return shuffleOptions(ids, seed, questionId, type === "ordering");
}

/** Shuffles options; an ordering question is never shown already in its correct order. */
function shuffleOptions(ids: readonly string[], seed: number, questionId: number, avoidIdentity: boolean): string[] {
  const random = createRandom(hashString(String(questionId), seed >>> 0));
  let order = shuffle(ids, random);
  for (let i = 0; avoidIdentity && i < 5 && order.every((id, k) => id === ids[k]); i++) order = shuffle(ids, random);
  if (avoidIdentity && order.every((id, k) => id === ids[k])) order = [...ids.slice(1), ids[0]!];
  return order;
}
