import type { OfflinePack, OfflinePackItem } from "@academy/contract/offline";
import { isRightByKey } from "@academy/contract/offline-rules";
import type { AnswerResponse, QuestionReview, QuizModel } from "@academy/contract/quiz";
import type { OfflineSession } from "./offline-store";

/** Questions in one offline quiz: a short practice round, the pack's next unanswered questions. */
export const OFFLINE_QUIZ_LENGTH = 10;

/** The next offline quiz's questions: those of the pack not answered on this device yet, in pack order. */
export function nextQuestions(pack: OfflinePack, answered: readonly string[], length = OFFLINE_QUIZ_LENGTH): string[] {
  const done = new Set(answered);
  return pack.items
    .filter((i) => !done.has(i.questionId))
    .slice(0, length)
    .map((i) => i.questionId);
}

/** Practice feedback from the pack's stored key, as the server would give it. */
export function feedbackFor(item: OfflinePackItem, response: AnswerResponse): QuestionReview {
  return { ...item.key, isCorrect: isRightByKey(item.key, response) };
}

/**
 * An offline quiz in the shape the quiz player plays (a practice quiz in progress), so the same
 * player components take it: its questions from the pack, the answers given so far with their
 * feedback. Its id is negative: it never names a quiz on the server.
 */
export function offlineQuizModel(pack: OfflinePack, session: OfflineSession): QuizModel {
  const items = new Map(pack.items.map((i) => [i.questionId, i]));
  const questions = session.questionIds.flatMap((id, position) => {
    const item = items.get(id);
    if (!item) return [];
    const response = session.responses[id] ?? null;
    return [
      {
        questionId: item.questionId,
        position,
        theme: item.theme,
        themeName: item.themeName,
        type: item.type,
        difficulty: item.difficulty,
        stem: item.stem,
        image: item.image,
        options: item.options,
        unit: item.unit,
        ...(item.choose !== undefined ? { choose: item.choose } : {}),
        flagged: session.flags[id] ?? false,
        response,
        feedback: response ? feedbackFor(item, response) : null,
      },
    ];
  });
  const answered = questions.filter((q) => q.response).length;
  return {
    id: -pack.id,
    title: session.title,
    track: pack.track,
    mode: "practice",
    status: "in_progress",
    total: questions.length,
    answered,
    correctCount: null,
    score: null,
    createdAt: session.startedAt,
    submittedAt: null,
    deadlineAt: null,
    missed: 0,
    blueprintVersion: 0,
    settings: { themes: [...new Set(questions.map((q) => q.theme))], length: questions.length, difficulty: "adaptive" },
    position: Math.min(session.position, Math.max(0, questions.length - 1)),
    timeLimitSeconds: null,
    serverNow: new Date().toISOString(),
    questions,
    mock: null,
    extraTime: null,
  };
}

/** Right answers of an offline quiz so far, by the pack's keys. */
export function offlineScore(pack: OfflinePack, session: OfflineSession) {
  const items = new Map(pack.items.map((i) => [i.questionId, i]));
  const given = Object.entries(session.responses);
  const right = given.filter(([id, r]) => {
    const item = items.get(id);
    return item ? isRightByKey(item.key, r) : false;
  }).length;
  return { answered: given.length, right, total: session.questionIds.length };
}
