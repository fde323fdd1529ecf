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

/** What the user has done with one question: from their spaced-repetition card. */
export type QuestionHistory = { dueAt: number; lastCorrect: boolean; lastSeenAt: number };

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
  /** Restrict to these question ids (retry of missed questions). */
  only?: ReadonlySet<number>;
};

export type GeneratedQuestion = {
  questionId: number;
  theme: string;
  /** Why it was picked: due for review, never seen, or seen before and not yet due. */
  reason: "due" | "new" | "seen";
  optionOrder: string[];
};

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
    weights[t] = input.weights[t]! * (1 + WEAKNESS_BOOST * (1 - m));
    supply[t] = byTheme.get(t)!.length;
  }
  const counts = allocate(weights, supply, input.length);

  const picked: { q: BankQuestion; reason: GeneratedQuestion["reason"] }[] = [];
  for (const t of themes) {
    const need = counts[t]!;
    if (need === 0) continue;
    const target = input.difficulty === "adaptive" ? targetDifficulty(input.mastery[t] ?? 0.5) : input.difficulty;
    const due: { q: BankQuestion; at: number }[] = [];
    const fresh: { q: BankQuestion; key: number }[] = [];
    const seen: { q: BankQuestion; key: number }[] = [];
    for (const q of byTheme.get(t)!) {
      const h = input.history.get(q.id);
      // Ties in difficulty are broken at random, but reproducibly for the seed.
      const jitter = random();
      if (!h) fresh.push({ q, key: Math.abs(q.difficulty - target) + jitter * 0.5 });
      else if (h.dueAt <= input.now) due.push({ q, at: h.dueAt });
      else seen.push({ q, key: h.lastSeenAt + jitter });
    }
    due.sort((a, b) => a.at - b.at || a.q.id - b.q.id);
    fresh.sort((a, b) => a.key - b.key || a.q.id - b.q.id);
    // Of questions seen and not yet due, the longest unseen come back first.
    seen.sort((a, b) => a.key - b.key || a.q.id - b.q.id);
    const ordered = [
      ...due.map((d) => ({ q: d.q, reason: "due" as const })),
      ...fresh.map((d) => ({ q: d.q, reason: "new" as const })),
      ...seen.map((d) => ({ q: d.q, reason: "seen" as const })),
    ];
    picked.push(...ordered.slice(0, need));
  }

  // Themes interleave in the quiz; option orders are seeded per question so they are reproducible.
  return shuffle(picked, random).map(({ q, reason }) => ({
    questionId: q.id,
    theme: q.theme,
    reason,
    optionOrder:
      q.type === "numeric"
        ? []
        : q.type === "true_false"
          ? [...q.optionIds]
          : shuffleOptions(q.optionIds, input.seed, q.id, q.type === "ordering"),
  }));
}

/** Shuffles options; an ordering question is never shown already in its correct order. */
function shuffleOptions(ids: readonly string[], seed: number, questionId: number, avoidIdentity: boolean): string[] {
  const random = createRandom(hashString(String(questionId), seed >>> 0));
  let order = shuffle(ids, random);
  for (let i = 0; avoidIdentity && i < 5 && order.every((id, k) => id === ids[k]); i++) order = shuffle(ids, random);
  if (avoidIdentity && order.every((id, k) => id === ids[k])) order = [...ids.slice(1), ids[0]!];
  return order;
}
