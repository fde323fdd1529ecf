import type { OfflinePack } from "@academy/contract/offline";
import { useMemo, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { buttonClass } from "../../../components/ui/styles";
import { READING_TEXT_CLASS } from "../../../lib/text-size";
import { type LocalSaves, useQuizPlayer } from "../hooks/use-quiz-player";
import { feedbackFor, offlineQuizModel } from "../offline/offline-quiz";
import { refreshPending, syncNow } from "../offline/offline-status";
import { type OfflineSession, recordAnswer, saveSession } from "../offline/offline-store";
import { PlayerControls } from "./player-controls";
import { QuestionCard } from "./question-card";
import { SubmitDialog } from "./submit-dialog";

/** An id for an answer or an offline quiz (a UUID, as the server expects). */
export function newId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * An offline quiz from a practice pack, in the quiz player's own components (decision 32): every
 * answer is kept on the device at once, with its feedback from the pack's key, and waits there to
 * be synced; the flags and the position are kept too, so the quiz resumes after the tab closes.
 */
export function OfflinePlayer({
  userId,
  pack,
  session: initial,
  onFinished,
}: {
  userId: number;
  pack: OfflinePack;
  session: OfflineSession;
  onFinished: (session: OfflineSession) => void;
}) {
  const quiz = useMemo(() => offlineQuizModel(pack, initial), [pack, initial]);
  const session = useRef(initial);
  // Writes to the device one after another, so each sees the one before.
  const writes = useRef<Promise<unknown>>(Promise.resolve());
  const local = useMemo<LocalSaves>(() => {
    const items = new Map(pack.items.map((i) => [i.questionId, i]));
    return {
      save: (body) => {
        const write = writes.current.then(async () => {
          let s = session.current;
          if (body.flags) s = { ...s, flags: { ...s.flags, ...Object.fromEntries(body.flags.map((f) => [f.questionId, f.flagged])) } };
          if (body.position !== undefined) s = { ...s, position: body.position };
          const feedback = [];
          for (const a of body.answers ?? []) {
            const item = items.get(a.questionId);
            if (!item || s.responses[a.questionId]) continue;
            s = { ...s, responses: { ...s.responses, [a.questionId]: a.response } };
            await recordAnswer(
              {
                id: newId(),
                userId,
                packId: pack.id,
                session: s.session,
                questionId: a.questionId,
                response: a.response,
                answeredAt: new Date().toISOString(),
                ...(a.unsure ? { unsure: true } : {}),
                ...(a.seconds !== undefined ? { seconds: a.seconds } : {}),
              },
              s,
            );
            feedback.push({ questionId: a.questionId, review: feedbackFor(item, a.response) });
          }
          if (!body.answers?.length) await saveSession(s);
          session.current = s;
          if (feedback.length) {
            await refreshPending(userId);
            if (navigator.onLine) void syncNow(userId);
          }
          return { feedback };
        });
        writes.current = write.catch(() => undefined);
        return write;
      },
    };
  }, [pack, userId]);

  const [confirming, setConfirming] = useState(false);
  const player = useQuizPlayer(quiz, confirming, local);
  const { position, flags } = player;

  async function finish() {
    await writes.current;
    const done = { ...session.current, finishedAt: new Date().toISOString() };
    await saveSession(done);
    setConfirming(false);
    onFinished(done);
  }

  return (
    <div className={`mx-auto max-w-3xl ${READING_TEXT_CLASS}`}>
      <header className="mb-4">
        <h1 className="text-xl font-bold text-slate-900">{quiz.title}</h1>
        <p className="text-sm text-slate-600">
          Question {position + 1} of {quiz.questions.length} · {player.answeredCount} answered · kept on this device until synced
        </p>
      </header>
      {player.error ? (
        <div className="mb-4">
          <Alert>{player.error}</Alert>
        </div>
      ) : null}
      <QuestionCard quiz={quiz} player={player} />
      <PlayerControls
        questions={quiz.questions}
        player={player}
        finish={
          <button type="button" className={buttonClass.primary} onClick={() => setConfirming(true)}>
            Finish quiz
          </button>
        }
        onSubmit={() => setConfirming(true)}
      />
      {confirming ? (
        <SubmitDialog
          answeredCount={player.answeredCount}
          questionCount={quiz.questions.length}
          hasFlagged={Object.values(flags).some(Boolean)}
          isSubmitting={false}
          unansweredNote="Unanswered questions stay in the pack for your next offline quiz."
          onSubmit={finish}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </div>
  );
}
