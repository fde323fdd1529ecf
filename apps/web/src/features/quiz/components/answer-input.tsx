import type { AnswerResponse, PlayerQuestion } from "@academy/contract/quiz";
import { useMemo, useRef, useState } from "react";
import { buttonClass } from "../../../components/ui/styles";

/** What the candidate is asked to do with a question of this type. */
export function instruction(q: PlayerQuestion) {
  switch (q.type) {
    case "single":
      return "Choose one answer.";
    case "true_false":
      return "True or false?";
    case "multiple":
      return `Choose ${q.choose ?? "all that apply"}. All must be right to score.`;
    case "ordering":
      return "Put the items in order: first at the top. Drag an item by its handle, or move it with the arrow buttons.";
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

/** The answer field of one question: radios, checkboxes, an ordered list or a number. */
export function AnswerInput({ question, value, disabled, live, onChange }: InputProps) {
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
  // Dragging by the handle (mouse, pen or touch): the item taken and the place it would drop into.
  const [drag, setDrag] = useState<{ from: number; over: number } | null>(null);
  const rows = useRef<(HTMLLIElement | null)[]>([]);

  function place(from: number, to: number) {
    if (to === from || to < 0 || to >= order.length) return;
    const next = moveItem(order, from, to);
    setAnnounce(`${text.get(order[from]!)} moved to position ${to + 1}`);
    onChange({ order: next });
  }
  /** The position the pointer is over: the row whose band holds it, the ends beyond them. */
  function positionAt(y: number) {
    let at = 0;
    rows.current.forEach((row, i) => {
      if (row && y >= row.getBoundingClientRect().top) at = i;
    });
    return at;
  }

  return (
    <div>
      <ol className="space-y-2">
        {order.map((id, i) => (
          <li
            key={id}
            ref={(el) => {
              rows.current[i] = el;
            }}
            data-testid="ordering-item"
            className={`flex items-center gap-2 rounded-lg border bg-white p-2 ${
              drag?.from === i ? "opacity-60" : ""
            } ${drag && drag.over === i && drag.from !== i ? "border-red-700 ring-2 ring-red-700" : "border-slate-200"}`}
          >
            <span
              aria-hidden="true"
              data-testid="drag-handle"
              title="Drag to move"
              className={`select-none px-1 text-lg leading-none text-slate-400 ${disabled ? "" : "cursor-grab touch-none active:cursor-grabbing"}`}
              onPointerDown={(e) => {
                if (disabled) return;
                e.preventDefault();
                e.currentTarget.setPointerCapture(e.pointerId);
                setDrag({ from: i, over: i });
              }}
              onPointerMove={(e) => {
                if (drag) setDrag({ ...drag, over: positionAt(e.clientY) });
              }}
              onPointerUp={() => {
                if (drag) place(drag.from, drag.over);
                setDrag(null);
              }}
              onPointerCancel={() => setDrag(null)}
            >
              ⠿
            </span>
            <span className="w-6 text-center text-sm font-semibold text-slate-500">{i + 1}</span>
            <span className="flex-1 text-slate-900">{text.get(id)}</span>
            <button
              type="button"
              className={buttonClass.ghost}
              disabled={disabled || i === 0}
              onClick={() => place(i, i - 1)}
              aria-label={`Move "${text.get(id)}" up`}
            >
              ↑
            </button>
            <button
              type="button"
              className={buttonClass.ghost}
              disabled={disabled || i === order.length - 1}
              onClick={() => place(i, i + 1)}
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

/** The list with the item at `from` taken out and put in at `to` (the others keep their order). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
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
