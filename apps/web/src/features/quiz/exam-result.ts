import type { MockExamResult } from "@academy/contract/quiz";

/**
 * The mock exam's verdict in plain words: likely pass or not, and how sure, as a whole percentage.
 * An exam that stopped because its 95 % interval cleared the pass mark is at least 95 % sure (the
 * server's summary says the same); one that stopped at its length or time says "but close".
 */
export function examVerdict(r: Pick<MockExamResult, "decision" | "decidedBy" | "confidence">): { headline: string; sure: string } {
  const sure = Math.round(100 * (r.decidedBy === "confidence" ? Math.max(0.95, r.confidence) : r.confidence));
  const headline = r.decision === "pass" ? "Likely pass" : "Likely fail";
  return { headline: r.decidedBy === "confidence" ? headline : `${headline}, but close`, sure: `${Math.min(99, sure)} % confident` };
}

/** "7 of 12 right" for a theme to study next. */
export const themeTally = (t: MockExamResult["studyNext"][number]) => `${t.correct} of ${t.answered} right`;
