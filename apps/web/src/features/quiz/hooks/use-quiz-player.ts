import type { AnswerResponse, QuestionReview, QuizModel } from "@academy/contract/quiz";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { onTokenRenewed } from "../../../lib/session-renewal";
import { quizKeys } from "../../../lib/shared-api/quiz";
import { type UpdateBody, updateQuiz } from "../api/quizzes";
import { createSaveQueue, type SaveState } from "../save-queue";

export type Saving = "idle" | "saving" | "saved" | "error";

/**
 * Where a quiz taken offline from a practice pack keeps its saves instead of the server (decision
 * 32): it answers practice feedback from the pack's stored key.
 */
export type LocalSaves = {
  save: (body: UpdateBody) => Promise<{ feedback: { questionId: string; review: QuestionReview }[] }>;
};

const byQuestion = <T>(quiz: QuizModel, value: (q: QuizModel["questions"][number]) => T): Record<string, T> =>
  Object.fromEntries(quiz.questions.map((q) => [q.questionId, value(q)]));

/**
 * The state of a quiz being played: where the candidate is, what they answered, flagged or are
 * unsure of, and the feedback so far. Every change is saved to the server as it is made; the
 * keyboard moves (← → or p / n) and flags (f) unless `isPaused`.
 */
export function useQuizPlayer(quiz: QuizModel, isPaused: boolean, local?: LocalSaves) {
  const client = useQueryClient();
  const [position, setPosition] = useState(Math.min(quiz.position, quiz.questions.length - 1));
  const [responses, setResponses] = useState<Record<string, AnswerResponse | null>>(() => byQuestion(quiz, (q) => q.response));
  const [drafts, setDrafts] = useState<Record<string, AnswerResponse | null>>({});
  const [feedback, setFeedback] = useState<Record<string, QuestionReview | null | undefined>>(() => byQuestion(quiz, (q) => q.feedback));
  const [flags, setFlags] = useState<Record<string, boolean>>(() => byQuestion(quiz, (q) => q.flagged));
  const [saveState, setSaveState] = useState<SaveState & { hasSaved: boolean }>({
    pending: 0,
    isRetrying: false,
    error: "",
    hasSaved: false,
  });
  const [ownError, setError] = useState("");
  const [unsure, setUnsure] = useState<Record<string, boolean>>({});
  const isExam = quiz.mode === "exam";
  // An adaptive exam asks one question at a time: an answer is confirmed once and decides the next question.
  const isAdaptive = quiz.mock === "adaptive";
  const question = quiz.questions[position]!;
  const stemRef = useRef<HTMLHeadingElement>(null);
  // Time on the current question, for the spaced-repetition rating (a right and fast answer is "easy").
  const shownAt = useRef({ position, at: Date.now() });
  if (shownAt.current.position !== position) shownAt.current = { position, at: Date.now() };
  const seconds = () => Math.min(3600, Math.round((Date.now() - shownAt.current.at) / 1000));

  // Every save goes through a queue that keeps it until the server has it (save-queue.ts): a
  // failed save is sent again after a renewal, a reconnection or a reload.
  const queue = useRef<ReturnType<typeof createSaveQueue<UpdateBody, Awaited<ReturnType<typeof updateQuiz>>>> | null>(null);
  const localSaves = useRef(local);
  const isLocal = !!local;
  useEffect(() => {
    if (isLocal) return;
    const saves = createSaveQueue({
      key: quiz.id,
      send: (body: UpdateBody) => updateQuiz(quiz.id, body),
      onSaved: (answer) => {
        for (const f of answer.feedback) setFeedback((m) => ({ ...m, [f.questionId]: f.review }));
        client.invalidateQueries({ queryKey: quizKeys.one(quiz.id) });
      },
      onState: (state) => setSaveState((before) => ({ ...state, hasSaved: before.hasSaved || state.pending > 0 })),
    });
    queue.current = saves;
    saves.retryNow();
    const offRenewed = onTokenRenewed(() => saves.retryNow());
    const onOnline = () => saves.retryNow();
    window.addEventListener("online", onOnline);
    return () => {
      saves.stop();
      offRenewed();
      window.removeEventListener("online", onOnline);
    };
  }, [quiz.id, client, isLocal]);

  const save = useCallback((body: UpdateBody) => {
    setError("");
    const device = localSaves.current;
    if (device)
      return device.save(body).then(
        (answer) => {
          for (const f of answer.feedback) setFeedback((m) => ({ ...m, [f.questionId]: f.review }));
          setSaveState((before) => ({ ...before, hasSaved: before.hasSaved || !!body.answers?.length }));
          return true;
        },
        (failure: unknown) => {
          setError(failure instanceof Error ? failure.message : "Not saved on this device");
          return false;
        },
      );
    return queue.current?.save(body) ?? Promise.resolve(false);
  }, []);
  /** Resolves once every save made so far is on the server (a submit waits for it). */
  const drained = useCallback(() => queue.current?.drained() ?? Promise.resolve(true), []);
  const saving: Saving =
    saveState.isRetrying || (saveState.error && !saveState.pending)
      ? "error"
      : saveState.pending
        ? "saving"
        : saveState.hasSaved
          ? "saved"
          : "idle";
  const error = ownError || saveState.error;

  const go = useCallback(
    (next: number) => {
      if (next < 0 || next >= quiz.questions.length) return;
      setPosition(next);
      void save({ position: next });
      requestAnimationFrame(() => stemRef.current?.focus());
    },
    [quiz.questions.length, save],
  );

  const current = drafts[question.questionId] ?? responses[question.questionId] ?? null;
  const isLocked = (!isExam && !!feedback[question.questionId]) || (isAdaptive && !!responses[question.questionId]);
  const questionCount = quiz.questions.length;
  // The next adaptive question arrives with the refreshed quiz: move to it.
  const seenCount = useRef(questionCount);
  useEffect(() => {
    if (isAdaptive && questionCount > seenCount.current) {
      seenCount.current = questionCount;
      setPosition(questionCount - 1);
    }
  }, [isAdaptive, questionCount]);

  function respond(value: AnswerResponse) {
    if (isLocked) return;
    if (isExam && !isAdaptive) {
      setResponses((r) => ({ ...r, [question.questionId]: value }));
      void save({
        answers: [{ questionId: question.questionId, response: value, unsure: !!unsure[question.questionId], seconds: seconds() }],
      });
    } else setDrafts((d) => ({ ...d, [question.questionId]: value }));
  }

  async function check() {
    const value = drafts[question.questionId];
    if (!value) return;
    const entry = { questionId: question.questionId, response: value, unsure: !!unsure[question.questionId], seconds: seconds() };
    if (await save({ answers: [entry] })) setResponses((r) => ({ ...r, [question.questionId]: value }));
  }

  function toggleFlag() {
    const flagged = !flags[question.questionId];
    setFlags((f) => ({ ...f, [question.questionId]: flagged }));
    void save({ flags: [{ questionId: question.questionId, flagged }] });
  }

  function markUnsure(checked: boolean) {
    setUnsure((u) => ({ ...u, [question.questionId]: checked }));
    const given = responses[question.questionId];
    if (isExam && given)
      void save({ answers: [{ questionId: question.questionId, response: given, unsure: checked, seconds: seconds() }] });
  }

  // Keyboard: ← → (or p / n) move, f flags; options take digits via their own focus order. One
  // listener for the player's life reads the handlers of the render on screen: they are set as soon
  // as it is committed (a layout effect), so a key pressed right after a move acts on the question
  // shown, never on the one before (a listener re-added by a passive effect could lag behind it).
  const keys = useRef({ go, toggleFlag, position, isPaused });
  useLayoutEffect(() => {
    keys.current = { go, toggleFlag, position, isPaused };
  });
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      // Inside a form control the keys belong to the control (arrows move between radio options).
      const target = e.target as HTMLElement;
      if (["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
      const k = keys.current;
      if (e.altKey || e.ctrlKey || e.metaKey || k.isPaused) return;
      if (e.key === "ArrowRight" || e.key === "n") k.go(k.position + 1);
      else if (e.key === "ArrowLeft" || e.key === "p") k.go(k.position - 1);
      else if (e.key === "f") k.toggleFlag();
      else return;
      e.preventDefault();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const answeredCount = quiz.questions.filter((q) => responses[q.questionId]).length;

  return {
    isExam,
    isAdaptive,
    position,
    question,
    stemRef,
    responses,
    drafts,
    feedback,
    flags,
    unsure,
    saving,
    error,
    setError,
    drained,
    current,
    isLocked,
    answeredCount,
    go,
    respond,
    check,
    toggleFlag,
    markUnsure,
  };
}
