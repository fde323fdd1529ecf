import type { AssistantAnswer, AssistantCitation, AssistantStatus } from "@academy/contract/library";
import { sectionPath } from "@academy/contract/library";
import type { FastifyBaseLogger } from "fastify";
import { fileTypeFromBuffer } from "file-type";
import type { Db } from "../../db/client.ts";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import type { Principal } from "../../plugins/auth.ts";
import { checkModelAnswer } from "../../providers/ai/answer-check.ts";
import { type Answerer, AnswererUnavailableError, type AnswerOutput } from "../../providers/ai/answerer.ts";
import { extractiveAnswer } from "../../providers/ai/extractive.ts";
import { ASSISTANT_QUESTIONS_PER_DAY, getEntitlements, refusalOf } from "../entitlements/service.ts";
import { retrieveForReader, sectionLocks } from "../library/service.ts";
import * as repo from "./repo.ts";

/** `log`: where rejected model answers and provider failures are written (their reasons, never the question). */
export type AssistantDeps = { db: Db; answerer: Answerer; log: Pick<FastifyBaseLogger, "warn"> };

const PASSAGES = 5;
const HISTORY = 50;

const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

async function quotaOf(db: Db, principal: Principal, now: Date) {
  const usedToday = await repo.countMessagesSince(db, principal.id, startOfUtcDay(now));
  if (principal.role === "admin") return { perDay: ASSISTANT_QUESTIONS_PER_DAY.premium, usedToday, refusal: null };
  const plan = await getEntitlements(db, principal.id);
  return { perDay: plan.assistantQuestionsPerDay, usedToday, refusal: refusalOf(plan, { kind: "assistant.ask", usedToday }) };
}

