import { formatNumber } from "@academy/contract/formula";
import type { AdminQuestion } from "@academy/contract/quiz";
import { useState } from "react";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { sampleNumbers } from "../sample-numbers";
import { fieldClass as input } from "./field-class";

export type Type = AdminQuestion["type"];
export type Option = { id: string; text: string; correct?: boolean; explanation: string };
export type Numeric = NonNullable<AdminQuestion["numeric"]>;
type Errors = Record<string, string>;

/** The options a new question of this type starts with. */
export function blankOptions(type: Type): Option[] {
  if (type === "true_false")
    return [
      { id: "true", text: "True", correct: true, explanation: "" },
      { id: "false", text: "False", correct: false, explanation: "" },
    ];
  if (type === "ordering") return ["a", "b", "c"].map((id) => ({ id, text: "", explanation: "" }));
  return ["a", "b", "c", "d"].map((id, i) => ({ id, text: "", correct: i === 0, explanation: "" }));
}

/** A field's error from the server, under the field. */
export function FieldError({ errors, name }: { errors: Errors; name: string }) {
  return errors[name] ? (
    <p role="alert" className="mt-1 text-xs text-red-700">
      {errors[name]}
    </p>
  ) : null;
}

/** A numeric question's answer (or formula), tolerance and unit. */
export function NumericFields({ numeric, errors, onChange }: { numeric: Numeric; errors: Errors; onChange: (n: Numeric) => void }) {
  const err = (key: string) => <FieldError errors={errors} name={key} />;
  return (
    <div className="grid grid-cols-3 gap-3">
      {numeric.formula !== undefined ? (
        <label className="text-sm font-medium text-slate-800">
          Formula
          <input className={input} value={numeric.formula} onChange={(e) => onChange({ ...numeric, formula: e.target.value })} />
          {err("formula")}
        </label>
      ) : (
        <label className="text-sm font-medium text-slate-800">
          Answer
          <input
            type="number"
            step="any"
            className={input}
            value={numeric.answer ?? 0}
            onChange={(e) => onChange({ ...numeric, answer: Number(e.target.value) })}
          />
          {err("answer")}
        </label>
      )}
      <label className="text-sm font-medium text-slate-800">
        Tolerance ±
        <input
          type="number"
          step="any"
          min={0}
          className={input}
          value={numeric.tolerance}
          onChange={(e) => onChange({ ...numeric, tolerance: Number(e.target.value) })}
        />
        {err("tolerance")}
      </label>
      <label className="text-sm font-medium text-slate-800">
        Unit
        <input className={input} value={numeric.unit} onChange={(e) => onChange({ ...numeric, unit: e.target.value })} />
      </label>
    </div>
  );
}

