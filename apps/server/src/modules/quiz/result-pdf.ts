import type { Db } from "../../db/client.ts";
import { notFound } from "../../lib/http-error.ts";
import { findUserById } from "../auth/service.ts";
import { getQuiz } from "./attempts.ts";
import { renderResultPdf } from "./pdf.ts";

/** A finished quiz's result as a PDF, with the candidate's name on it; its library links point at `publicUrl`. */
export async function resultPdf(db: Db, userId: number, id: number, publicUrl = "") {
  const quiz = await getQuiz(db, userId, id);
  if (quiz.status === "in_progress") throw notFound("The result is ready once the quiz is submitted");
  const who = await findUserById(db, userId);
  const pdf = await renderResultPdf(quiz, `${who?.firstName ?? ""} ${who?.lastName ?? ""}`.trim(), publicUrl);
  return { quiz, pdf };
}
