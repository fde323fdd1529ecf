import { marked } from "marked";
import sanitizeHtml from "sanitize-html";
import { slugify } from "../../db/seed/content.ts";

/** What a document's sections are made of before they are stored. */
export type SectionDraft = { anchor: string; heading: string; bodyText: string; html: string };

/** The HTML a library section may hold: text structure, tables and links, nothing that runs. */
const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: [
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "b",
    "i",
    "code",
    "pre",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "a",
    "sup",
    "sub",
  ],
  allowedAttributes: { a: ["href", "title"], th: ["align"], td: ["align"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
};

export const sanitizeSectionHtml = (html: string) => sanitizeHtml(html, ALLOWED);

/** Markdown to sanitized HTML (sanitized here, on write; the browser sanitizes again before showing it). */
export function renderMarkdown(markdown: string): string {
  return sanitizeSectionHtml(marked.parse(markdown, { async: false, gfm: true }));
}

/** The words of a piece of Markdown, for search and the assistant. */
export function plainTextOf(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return sanitizeHtml(html.replace(/<\/(p|li|h\d|tr|blockquote|pre)>/g, "$&\n"), { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, " ")
    .replace(/\n\s*\n+/g, "\n")
    .trim();
}

/**
 * A Markdown body split at its `##` headings: each heading's slug is the section's anchor (what
 * quiz explanations cite). Text before the first heading is the introduction; a `#` title line
 * is dropped (the document's title shows it).
 */
export function sectionsOfMarkdown(body: string): SectionDraft[] {
  const lines = body.replace(/\r\n/g, "\n").split("\n");
  const parts: { heading: string; lines: string[] }[] = [{ heading: "", lines: [] }];
  let fence = false;
  for (const line of lines) {
    if (/^(```|~~~)/.test(line)) fence = !fence;
    const h2 = !fence && /^##\s+(.+?)\s*#*\s*$/.exec(line);
    if (h2) parts.push({ heading: h2[1]!, lines: [] });
    else if (!fence && /^#\s+/.test(line) && parts.length === 1) continue;
    else parts.at(-1)!.lines.push(line);
  }
  const used = new Set<string>();
  const drafts: SectionDraft[] = [];
  for (const part of parts) {
    const text = part.lines.join("\n").trim();
    if (!part.heading && !text) continue;
    const heading = part.heading || "Introduction";
    let anchor = slugify(part.heading || "introduction") || "section";
    for (let i = 2; used.has(anchor); i++) anchor = `${slugify(heading) || "section"}-${i}`;
    used.add(anchor);
    drafts.push({ anchor, heading: plainTextOf(heading) || heading, bodyText: plainTextOf(text), html: renderMarkdown(text) });
  }
  return drafts;
}

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A PDF's pages as sections (`page-1`, `page-2`, …): their extracted text, shown as paragraphs. */
export function sectionsOfPages(pages: string[]): SectionDraft[] {
  return pages.map((text, i) => {
    const clean = text.split(String.fromCharCode(0)).join("").trim();
    const paragraphs = clean
      .split(/\n\s*\n/)
      .map((p) => p.replace(/\s+/g, " ").trim())
      .filter(Boolean);
    return {
      anchor: `page-${i + 1}`,
      heading: `Page ${i + 1}`,
      bodyText: paragraphs.join("\n"),
      html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(""),
    };
  });
}