/** The options (or, for ordering, the items in order), each with its key and explanation. */
export function OptionsFields({
  type,
  options,
  errors,
  onChange,
}: {
  type: Type;
  options: Option[];
  errors: Errors;
  onChange: (o: Option[]) => void;
}) {
  const err = (key: string) => <FieldError errors={errors} name={key} />;
  const setOption = (i: number, patch: Partial<Option>) =>
    onChange(options.map((x, k) => (k === i ? { ...x, ...patch } : type === "single" && patch.correct ? { ...x, correct: false } : x)));
  const nextId = () => "abcdefg".split("").find((c) => !options.some((o) => o.id === c)) ?? "g";
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">
        {type === "ordering" ? "Items, in the correct order (candidates see them shuffled)" : "Options"}
      </legend>
      {options.map((o, i) => (
        <div key={o.id} className="rounded-lg border border-slate-200 p-2">
          <div className="flex items-center gap-2">
            <span className="w-5 text-sm font-semibold text-slate-500">{type === "ordering" ? i + 1 : o.id}</span>
            <input
              aria-label={`Option ${o.id} text`}
              className={`${input} mt-0`}
              value={o.text}
              disabled={type === "true_false"}
              onChange={(e) => setOption(i, { text: e.target.value })}
            />
            {type !== "ordering" ? (
              <label className="flex items-center gap-1 text-xs text-slate-700">
                <input
                  type={type === "multiple" ? "checkbox" : "radio"}
                  name="key"
                  checked={!!o.correct}
                  onChange={(e) => setOption(i, { correct: type === "multiple" ? e.target.checked : true })}
                />
                Key
              </label>
            ) : null}
            {type !== "true_false" && options.length > 3 ? (
              <button
                type="button"
                className={linkClass}
                aria-label={`Remove option ${o.id}`}
                onClick={() => onChange(options.filter((_, k) => k !== i))}
              >
                ✕
              </button>
            ) : null}
          </div>
          <input
            aria-label={`Option ${o.id} explanation`}
            placeholder="Why this option is right or wrong"
            className={`${input} mt-1`}
            value={o.explanation}
            onChange={(e) => setOption(i, { explanation: e.target.value })}
          />
          {err(`options.${i}.text`)}
          {err(`options.${i}.explanation`)}
        </div>
      ))}
      {type !== "true_false" && options.length < 7 ? (
        <button
          type="button"
          className={buttonClass.ghost}
          onClick={() =>
            onChange([...options, { id: nextId(), text: "", explanation: "", ...(type === "ordering" ? {} : { correct: false }) }])
          }
        >
          + Add option
        </button>
      ) : null}
      {err("options")}
      {err("question")}
    </fieldset>
  );
}

type PreviewProps = {
  type: Type;
  difficulty: number;
  stem: string;
  options: Option[];
  numeric: Numeric;
  explanation: string;
  source: string;
};

/** What a candidate sees of the question being edited; numbers that vary are filled in as a quiz draws them. */
export function QuestionPreview({ type, difficulty, stem, options, numeric, explanation, source }: PreviewProps) {
  const [draw, setDraw] = useState(0);
  const sample = type === "numeric" ? sampleNumbers(numeric, { stem, explanation }, draw) : { stem, explanation, values: {}, answer: null };
  const varies = type === "numeric" && !!numeric.formula && !!numeric.variables;
  return (
    <aside aria-label="Preview" className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Preview: what a candidate sees</p>
      <p className="mt-2 text-xs text-red-800">Level {difficulty}</p>
      <p className="mt-1 font-semibold text-slate-900" data-testid="preview-stem">
        {sample.stem || "Your question appears here"}
      </p>
      {type === "numeric" ? (
        <div className="mt-3 text-sm text-slate-700">
          <p>
            [ number ] {numeric.unit} · accepted: {sample.answer === null ? (numeric.formula ?? "…") : formatNumber(sample.answer)} ±{" "}
            {numeric.tolerance}
          </p>
          {varies ? (
            <p className="mt-1 text-xs text-slate-600">
              One draw of the numbers; each quiz draws its own:{" "}
              {Object.entries(numeric.variables ?? {})
                .map(([name, v]) => `${name} ${v.min} to ${v.max} in steps of ${v.step}`)
                .join("; ")}
              . Answer by {numeric.formula}.{" "}
              <button type="button" className={linkClass} onClick={() => setDraw((d) => d + 1)}>
                Other numbers
              </button>
            </p>
          ) : null}
        </div>
      ) : (
        <ul className="mt-3 space-y-1.5">
          {options.map((o, i) => (
            <li key={o.id} className={`rounded border bg-white p-2 text-sm ${o.correct ? "border-emerald-400" : "border-slate-200"}`}>
              {type === "ordering" ? `${i + 1}. ` : ""}
              {o.text || "…"}
              {o.explanation ? <span className="block text-xs text-slate-500">{o.explanation}</span> : null}
            </li>
          ))}
        </ul>
      )}
      {sample.explanation ? <p className="mt-3 text-sm text-slate-700">{sample.explanation}</p> : null}
      {source ? <p className="mt-1 text-xs text-slate-500">Source: {source}</p> : null}
    </aside>
  );
}
