import type { AssistantAnswer } from "@academy/contract/library";
import { ASSISTANT_PROMPT_MAX } from "@academy/contract/library-links";
import { type FormEvent, Fragment, useEffect, useId, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { Link, useLocation } from "../../../lib/navigation";
import { READING_TEXT_CLASS } from "../../../lib/text-size";
import { useAskAssistant } from "../api/ask-assistant";
import { useAssistantHistory } from "../api/assistant-history";
import { useAssistantStatus } from "../api/assistant-status";
import { useTranscribe } from "../api/transcribe-audio";
import { useTranslate } from "../api/translate-text";

/** The answer's text with each [n] turned into a link to the source it cites. */
function AnswerText({ answer }: { answer: AssistantAnswer }) {
  // Each part is keyed by where it starts in the answer: stable for one answer, unique within it.
  let at = 0;
  const parts = answer.answer.split(/(\[\d{1,2}\])/g).map((text) => {
    const part = { text, at };
    at += text.length;
    return part;
  });
  return (
    <p className="whitespace-pre-line text-slate-800">
      {parts.map(({ text, at: key }) => {
        const n = /^\[(\d{1,2})\]$/.exec(text)?.[1];
        const cited = n ? answer.citations.find((c) => c.n === Number(n)) : undefined;
        return cited ? (
          <Link
            key={key}
            to={cited.url}
            className={`${linkClass} text-xs align-super`}
            aria-label={`Source ${cited.n}: ${cited.heading}${cited.locked ? ` (locked: ${cited.locked.message})` : ""}`}
          >
            [{cited.n}]{cited.locked ? "🔒" : ""}
          </Link>
        ) : (
          <Fragment key={key}>{text}</Fragment>
        );
      })}
    </p>
  );
}

const LANGUAGES = ["French", "German", "Spanish", "Italian", "Dutch", "Polish", "Portuguese", "Arabic", "Ukrainian"];

function Translation({ text }: { text: string }) {
  const translate = useTranslate();
  const id = useId();
  return (
    <div className="mt-2 text-sm">
      <label htmlFor={id} className="mr-2 text-slate-600">
        Translate into
      </label>
      <select
        id={id}
        defaultValue=""
        className="rounded border border-slate-300 px-2 py-1"
        onChange={(e) => e.target.value && translate.mutate({ text, target_language: e.target.value })}
      >
        <option value="">Choose a language</option>
        {LANGUAGES.map((l) => (
          <option key={l}>{l}</option>
        ))}
      </select>
      {translate.isPending ? <span className="ml-2 text-slate-600">Translating…</span> : null}
      {translate.isError ? <p className="mt-1 text-red-800">{translate.error.message}</p> : null}
      {translate.data ? <p className="mt-2 rounded-lg bg-slate-50 p-3 text-slate-800">{translate.data}</p> : null}
    </div>
  );
}

function Exchange({ item, canTranslate }: { item: AssistantAnswer; canTranslate: boolean }) {
  return (
    <li className="space-y-2">
      <p className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-red-700 px-4 py-2 text-sm text-white">{item.prompt}</p>
      <div
        className={`max-w-[95%] rounded-2xl rounded-bl-sm border p-4 text-sm ${item.answered ? "border-slate-200 bg-white" : "border-amber-200 bg-amber-50"}`}
      >
        <AnswerText answer={item} />
        {item.citations.length ? (
          <div className="mt-3">
            <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Sources</h3>
            <ol className="mt-1 space-y-2">
              {item.citations.map((c) => (
                <li key={c.n}>
                  <Link to={c.url} className={linkClass}>
                    [{c.n}] {c.documentTitle} — {c.heading}
                  </Link>
                  {c.locked ? (
                    // The plan no longer opens this section: said before the click, not after.
                    <p className="mt-1 text-xs font-medium text-amber-900">
                      <span aria-hidden="true">🔒 </span>
                      {c.locked.message}
                    </p>
                  ) : null}
                  <blockquote className="mt-1 border-l-4 border-slate-200 pl-3 text-slate-600">{c.quote}</blockquote>
                </li>
              ))}
            </ol>
          </div>
        ) : (
          <p className="mt-2">
            <Link to={`/user/document-library?q=${encodeURIComponent(item.prompt.slice(0, 200))}`} className={linkClass}>
              Search the library for these words
            </Link>
          </p>
        )}
        <p className="mt-2 text-xs text-slate-500">
          Answered by the {item.answerer} answerer · {new Date(item.createdAt).toLocaleString()}
        </p>
        {canTranslate && item.answered ? <Translation text={item.answer} /> : null}
      </div>
    </li>
  );
}

/** Records a spoken question and turns it into text through the configured provider (shown only when one is). */
function SpeakButton({ onText }: { onText: (text: string) => void }) {
  const transcribe = useTranscribe();
  const [recorder, setRecorder] = useState<MediaRecorder | null>(null);
  const start = async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    const rec = new MediaRecorder(stream);
    const chunks: Blob[] = [];
    rec.ondataavailable = (e) => chunks.push(e.data);
    rec.onstop = () => {
      for (const t of stream.getTracks()) t.stop();
      transcribe.mutate(new Blob(chunks, { type: rec.mimeType }), { onSuccess: onText });
    };
    rec.start();
    setRecorder(rec);
  };
  if (typeof MediaRecorder === "undefined") return null;
  return (
    <>
      <button
        type="button"
        className={buttonClass.secondary}
        onClick={() => {
          if (recorder) {
            recorder.stop();
            setRecorder(null);
          } else start().catch(() => undefined);
        }}
      >
        {recorder ? "Stop and use" : transcribe.isPending ? "Transcribing…" : "Speak"}
      </button>
      {transcribe.isError ? <span className="text-sm text-red-800">{transcribe.error.message}</span> : null}
    </>
  );
}

