import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { ContentTheme, ContentTracks, Slug, TrackSlug } from "@academy/contract/content";
import type { z } from "zod";
import { CONTENT_DIR } from "../../paths.ts";
import { guidelineProblems, itemWritingProblems, regionalTermProblems, stripProblem } from "./item-writing.ts";

export type LibraryDocument = {
  slug: string;
  title: string;
  summary: string;
  tracks: string[];
  themes: string[];
  /** The lowest package that unlocks it: free, core or premium. */
  tier: "free" | "core" | "premium";
  body: string;
  sections: { slug: string; heading: string }[];
};

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Front matter is `key: value` lines between `---` fences; lists are comma-separated. */
export function parseLibraryDocument(slug: string, text: string): LibraryDocument {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text.replace(/\r\n/g, "\n"));
  if (!match) throw new Error("missing front matter");
  const meta = new Map<string, string>();
  for (const line of match[1]!.split("\n")) {
    const at = line.indexOf(":");
    if (at > 0) meta.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  const list = (key: string) =>
    (meta.get(key) ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  const tier = meta.get("tier") ?? "free";
  if (tier !== "free" && tier !== "core" && tier !== "premium") throw new Error(`unknown tier ${tier}`);
  const title = meta.get("title");
  const summary = meta.get("summary");
  if (!title || !summary) throw new Error("front matter needs title and summary");
  const body = match[2]!.trim();
  const sections = [...body.matchAll(/^## (.+)$/gm)].map((m) => ({ heading: m[1]!.trim(), slug: slugify(m[1]!) }));
  return { slug, title, summary, tracks: list("tracks"), themes: list("themes"), tier, body, sections };
}

function describe(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
}

export async function readContent(opts: { dir?: string; only?: string[] } = {}) {
  const dir = opts.dir ?? CONTENT_DIR;
  const problems: string[] = [];
  const themes: z.infer<typeof ContentTheme>[] = [];
  const documents = new Map<string, LibraryDocument>();

  for (const file of (await readdir(path.join(dir, "library"))).filter((f) => f.endsWith(".md")).sort()) {
    const slug = file.slice(0, -3);
    try {
      const doc = parseLibraryDocument(slug, await readFile(path.join(dir, "library", file), "utf8"));
      if (!Slug.safeParse(slug).success) problems.push(`library/${file}: file name is not a slug`);
      for (const t of doc.tracks) if (!TrackSlug.safeParse(t).success) problems.push(`library/${file}: unknown track ${t}`);
      documents.set(slug, doc);
    } catch (e) {
      problems.push(`library/${file}: ${(e as Error).message}`);
    }
  }

  const seenIds = new Map<string, string>();
  const images = new Set(await readdir(path.join(dir, "images")).catch(() => [] as string[]));
  for (const file of (await readdir(path.join(dir, "themes"))).filter((f) => f.endsWith(".json")).sort()) {
    const slug = file.slice(0, -5);
    if (opts.only?.length && !opts.only.includes(slug)) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(path.join(dir, "themes", file), "utf8"));
    } catch (e) {
      problems.push(`themes/${file}: not valid JSON: ${(e as Error).message}`);
      continue;
    }
    const parsed = ContentTheme.safeParse(raw);
    if (!parsed.success) {
      problems.push(`themes/${file}: ${describe(parsed.error)}`);
      continue;
    }
    const theme = parsed.data;
    if (theme.slug !== slug) problems.push(`themes/${file}: slug ${theme.slug} does not match the file name`);
    for (const q of theme.questions) {
      if (!q.id.startsWith(`${theme.slug}-`)) problems.push(`themes/${file}: ${q.id} should start with ${theme.slug}-`);
      const other = seenIds.get(q.id);
      if (other) problems.push(`themes/${file}: ${q.id} already used in ${other}`);
      seenIds.set(q.id, file);
      // Every item says where the candidate reads more (content.md): a picture or a changing number included.
      if (!q.reference) problems.push(`themes/${file}: ${q.id} has no library link (reference: document and section)`);
      if (q.reference) {
        const doc = documents.get(q.reference.document);
        if (!doc) problems.push(`themes/${file}: ${q.id} cites unknown document ${q.reference.document}`);
        else if (!doc.sections.some((s) => s.slug === q.reference!.section))
          problems.push(`themes/${file}: ${q.id} cites unknown section ${q.reference.document}#${q.reference.section}`);
      }
      if (q.image && !images.has(q.image.file)) problems.push(`themes/${file}: ${q.id} shows images/${q.image.file}, which does not exist`);
      else if (q.image?.file.endsWith(".svg")) {
        const problem = stripProblem(q, await readFile(path.join(dir, "images", q.image.file), "utf8"));
        if (problem) problems.push(`themes/${file}: ${problem}`);
      }
      if (q.type === "numeric" && q.answer !== undefined && q.tolerance > Math.abs(q.answer) && q.answer !== 0)
        problems.push(`themes/${file}: ${q.id} tolerance is wider than the answer itself`);
    }
    themes.push(theme);
  }

  let tracks: z.infer<typeof ContentTracks> = [];
  if (!opts.only?.length) {
    try {
      const parsed = ContentTracks.safeParse(JSON.parse(await readFile(path.join(dir, "tracks.json"), "utf8")));
      if (!parsed.success) problems.push(`tracks.json: ${describe(parsed.error)}`);
      else {
        tracks = parsed.data;
        const known = new Set(themes.map((t) => t.slug));
        for (const track of tracks) {
          const sum = track.blueprint.themes.reduce((n, t) => n + t.weight, 0);
          if (sum !== 100) problems.push(`tracks.json: ${track.slug} weights sum to ${sum}, not 100`);
          for (const t of track.blueprint.themes)
            if (!known.has(t.theme)) problems.push(`tracks.json: ${track.slug} names unknown theme ${t.theme}`);
        }
      }
    } catch (e) {
      problems.push(`tracks.json: ${(e as Error).message}`);
    }
  }

  // Item-writing rules (item-writing.ts) are problems too: the key may not give itself away by
  // length, and no stem may appear twice in the bank.
  problems.push(...itemWritingProblems(themes), ...guidelineProblems(themes), ...regionalTermProblems(themes));
  return { themes, tracks, documents: [...documents.values()], problems };
}
