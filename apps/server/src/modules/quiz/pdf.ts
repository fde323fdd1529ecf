import { sectionPath } from "@academy/contract/library";
import type { QuizModel } from "@academy/contract/quiz";
import PDFDocument from "pdfkit";

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

/** A printable result: score, per-theme breakdown, every question with the right answer and why. */
export function renderResultPdf(quiz: QuizModel, candidate: string, publicUrl = ""): Promise<Buffer> {
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
      `Finished ${quiz.submittedAt ? new Date(quiz.submittedAt).toUTCString() : ""} · ${quiz.mode === "exam" ? "Timed exam" : "Practice"}`,
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
      // A question whose picture is the question: its text alternative, so the printed result still reads.
      if (q.image) doc.fontSize(10).fillColor("#444").text(`Picture: ${q.image.alt}`);
      doc
        .fontSize(10)
        .fillColor(r?.isCorrect ? "#166534" : "#991b1b")
        .text(`Your answer: ${describeResponse(q, q.response)} ${r?.isCorrect ? "(right)" : "(wrong)"}`);
      if (r && !r.isCorrect) doc.fillColor("#000").text(`Right answer: ${describeResponse(q, r.correct)}`);
      if (r) doc.fillColor("#333").text(r.explanation);
      if (r) doc.fillColor("#666").text(`Source: ${r.source}`);
      if (r?.reference) {
        // The library section the explanation cites, as a link that opens it at that section.
        const url = `${publicUrl}${sectionPath(r.reference.document, r.reference.section)}`;
        doc.fillColor("#991b1b").text(`Read more: ${url}`, { link: url, underline: true });
      }
    }
    doc.end();
  });
}
