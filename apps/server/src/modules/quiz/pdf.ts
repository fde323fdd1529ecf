import { sectionPath } from "@academy/contract/library";
import type { QuizModel } from "@academy/contract/quiz";

/** A question's picture as the file holds it (content/images: SVG or PNG). */
export type PdfPicture = { body: Buffer; type: string };
type SvgToPdf = typeof import("svg-to-pdfkit");

/** The most room a picture takes on the page (points; A4 less its margins is 495 wide). */
const PICTURE_MAX = { width: 360, height: 200 };

/** The picture's size on the page: its own proportions (the SVG's viewBox), inside PICTURE_MAX. */
function pictureSize(svg: string): { width: number; height: number } {
  const box = /viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(svg);
  const w = Number(box?.[1] ?? PICTURE_MAX.width);
  const h = Number(box?.[2] ?? PICTURE_MAX.height);
  const scale = Math.min(PICTURE_MAX.width / w, PICTURE_MAX.height / h);
  return { width: w * scale, height: h * scale };
}

/** Draws the picture at the current place (a new page first when it would not fit), then moves below it. */
function drawPicture(doc: PDFKit.PDFDocument, picture: PdfPicture, SVGtoPDF: SvgToPdf) {
  const size =
    picture.type === "image/svg+xml"
      ? pictureSize(picture.body.toString("utf8"))
      : { width: PICTURE_MAX.width, height: PICTURE_MAX.height };
  if (doc.y + size.height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const x = doc.page.margins.left;
  const y = doc.y + 4;
  if (picture.type === "image/svg+xml") {
    // Without its own width and height the drawing scales to the box given here (by its viewBox).
    const svg = picture.body.toString("utf8").replace(/<svg\b[^>]*>/, (tag) => tag.replace(/\s(width|height)="[^"]*"/g, ""));
    SVGtoPDF(doc, svg, x, y, size);
  } else doc.image(picture.body, x, y, { fit: [size.width, size.height] });
  // The drawing may leave another font set: the text goes on in the document's own.
  doc.font("Helvetica");
  doc.x = x;
  doc.y = y + size.height + 4;
}

const percent = (x: number | null) => (x === null ? "–" : `${Math.round(x * 100)}%`);

function describeResponse(q: QuizModel["questions"][number], r: unknown): string {
  if (!r || typeof r !== "object") return "Not answered";
  const text = (id: string) => q.options.find((o) => o.id === id)?.text ?? id;
  if ("choice" in r) return text(String(r.choice));
  if ("choices" in r) return (r.choices as string[]).map(text).join("; ") || "Nothing chosen";
  if ("order" in r) return (r.order as string[]).map((id, i) => `${i + 1}. ${text(id)}`).join("  ");
  if ("value" in r) return `${r.value}${q.unit ? ` ${q.unit}` : ""}`;
  return "Not answered";
}

/**
 * A printable result: score, per-theme breakdown, every question with the right answer and why.
 * `pictures` holds the questions' pictures by their address (`image.url`), drawn above their
 * text alternative; a question whose picture is missing prints the text alternative alone.
 */
export async function renderResultPdf(
  quiz: QuizModel,
  candidate: string,
  publicUrl = "",
  pictures: ReadonlyMap<string, PdfPicture> = new Map(),
): Promise<Buffer> {
  // Loaded on the first PDF: most processes never print one, and the library is large.
  const [{ default: PDFDocument }, { default: SVGtoPDF }] = await Promise.all([import("pdfkit"), import("svg-to-pdfkit")]);
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "A4",
      margin: 50,
      info: { Title: `Quiz result #${quiz.id}`, Author: "Rescue Academy", Subject: `Score ${percent(quiz.score)}` },
    });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);

    doc.fontSize(20).text("Rescue Academy: quiz result");
    doc.moveDown(0.3).fontSize(11).fillColor("#444").text(`${quiz.title} · ${candidate}`);
    doc.text(
      `Finished ${quiz.submittedAt ? new Date(quiz.submittedAt).toUTCString() : ""} · ${quiz.mode === "exam" ? "Timed exam" : "Practice"}${
        quiz.extraTime ? ` · Extra time ×${quiz.extraTime.factor} (exam accommodation)` : ""
      }`,
    );
    doc
      .moveDown()
      .fillColor("#000")
      .fontSize(16)
      .text(`Score: ${percent(quiz.score)} (${quiz.correctCount ?? 0} of ${quiz.total} right)`);
    doc.moveDown().fontSize(13).text("By theme");
    doc.fontSize(11);
    for (const b of quiz.breakdown ?? []) doc.text(`${b.themeName}: ${b.correct} of ${b.total}`);
    doc.moveDown().fontSize(13).text("Questions");
    for (const q of quiz.questions) {
      const r = q.review;
      doc
        .moveDown(0.6)
        .fontSize(11)
        .fillColor("#000")
        .text(`${q.position + 1}. ${q.stem}`);
      // A question whose picture is the question: the picture, and its text alternative under it.
      if (q.image) {
        const picture = pictures.get(q.image.url);
        if (picture) drawPicture(doc, picture, SVGtoPDF);
        doc.fontSize(10).fillColor("#444").text(`Picture: ${q.image.alt}`);
      }
      doc
        .fontSize(10)
        .fillColor(r?.isCorrect ? "#166534" : "#991b1b")
        .text(`Your answer: ${describeResponse(q, q.response)} ${r?.isCorrect ? "(right)" : "(wrong)"}`);
      if (r && !r.isCorrect) doc.fillColor("#000").text(`Right answer: ${describeResponse(q, r.correct)}`);
      if (r) doc.fillColor("#333").text(r.explanation);
      if (r)
        doc
          .fillColor("#666")
          .text(`Source: ${r.source}${r.guideline ? ` (follows ${r.guideline.edition}, checked ${r.guideline.reviewed})` : ""}`);
      if (r?.reference) {
        // The library section the explanation cites, as a link that opens it at that section.
        const url = `${publicUrl}${sectionPath(r.reference.document, r.reference.section)}`;
        doc.fillColor("#991b1b").text(`Read more: ${url}`, { link: url, underline: true });
      }
    }
    doc.end();
  });
}
