import type { Db } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import { findUserById } from "../auth/service.ts";
import { getQuiz } from "./attempts.ts";
import { contentImage } from "./images.ts";
import { type PdfPicture, renderResultPdf } from "./pdf.ts";

const IMAGE_PATH = "/content/images/";

/** The quiz's pictures by address, read from the content folder (one read per picture). */
async function picturesOf(quiz: { questions: { image: { url: string } | null }[] }): Promise<Map<string, PdfPicture>> {
  const urls = [...new Set(quiz.questions.flatMap((q) => (q.image?.url.startsWith(IMAGE_PATH) ? [q.image.url] : [])))];
  const read = await Promise.all(
    urls.map(async (url) => [url, await contentImage(url.slice(IMAGE_PATH.length)).catch(() => null)] as const),
  );
  return new Map(read.flatMap(([url, picture]) => (picture ? [[url, picture] as const] : [])));
}

/** A finished quiz's result as a PDF, with the candidate's name on it; its library links point at `publicUrl`. */
export async function resultPdf(db: Db, userId: number, id: number, publicUrl = "") {
  const quiz = await getQuiz(db, userId, id);
  if (quiz.status === "in_progress") throw notFound("The result is ready once the quiz is submitted");
  const who = await findUserById(db, userId);
  const pdf = await renderResultPdf(quiz, `${who?.firstName ?? ""} ${who?.lastName ?? ""}`.trim(), publicUrl, await picturesOf(quiz));
  return { quiz, pdf };
}