/** Answers as the reader sees them now: each citation marked locked when their plan no longer opens its section. */
async function toAnswers(db: Db, principal: Principal, rows: repo.MessageRow[]): Promise<AssistantAnswer[]> {
  const locks = await sectionLocks(
    db,
    principal,
    rows.flatMap((r) => r.citations.map((c) => ({ document: c.document, anchor: c.anchor }))),
  );
  return rows.map((row) => ({
    id: row.id,
    prompt: row.prompt,
    answer: row.answer,
    answered: row.answered === "yes",
    citations: row.citations.map((c) => ({
      ...c,
      url: sectionPath(c.document, c.anchor),
      locked: locks.get(`${c.document}#${c.anchor}`) ?? null,
    })),
    answerer: row.answerer,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Answers a candidate's question from the library sections their plan opens, citing each passage
 * used. When nothing there answers it, it says so (and names documents their plan does not open
 * that may). The question and answer are kept in the asker's own history and nowhere else.
 */
export async function ask(
  { db, answerer, log }: AssistantDeps,
  principal: Principal,
  prompt: string,
  now = new Date(),
): Promise<AssistantAnswer> {
  const question = prompt.trim();
  // The day's count and the place it allows are one step (50 questions at once on a 10-a-day plan
  // get 10 answers); the answer, which may wait on a provider, is made outside the transaction.
  const place = await db.transaction(async (tx) => {
    await repo.lockAsking(tx, principal.id);
    const quota = await quotaOf(tx, principal, now);
    return quota.refusal
      ? { refusal: quota.refusal, id: null }
      : { refusal: null, id: await repo.insertPending(tx, principal.id, question, now) };
  });
  if (place.id === null) {
    const tomorrow = startOfUtcDay(now).getTime() + 86_400_000;
    throw new HttpError(429, place.refusal ?? "Daily limit reached", {
      code: "DAILY_LIMIT",
      headers: { "retry-after": String(Math.ceil((tomorrow - now.getTime()) / 1000)) },
    });
  }
  try {
    return await answerInPlace({ db, answerer, log }, principal, question, place.id);
  } catch (e) {
    await repo.deletePending(db, place.id);
    throw e;
  }
}

async function answerInPlace(
  { db, answerer, log }: AssistantDeps,
  principal: Principal,
  question: string,
  id: number,
): Promise<AssistantAnswer> {
  const found = await retrieveForReader(db, principal, question, PASSAGES);
  const passages = found.passages.map((p, i) => ({ n: i + 1, title: p.document_title, heading: p.heading, text: p.body_text, source: p }));
  const concepts = found.plan.concepts.map((c) => ({
    text: c.text,
    weight: c.weight,
    known: c.known,
    isNumber: c.isNumber,
    corrected: c.correctedTo !== undefined,
    loose: c.loose === true,
    foreign: !c.known && !c.isNumber && c.english === false,
  }));
  const input = { question, concepts, passages, holds: found.holds };
  let output: AnswerOutput;
  let answeredBy = answerer.kind === "built-in" ? "built-in" : `${answerer.kind} (${answerer.model})`;
  try {
    output = await answerer.answer(input);
    // A model's answer is shown only when every citation and every number is in the passages.
    const check =
      answerer.kind === "built-in" || !output.answered ? { ok: true as const } : checkModelAnswer(output.text, passages, question);
    if (!check.ok) {
      log.warn({ reason: check.reason, model: answerer.model }, "the model's answer was not shown: it does not match the library");
      output = extractiveAnswer(input);
      answeredBy = "built-in (the model's answer did not match the library)";
    }
  } catch (e) {
    if (!(e instanceof AnswererUnavailableError)) throw e;
    // The provider is down: the built-in answerer still answers from the same passages.
    log.warn({ reason: e.message, model: answerer.model }, "the AI provider failed; the built-in answerer answered");
    output = extractiveAnswer(input);
    answeredBy = "built-in (the configured provider was not reachable)";
  }
  const citations: AssistantCitation[] = output.answered
    ? output.used.flatMap(({ n, quote }) => {
        const p = passages.find((x) => x.n === n);
        return p
          ? [
              {
                n,
                document: p.source.document,
                documentTitle: p.source.document_title,
                anchor: p.source.anchor,
                heading: p.heading,
                quote,
                url: p.source.url,
                locked: null,
              },
            ]
          : [];
      })
    : [];
  const answered = output.answered && citations.length > 0;
  const elsewhere = found.elsewhere.map((e) => `“${e.title}” (${e.lock!.message.replace(/^Part of the /, "the ").replace(/\.$/, "")})`);
  const text = answered
    ? output.text
    : `The library holds no answer to this question.${
        elsewhere.length
          ? ` Documents your plan does not open may cover it: ${elsewhere.join("; ")}.`
          : " Try asking with other words, or search the library."
      }`;
  const row = await repo.completeMessage(db, id, {
    answer: text,
    citations: citations.map(({ url: _url, locked: _locked, ...c }) => c),
    answered,
    answerer: answeredBy,
  });
  return (await toAnswers(db, principal, [row]))[0]!;
}

export async function history(db: Db, principal: Principal): Promise<AssistantAnswer[]> {
  return toAnswers(db, principal, await repo.listMessages(db, principal.id, HISTORY));
}

export async function status({ db, answerer }: AssistantDeps, principal: Principal, now = new Date()): Promise<AssistantStatus> {
  const [reachable, quota] = await Promise.all([answerer.isReachable(), quotaOf(db, principal, now)]);
  return {
    answerer: answerer.kind,
    model: answerer.model,
    reachable,
    transcribe: !!answerer.transcribe,
    translate: !!answerer.translate,
    quota: { perDay: quota.perDay, usedToday: quota.usedToday },
  };
}

const NO_PROVIDER = (what: string) =>
  new HttpError(
    503,
    `${what} needs an AI provider, and none is configured (AI_BASE_URL). The study assistant still answers from the library.`,
    {
      code: "AI_NOT_CONFIGURED",
    },
  );

const unreachable = () =>
  new HttpError(503, "The AI provider is not reachable right now. Try again in a moment.", { headers: { "retry-after": "10" } });

/** Throws 503 when no provider can transcribe; call before reading the upload. */
export function assertCanTranscribe(answerer: Answerer): void {
  if (!answerer.transcribe) throw NO_PROVIDER("Transcription");
}

export function assertCanTranslate(answerer: Answerer): void {
  if (!answerer.translate) throw NO_PROVIDER("Translation");
}

const AUDIO = new Set([
  "audio/mpeg",
  "audio/wav",
  "audio/x-wav",
  "audio/ogg",
  "audio/webm",
  "video/webm",
  "audio/mp4",
  "video/mp4",
  "audio/x-m4a",
  "audio/flac",
  "audio/x-flac",
  "audio/aac",
]);

export async function transcribe(answerer: Answerer, file: { bytes: Buffer; fileName: string }): Promise<string> {
  assertCanTranscribe(answerer);
  if (!file.bytes.length) throw badRequest("The audio file is empty", { file: "The audio file is empty" });
  const type = await fileTypeFromBuffer(file.bytes);
  if (!type || !AUDIO.has(type.mime))
    throw badRequest("Send an audio recording (MP3, WAV, OGG, WebM, M4A, FLAC or AAC)", { file: "Not an audio recording" });
  try {
    return await answerer.transcribe!(file.bytes, `recording.${type.ext}`, type.mime);
  } catch (e) {
    if (e instanceof AnswererUnavailableError) throw unreachable();
    throw e;
  }
}

export async function translate(answerer: Answerer, text: string, targetLanguage: string): Promise<string> {
  assertCanTranslate(answerer);
  try {
    return await answerer.translate!(text, targetLanguage);
  } catch (e) {
    if (e instanceof AnswererUnavailableError) throw unreachable();
    throw e;
  }
}