/** The study assistant: questions answered from the library, each answer citing the sections it used. */
export function AssistantPage() {
  const { search } = useLocation();
  const initial = new URLSearchParams(search).get("q") ?? "";
  const [prompt, setPrompt] = useState(initial.slice(0, ASSISTANT_PROMPT_MAX));
  const history = useAssistantHistory();
  const status = useAssistantStatus();
  const ask = useAskAssistant();
  const inputId = useId();
  const endRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const count = history.data?.length ?? 0;

  useEffect(() => {
    if (initial) inputRef.current?.focus();
  }, [initial]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the conversation grows or an answer is on its way
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: "end" });
  }, [count, ask.isPending]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = prompt.trim();
    if (!text || ask.isPending) return;
    ask.mutate(text, { onSuccess: () => setPrompt("") });
  };
  const quota = status.data?.quota;
  const left = quota ? Math.max(0, quota.perDay - quota.usedToday) : null;

  return (
    <div className={`mx-auto max-w-3xl ${READING_TEXT_CLASS}`}>
      <PageHeader
        title="Study assistant"
        description="Ask about anything in the study library. Answers come from the documents your plan opens, and every answer links to the sections it used."
      />
      {status.data ? (
        <p className="mb-4 text-sm text-slate-600" role="status">
          {status.data.answerer === "built-in"
            ? "Answers quote the library directly."
            : status.data.reachable
              ? `Answers are written by ${status.data.model} from the library's sections.`
              : "The writing service is not reachable right now; answers quote the library directly."}{" "}
          {left !== null ? `${left} of ${quota!.perDay} questions left today.` : null}
        </p>
      ) : null}
      {history.isError ? <Alert tone="error">{history.error.message}</Alert> : null}
      {history.isPending ? (
        <Spinner label="Loading your conversation…" />
      ) : (
        <ol className="space-y-6" aria-live="polite">
          {history.data?.length === 0 ? (
            <li className="rounded-xl border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
              No questions yet. Try “How many back blows for a choking adult?” or ask why a quiz answer is right.
            </li>
          ) : null}
          {history.data?.map((item) => (
            <Exchange key={item.id} item={item} canTranslate={!!status.data?.translate} />
          ))}
        </ol>
      )}
      {ask.isPending ? (
        <div className="mt-4">
          <Spinner label="Reading the library and writing the answer…" />
        </div>
      ) : null}
      <div ref={endRef} />
      <form onSubmit={submit} className="sticky bottom-0 mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800">
          Your question
        </label>
        <textarea
          id={inputId}
          ref={inputRef}
          value={prompt}
          maxLength={ASSISTANT_PROMPT_MAX}
          rows={3}
          onChange={(e) => setPrompt(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && !e.shiftKey) submit(e);
          }}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-red-600 focus:outline-none focus:ring-2 focus:ring-red-200"
        />
        {ask.isError ? <Alert tone="error">{ask.error.message}</Alert> : null}
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <button type="submit" className={buttonClass.primary} disabled={!prompt.trim() || ask.isPending || left === 0}>
            Ask
          </button>
          {status.data?.transcribe ? (
            <SpeakButton onText={(text) => setPrompt((p) => `${p}${p ? " " : ""}${text}`.slice(0, ASSISTANT_PROMPT_MAX))} />
          ) : null}
          <span className="ml-auto text-xs text-slate-500">
            {prompt.length}/{ASSISTANT_PROMPT_MAX}
          </span>
        </div>
      </form>
    </div>
  );
}
