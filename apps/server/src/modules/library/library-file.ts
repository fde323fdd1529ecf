// What an uploaded library file holds: the text of a PDF's pages, or a Markdown file's front
// matter and sections. Anything else is refused with 400 before anything is stored.
import { fileTypeFromBuffer } from "file-type";
import { extractText, getDocumentProxy } from "unpdf";
import { type LibraryDocument as ContentDocument, parseLibraryDocument } from "../../db/seed/content.ts";
import { badRequest } from "../../lib/http-error.ts";
import { type SectionDraft, sectionsOfMarkdown, sectionsOfPages } from "./markdown.ts";

const PDF_MAGIC = Buffer.from("%PDF-");

export type ParsedFile =
  | { format: "pdf"; sections: SectionDraft[]; meta: null }
  | { format: "markdown"; sections: SectionDraft[]; source: string; meta: Partial<ContentDocument> | null };

const WRONG_TYPE = "Only PDF and Markdown (.md) documents can be added to the library";

/** Reads an uploaded file: a PDF (by its bytes) or Markdown (a .md name and UTF-8 text); anything else 400. */
export async function parseLibraryFile(bytes: Buffer, fileName: string): Promise<ParsedFile> {
  if (!bytes.length) throw badRequest("The file is empty", { file: "The file is empty" });
  if (bytes.subarray(0, 5).equals(PDF_MAGIC)) {
    let pages: string[];
    try {
      const pdf = await getDocumentProxy(new Uint8Array(bytes));
      pages = (await extractText(pdf, { mergePages: false })).text;
    } catch {
      throw badRequest("This PDF could not be read", { file: "This PDF could not be read" });
    }
    if (!pages.length) throw badRequest("This PDF has no pages", { file: "This PDF has no pages" });
    return { format: "pdf", sections: sectionsOfPages(pages), meta: null };
  }
  const isMarkdownName = /\.(md|markdown)$/i.test(fileName);
  const text = bytes.toString("utf8");
  if (!isMarkdownName || (await fileTypeFromBuffer(bytes)) || text.includes("\u0000") || text.includes("\uFFFD"))
    throw badRequest(WRONG_TYPE, { file: WRONG_TYPE });
  let body = text.replace(/\r\n/g, "\n");
  let meta: Partial<ContentDocument> | null = null;
  if (body.startsWith("---\n")) {
    try {
      const parsed = parseLibraryDocument("upload", body);
      meta = parsed;
      body = parsed.body;
    } catch (e) {
      throw badRequest(`The Markdown front matter is not valid: ${(e as Error).message}`, { file: "The front matter is not valid" });
    }
  }
  const sections = sectionsOfMarkdown(body);
  if (!sections.length) throw badRequest("The Markdown file has no text", { file: "The Markdown file has no text" });
  return { format: "markdown", sections, source: body, meta };
}

/** A document's title: its front matter's, else the Markdown's first heading, else the file name. */
export function titleOf(parsed: ParsedFile, fileName: string): string {
  if (parsed.meta?.title) return parsed.meta.title;
  if (parsed.format === "markdown") {
    const h1 = /^#\s+(.+)$/m.exec(parsed.source);
    if (h1) return h1[1]!.trim().slice(0, 200);
  }
  return (
    fileName
      .replace(/\.[a-z]+$/i, "")
      .replace(/[-_]+/g, " ")
      .trim()
      .slice(0, 200) || "Untitled document"
  );
}
