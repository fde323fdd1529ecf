import type { LibraryDocument, LibraryDocumentSummary, LockInfo } from "@academy/contract/library";
import { describe, expect, it } from "vitest";
import { pruneAgainst, type SavedDocument } from "./saved-documents";

const lock: LockInfo = { tier: "premium", plans: ["Premium"], message: "Upgrade" };

function doc(slug: string, anchors: string[]): LibraryDocument {
  return {
    id: 1,
    slug,
    title: slug,
    summary: "",
    tracks: [],
    themes: [],
    tier: "core",
    format: "markdown",
    locked: null,
    position: null,
    fileName: null,
    fileSize: null,
    updatedAt: "2026-11-27T00:00:00.000Z",
    sections: anchors.map((anchor) => ({ anchor, heading: anchor, locked: null, html: `<p>${anchor}</p>` })),
  };
}
const saved = (d: LibraryDocument): SavedDocument => ({
  key: `7:${d.slug}`,
  userId: 7,
  slug: d.slug,
  doc: d,
  savedAt: "2026-11-27T00:00:00.000Z",
});
function summary(d: LibraryDocument, locked: string[] = [], whole: LockInfo | null = null): LibraryDocumentSummary {
  const { fileName: _f, fileSize: _s, updatedAt: _u, ...rest } = d;
  return {
    ...rest,
    locked: whole,
    sections: d.sections.map((s) => ({ anchor: s.anchor, heading: s.heading, locked: locked.includes(s.anchor) ? lock : null })),
  };
}

describe("documents saved for offline reading, held against what the plan opens now", () => {
  const a = doc("airway", ["one", "two"]);
  const b = doc("burns", ["one"]);
  const c = doc("cardiac", ["one"]);

  it("keeps what the plan still opens, unchanged", () => {
    expect(pruneAgainst([saved(a)], [summary(a)])).toEqual({ remove: [], update: [] });
  });

  it("removes a document the library no longer lists, or now locks as a whole", () => {
    expect(pruneAgainst([saved(a), saved(b), saved(c)], [summary(a), summary(c, [], lock)]).remove).toEqual(["burns", "cardiac"]);
  });

  it("takes the text of a section the plan now locks, and the document once no section is left open", () => {
    const { remove, update } = pruneAgainst([saved(a), saved(b)], [summary(a, ["two"]), summary(b, ["one"])]);
    expect(remove).toEqual(["burns"]);
    expect(update).toHaveLength(1);
    expect(update[0]!.doc.sections.map((s) => [s.anchor, s.html, s.locked?.tier ?? null])).toEqual([
      ["one", "<p>one</p>", null],
      ["two", null, "premium"],
    ]);
  });
});
