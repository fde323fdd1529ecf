import type { AnswerResponse, PlayerQuestion, QuestionReview, QuizModel } from "@academy/contract/quiz";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Modal } from "../../../components/ui/modal";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { Link, useNavigate, useSearchParams } from "../../../lib/navigation";
import { useQuizListQuery } from "../../../lib/shared-api/quiz";
import { quizKey, updateQuiz, useQuizQuery, useSubmitQuiz } from "../api/quizzes";
import { ReviewPanel } from "./review-panel";

export function QuizPlayerPage() {
  const [params] = useSearchParams();
  const id = Number(params.get("id"));
  const list = useQuizListQuery();
  if (Number.isInteger(id) && id > 0) return <Player id={id} />;
  if (list.isPending) return <Spinner />;
  const open = list.data?.find((q) => q.status === "in_progress");
  if (open) return <Player id={open.id} />;
  return (
    <Alert tone="info">
      You have no quiz in progress.{" "}
      <Link className={linkClass} to="/user/onboarding/allquizzes">
        Start one from your quizzes
      </Link>
    </Alert>
  );
}

type Saving = "idle" | "saving" | "saved" | "error";

function Player({ id }: { id: number }) {
  const quiz = useQuizQuery(id);
  const navigate = useNavigate();
  useEffect(() => {
    if (quiz.data && quiz.data.status !== "in_progress") navigate(`/user/onboarding/singlequiz/${id}`, { replace: true });
  }, [quiz.data, id, navigate]);
  if (quiz.isPending) return <Spinner label="Loading your quiz…" />;
  if (quiz.isError) return <Alert>{quiz.error.message}</Alert>;
  if (quiz.data.status !== "in_progress") return <Spinner />;
  return <PlayerBody quiz={quiz.data} />;
}

