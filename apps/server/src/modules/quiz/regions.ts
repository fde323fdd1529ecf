import type { Region } from "@academy/contract/content";

/**
 * Which questions a candidate's region sees where standards differ (fire classes, emergency
 * numbers, placards): the questions that hold everywhere, their region's, and those of the wider
 * region theirs belongs to (the UK follows the European systems: EN 2 fire classes, ADR placards,
 * 112 beside 999). A candidate who chose no region sees only what holds everywhere, so never two
 * conflicting systems at once.
 */
const SEEN_BY: Record<Region, readonly Region[]> = {
  global: ["global"],
  europe: ["global", "europe"],
  uk: ["global", "europe", "uk"],
  "north-america": ["global", "north-america"],
  "australia-nz": ["global", "australia-nz"],
};

/** The questions of `rows` a candidate of `region` sees (no region: the global ones). */
export function visibleInRegion<T extends { region: string }>(rows: readonly T[], region: string | null | undefined): T[] {
  const seen = new Set<string>(SEEN_BY[(region ?? "global") as Region] ?? SEEN_BY.global);
  return rows.filter((q) => seen.has(q.region));
}
