import { askedInTracks } from "@academy/contract/content";
import { describe, expect, it } from "vitest";
import { questionRowOf } from "../question-row.ts";
import { parseLibraryDocument, readContent, slugify } from "./content.ts";

describe("question bank content", async () => {
  const content = await readContent();

  it("validates every theme file, the tracks and the library documents", () => {
    expect(content.problems).toEqual([]);
  });

  it("keeps the items beyond the EMT's scope out of the EMS track, and the NFPA-only item in North America", () => {
    const all = new Map(content.themes.flatMap((t) => t.questions.map((q) => [q.id, { q, theme: t }] as const)));
    for (const [id, scope] of [
      ["ems-pharmacology-047", "paramedic"],
      ["ems-pharmacology-048", "aemt"],
      ["ems-pharmacology-049", "aemt"],
    ] as const) {
      const { q, theme } = all.get(id)!;
      expect(q.scope, id).toBe(scope);
      expect(askedInTracks(q, theme.tracks), id).not.toContain("ems");
      expect(
        questionRowOf(q, { themeSlug: theme.slug, themeTracks: theme.tracks, status: "active", origin: "content" }).tracks,
      ).not.toContain("ems");
    }
    // An EMT-level item stays in the EMS track.
    const emt = all.get("ems-pharmacology-001")!;
    expect(askedInTracks(emt.q, emt.theme.tracks)).toContain("ems");
    expect(all.get("extinguishing-agents-023")!.q.region).toBe("north-america");
  });

  it("has four tracks whose blueprints name existing themes", () => {
    expect(content.tracks.map((t) => t.slug).sort()).toEqual(["dispatch", "ems", "fire-rescue", "water-rescue"]);
  });
});

describe("library documents", () => {
  it("parses front matter and derives section slugs from headings", () => {
    const doc = parseLibraryDocument(
      "cpr",
      "---\ntitle: CPR basics\nsummary: Compressions.\ntracks: ems, dispatch\nthemes: circulation-cpr\ntier: core\n---\n# CPR basics\n\n## Compression depth & rate\ntext\n## The AED\n",
    );
    expect(doc).toMatchObject({ title: "CPR basics", tracks: ["ems", "dispatch"], tier: "core" });
    expect(doc.sections.map((s) => s.slug)).toEqual(["compression-depth-rate", "the-aed"]);
  });

  it("refuses a document without front matter or with an unknown tier", () => {
    expect(() => parseLibraryDocument("x", "# no front matter")).toThrow("missing front matter");
    expect(() => parseLibraryDocument("x", "---\ntitle: T\nsummary: S\ntier: gold\n---\nbody")).toThrow("unknown tier");
  });

  it("slugifies accents and punctuation", () => {
    expect(slugify("Réanimation — ABC's (adult)")).toBe("reanimation-abc-s-adult");
  });
});