function PlayerBody({ quiz }: { quiz: QuizModel }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const submit = useSubmitQuiz(quiz.id);
  const [position, setPosition] = useState(Math.min(quiz.position, quiz.questions.length - 1));
  const [responses, setResponses] = useState<Record<string, AnswerResponse | null>>(() =>
    Object.fromEntries(quiz.questions.map((q) => [q.questionId, q.response])),
  );
  const [drafts, setDrafts] = useState<Record<string, AnswerResponse | null>>({});
  const [feedback, setFeedback] = useState<Record<string, QuestionReview | null | undefined>>(() =>
    Object.fromEntries(quiz.questions.map((q) => [q.questionId, q.feedback])),
  );
  const [flags, setFlags] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(quiz.questions.map((q) => [q.questionId, q.flagged])),
  );
  const [saving, setSaving] = useState<Saving>("idle");
  const [error, setError] = useState("");
  const [confirming, setConfirming] = useState(false);
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

  const save = useCallback(
    async (body: Parameters<typeof updateQuiz>[1]) => {
      setSaving("saving");
      setError("");
      try {
        const answer = await updateQuiz(quiz.id, body);
        setSaving("saved");
        for (const f of answer.feedback) setFeedback((m) => ({ ...m, [f.questionId]: f.review }));
        client.invalidateQueries({ queryKey: quizKey(quiz.id) });
        return true;
      } catch (failure) {
        setSaving("error");
        setError(toFormError(failure).message);
        return false;
      }
    },
    [quiz.id, client],
  );

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
  const locked = (!isExam && !!feedback[question.questionId]) || (isAdaptive && !!responses[question.questionId]);
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
    if (locked) return;
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

  // Keyboard: ← → (or p / n) move, f flags; options take digits via their own focus order.
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      // Inside a form control the keys belong to the control (arrows move between radio options).
      const target = e.target as HTMLElement;
      if (["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return;
      if (e.altKey || e.ctrlKey || e.metaKey || confirming) return;
      if (e.key === "ArrowRight" || e.key === "n") go(position + 1);
      else if (e.key === "ArrowLeft" || e.key === "p") go(position - 1);
      else if (e.key === "f") toggleFlag();
      else return;
      e.preventDefault();
    }
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const answeredCount = quiz.questions.filter((q) => responses[q.questionId]).length;

  async function finish() {
    try {
      await submit.mutateAsync();
      navigate(`/user/onboarding/singlequiz/${quiz.id}`);
    } catch (failure) {
      setConfirming(false);
      setError(toFormError(failure).message);
    }
  }

  return (
    <div className="mx-auto max-w-3xl">
      <header className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-xl font-bold text-slate-900">{quiz.title}</h1>
          <p className="text-sm text-slate-600">
            Question {position + 1} of {quiz.questions.length} · {answeredCount} answered
          </p>
        </div>
        <div className="flex items-center gap-3">
          {isExam && quiz.deadlineAt ? (
            <Countdown
              deadline={quiz.deadlineAt}
              serverNow={quiz.serverNow}
              onEnd={() => client.invalidateQueries({ queryKey: quizKey(quiz.id) })}
            />
          ) : null}
          <span role="status" className="text-xs text-slate-500">
            {saving === "saving" ? "Saving…" : saving === "saved" ? "All answers saved" : saving === "error" ? "Not saved" : ""}
          </span>
        </div>
      </header>

      {error ? (
        <div className="mb-4">
          <Alert>{error}</Alert>
        </div>
      ) : null}

      <section aria-labelledby="stem" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-xs font-medium uppercase tracking-wide text-red-800">
          {question.themeName} · level {question.difficulty}
        </p>
        <h2 id="stem" ref={stemRef} tabIndex={-1} className="mt-1 text-lg font-semibold text-slate-900 focus:outline-none">
          {question.stem}
        </h2>
        {question.image ? (
          <img
            src={question.image.url}
            alt={question.image.alt}
            className="mt-3 max-h-72 w-auto max-w-full rounded border border-slate-200 bg-white"
          />
        ) : null}
        <p className="mt-1 text-sm text-slate-500">{instruction(question)}</p>
        <div className="mt-4">
          <AnswerInput
            key={question.questionId}
            question={question}
            value={current}
            disabled={locked}
            live={!isExam || isAdaptive}
            onChange={respond}
          />
        </div>
        {!locked ? (
          <label className="mt-3 flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              className="size-4 accent-red-700"
              checked={!!unsure[question.questionId]}
              onChange={(e) => {
                const checked = e.target.checked;
                setUnsure((u) => ({ ...u, [question.questionId]: checked }));
                const given = responses[question.questionId];
                if (isExam && given)
                  void save({ answers: [{ questionId: question.questionId, response: given, unsure: checked, seconds: seconds() }] });
              }}
            />
            Not sure: bring this question back for review even if I get it right
          </label>
        ) : null}
        {(!isExam || isAdaptive) && !locked ? (
          <button
            type="button"
            className={`${buttonClass.primary} mt-4`}
            disabled={!drafts[question.questionId] || saving === "saving"}
            onClick={check}
          >
            {isAdaptive ? "Confirm answer" : "Check answer"}
          </button>
        ) : null}
        {isAdaptive && quiz.complete ? (
          <p className="mt-4 text-sm font-medium text-slate-800" role="status">
            Your exam is complete: your result is precise enough. Submit it to see your scaled result and your chance to pass.
          </p>
        ) : null}
        {!isExam && feedback[question.questionId] ? (
          <ReviewPanel question={question} review={feedback[question.questionId]!} response={responses[question.questionId] ?? null} />
        ) : null}
      </section>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <button type="button" className={buttonClass.secondary} onClick={() => go(position - 1)} disabled={position === 0}>
          ← Previous
        </button>
        <button type="button" className={buttonClass.ghost} onClick={toggleFlag} aria-pressed={!!flags[question.questionId]}>
          {flags[question.questionId] ? "⚑ Flagged for review" : "⚐ Flag for review"}
        </button>
        {position < quiz.questions.length - 1 ? (
          <button type="button" className={buttonClass.primary} onClick={() => go(position + 1)}>
            Next →
          </button>
        ) : (
          <button type="button" className={buttonClass.primary} onClick={() => setConfirming(true)}>
            Finish quiz
          </button>
        )}
      </div>

      <nav aria-label="Questions" className="mt-6">
        <ol className="grid grid-cols-8 gap-1.5 sm:grid-cols-10">
          {quiz.questions.map((q, i) => {
            const answered = !!responses[q.questionId];
            return (
              <li key={q.questionId}>
                <button
                  type="button"
                  onClick={() => go(i)}
                  aria-current={i === position ? "step" : undefined}
                  aria-label={`Question ${i + 1}${answered ? ", answered" : ""}${flags[q.questionId] ? ", flagged" : ""}`}
                  className={`relative h-9 w-full rounded-md border text-sm font-medium ${i === position ? "border-red-700 ring-2 ring-red-700" : "border-slate-300"} ${answered ? "bg-slate-800 text-white" : "bg-white text-slate-800"}`}
                >
                  {i + 1}
                  {flags[q.questionId] ? (
                    <span aria-hidden="true" className="absolute -top-1 -right-1 size-2.5 rounded-full bg-amber-500" />
                  ) : null}
                </button>
              </li>
            );
          })}
        </ol>
        <p className="mt-2 text-xs text-slate-500">
          Keyboard: Tab to an answer, arrows or Space to choose; outside the answers ← → move between questions and f flags.
        </p>
        <div className="mt-4 flex justify-end">
          <button type="button" className={buttonClass.secondary} onClick={() => setConfirming(true)}>
            Submit now
          </button>
        </div>
      </nav>

      {confirming ? (
        <Modal title="Submit your quiz?" onClose={() => setConfirming(false)}>
          <p className="text-sm text-slate-700">
            You answered {answeredCount} of {quiz.questions.length} questions.
            {answeredCount < quiz.questions.length ? " Unanswered questions count as wrong." : ""}
            {Object.values(flags).some(Boolean) ? " Some questions are still flagged." : ""}
          </p>
          <div className="mt-4 flex justify-end gap-2">
            <button type="button" className={buttonClass.secondary} onClick={() => setConfirming(false)}>
              Keep going
            </button>
            <button type="button" className={buttonClass.primary} onClick={finish} disabled={submit.isPending}>
              {submit.isPending ? "Submitting…" : "Submit"}
            </button>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}

function instruction(q: PlayerQuestion) {
  switch (q.type) {
    case "single":
      return "Choose one answer.";
    case "true_false":
      return "True or false?";
    case "multiple":
      return `Choose ${q.choose ?? "all that apply"}. All must be right to score.`;
    case "ordering":
      return "Put the items in order: first at the top. Use the arrows to move an item.";
    case "numeric":
      return `Enter a number${q.unit ? ` in ${q.unit}` : ""}.`;
  }
}

type InputProps = {
  question: PlayerQuestion;
  value: AnswerResponse | null;
  disabled: boolean;
  live?: boolean;
  onChange: (v: AnswerResponse) => void;
};

function AnswerInput({ question, value, disabled, live, onChange }: InputProps) {
  const name = `q-${question.questionId}`;
  if (question.type === "single" || question.type === "true_false") {
    const chosen = value && "choice" in value ? value.choice : null;
    return (
      <fieldset disabled={disabled}>
        <legend className="sr-only">Answer</legend>
        <div className="space-y-2">
          {question.options.map((o) => (
            <label
              key={o.id}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 ${chosen === o.id ? "border-red-700 bg-red-50" : "border-slate-200 hover:bg-slate-50"}`}
            >
              <input
                type="radio"
                name={name}
                className="mt-1 accent-red-700"
                checked={chosen === o.id}
                onChange={() => onChange({ choice: o.id })}
              />
              <span className="text-slate-900">{o.text}</span>
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  if (question.type === "multiple") {
    const chosen = value && "choices" in value ? value.choices : [];
    return (
      <fieldset disabled={disabled}>
        <legend className="sr-only">Answers</legend>
        <div className="space-y-2">
          {question.options.map((o) => (
            <label
              key={o.id}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 ${chosen.includes(o.id) ? "border-red-700 bg-red-50" : "border-slate-200 hover:bg-slate-50"}`}
            >
              <input
                type="checkbox"
                className="mt-1 accent-red-700"
                checked={chosen.includes(o.id)}
                onChange={() => onChange({ choices: chosen.includes(o.id) ? chosen.filter((c) => c !== o.id) : [...chosen, o.id] })}
              />
              <span className="text-slate-900">{o.text}</span>
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  if (question.type === "ordering") return <OrderingInput question={question} value={value} disabled={disabled} onChange={onChange} />;
  return <NumericInput question={question} value={value} disabled={disabled} live={live} onChange={onChange} />;
}

function OrderingInput({
  question,
  value,
  disabled,
  onChange,
}: {
  question: PlayerQuestion;
  value: AnswerResponse | null;
  disabled: boolean;
  onChange: (v: AnswerResponse) => void;
}) {
  const order = value && "order" in value ? value.order : question.options.map((o) => o.id);
  const text = useMemo(() => new Map(question.options.map((o) => [o.id, o.text])), [question.options]);
  const [announce, setAnnounce] = useState("");
  function move(i: number, by: number) {
    const j = i + by;
    if (j < 0 || j >= order.length) return;
    const next = [...order];
    [next[i], next[j]] = [next[j]!, next[i]!];
    setAnnounce(`${text.get(order[i]!)} moved to position ${j + 1}`);
    onChange({ order: next });
  }
  return (
    <div>
      <ol className="space-y-2">
        {order.map((id, i) => (
          <li key={id} className="flex items-center gap-2 rounded-lg border border-slate-200 bg-white p-2">
            <span className="w-6 text-center text-sm font-semibold text-slate-500">{i + 1}</span>
            <span className="flex-1 text-slate-900">{text.get(id)}</span>
            <button
              type="button"
              className={buttonClass.ghost}
              disabled={disabled || i === 0}
              onClick={() => move(i, -1)}
              aria-label={`Move "${text.get(id)}" up`}
            >
              ↑
            </button>
            <button
              type="button"
              className={buttonClass.ghost}
              disabled={disabled || i === order.length - 1}
              onClick={() => move(i, 1)}
              aria-label={`Move "${text.get(id)}" down`}
            >
              ↓
            </button>
          </li>
        ))}
      </ol>
      {!value && !disabled ? (
        <button type="button" className={`${buttonClass.secondary} mt-2`} onClick={() => onChange({ order })}>
          Keep this order
        </button>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
    </div>
  );
}

/** Exam mode saves on Enter or leaving the field; practice mode keeps a draft as you type (checked with the button). */
function NumericInput({ question, value, disabled, live, onChange }: InputProps) {
  const [text, setText] = useState(value && "value" in value ? String(value.value) : "");
  const [error, setError] = useState("");
  function commit() {
    const n = Number(text.replace(",", "."));
    if (text.trim() === "" || !Number.isFinite(n)) {
      setError("Enter a number");
      return;
    }
    setError("");
    onChange({ value: n });
  }
  const id = `num-${question.questionId}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Your answer{question.unit ? ` (${question.unit})` : ""}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          type="number"
          step="any"
          inputMode="decimal"
          disabled={disabled}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            const n = Number(e.target.value.replace(",", "."));
            if (live && e.target.value.trim() !== "" && Number.isFinite(n)) onChange({ value: n });
          }}
          onBlur={() => text.trim() && commit()}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              commit();
            }
          }}
          className="block w-40 rounded-lg border border-slate-300 px-3 py-2.5 text-base sm:text-sm"
        />
        {question.unit ? <span className="self-center text-slate-600">{question.unit}</span> : null}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function Countdown({ deadline, serverNow, onEnd }: { deadline: string; serverNow: string; onEnd: () => void }) {
  // Offset between this device's clock and the server's, so a wrong device clock does not matter.
  const offset = useMemo(() => new Date(serverNow).getTime() - Date.now(), [serverNow]);
  const [left, setLeft] = useState(() => new Date(deadline).getTime() - (Date.now() + offset));
  useEffect(() => {
    const timer = setInterval(() => {
      const ms = new Date(deadline).getTime() - (Date.now() + offset);
      setLeft(ms);
      if (ms <= -6000) {
        clearInterval(timer);
        onEnd();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline, offset, onEnd]);
  const s = Math.max(0, Math.floor(left / 1000));
  const text = `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  return (
    <span
      className={`rounded-md px-2 py-1 font-mono text-sm font-semibold ${s < 60 ? "bg-red-100 text-red-800" : "bg-slate-100 text-slate-800"}`}
      role="timer"
      aria-label={`Time left ${Math.floor(s / 60)} minutes ${s % 60} seconds`}
    >
      {text}
    </span>
  );
}
