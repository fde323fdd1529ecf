import type { AdminQuestion } from "@academy/contract/quiz";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { saveQuestion, type ThemeRow } from "../api/question-bank";

type Type = AdminQuestion["type"];
type Option = { id: string; text: string; correct?: boolean; explanation: string };
const TYPES: [Type, string][] = [
  ["single", "Single choice"],
  ["multiple", "Multiple response"],
  ["true_false", "True / false"],
  ["ordering", "Ordering"],
  ["numeric", "Numeric"],
];
const input = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";

function blankOptions(type: Type): Option[] {
  if (type === "true_false")
    return [
      { id: "true", text: "True", correct: true, explanation: "" },
      { id: "false", text: "False", correct: false, explanation: "" },
    ];
  if (type === "ordering") return ["a", "b", "c"].map((id) => ({ id, text: "", explanation: "" }));
  return ["a", "b", "c", "d"].map((id, i) => ({ id, text: "", correct: i === 0, explanation: "" }));
}

/** Add or edit a question of any type; the right-hand preview shows what a candidate sees. */
export function QuestionEditor({ question, themes, onDone }: { question: AdminQuestion | null; themes: ThemeRow[]; onDone: () => void }) {
  const [theme, setTheme] = useState(question?.theme ?? themes[0]?.slug ?? "");
  const [status, setStatus] = useState<AdminQuestion["status"]>(question?.status ?? "review");
  const [type, setType] = useState<Type>(question?.type ?? "single");
  const [difficulty, setDifficulty] = useState(question?.difficulty ?? 2);
  const [stem, setStem] = useState(question?.stem ?? "");
  const [options, setOptions] = useState<Option[]>(question?.options.length ? question.options : blankOptions(question?.type ?? "single"));
  const [numeric, setNumeric] = useState(question?.numeric ?? { answer: 0, tolerance: 0, unit: "" });
  const [explanation, setExplanation] = useState(question?.explanation ?? "");
  const [source, setSource] = useState(question?.source ?? "");
  const [region, setRegion] = useState(question?.region ?? "global");
  const [refDoc, setRefDoc] = useState(question?.reference?.document ?? "");
  const [refSection, setRefSection] = useState(question?.reference?.section ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");
  const [saving, setSaving] = useState(false);

  function changeType(next: Type) {
    setType(next);
    if (next !== "numeric") setOptions(blankOptions(next));
  }
  const setOption = (i: number, patch: Partial<Option>) =>
    setOptions((o) => o.map((x, k) => (k === i ? { ...x, ...patch } : type === "single" && patch.correct ? { ...x, correct: false } : x)));
  const nextId = () => "abcdefg".split("").find((c) => !options.some((o) => o.id === c)) ?? "g";

  async function save() {
    setSaving(true);
    setMessage("");
    const question_ = {
      type,
      difficulty,
      stem,
      region,
      explanation,
      source,
      ...(refDoc ? { reference: { document: refDoc, section: refSection } } : {}),
      ...(type === "numeric"
        ? {
            // A question whose numbers vary per attempt keeps its variables and formula instead of an answer.
            ...(numeric.formula ? { formula: numeric.formula, variables: numeric.variables } : { answer: numeric.answer ?? 0 }),
            tolerance: numeric.tolerance,
            unit: numeric.unit,
          }
        : { options: type === "ordering" ? options.map(({ correct: _c, ...o }) => o) : options }),
    };
    try {
      await saveQuestion(question?.id ?? null, { theme, status, question: question_ });
      onDone();
    } catch (failure) {
      const f = toFormError(failure);
      setMessage(f.message);
      setErrors(f.fields);
    } finally {
      setSaving(false);
    }
  }

  const err = (key: string) =>
    errors[key] ? (
      <p role="alert" className="mt-1 text-xs text-red-700">
        {errors[key]}
      </p>
    ) : null;

  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {message ? (
          <Alert>
            {message}
            {Object.keys(errors).length
              ? `: ${Object.entries(errors)
                  .map(([k, v]) => `${k} ${v}`)
                  .join("; ")}`
              : ""}
          </Alert>
        ) : null}
        <div className="grid grid-cols-2 gap-3">
          <label className="text-sm font-medium text-slate-800">
            Theme
            <select
              className={input}
              value={theme}
              onChange={(e) => setTheme(e.target.value)}
              aria-invalid={errors.theme ? true : undefined}
            >
              {themes.map((t) => (
                <option key={t.slug} value={t.slug}>
                  {t.name}
                </option>
              ))}
            </select>
            {err("theme")}
          </label>
          <label className="text-sm font-medium text-slate-800">
            Status
            <select className={input} value={status} onChange={(e) => setStatus(e.target.value as AdminQuestion["status"])}>
              <option value="review">In review</option>
              <option value="active">Active</option>
              <option value="retired">Retired</option>
            </select>
          </label>
          <label className="text-sm font-medium text-slate-800">
            Type
            <select className={input} value={type} onChange={(e) => changeType(e.target.value as Type)} disabled={!!question}>
              {TYPES.map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-800">
            Difficulty
            <select className={input} value={difficulty} onChange={(e) => setDifficulty(Number(e.target.value))}>
              {[1, 2, 3, 4, 5].map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </select>
          </label>
        </div>
        <label className="block text-sm font-medium text-slate-800">
          Question
          <textarea
            className={input}
            rows={3}
            value={stem}
            onChange={(e) => setStem(e.target.value)}
            aria-invalid={errors.stem ? true : undefined}
          />
          {err("stem")}
        </label>
        {type === "numeric" ? (
          <div className="grid grid-cols-3 gap-3">
            {numeric.formula !== undefined ? (
              <label className="text-sm font-medium text-slate-800">
                Formula
                <input className={input} value={numeric.formula} onChange={(e) => setNumeric({ ...numeric, formula: e.target.value })} />
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
                  onChange={(e) => setNumeric({ ...numeric, answer: Number(e.target.value) })}
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
                onChange={(e) => setNumeric({ ...numeric, tolerance: Number(e.target.value) })}
              />
              {err("tolerance")}
            </label>
            <label className="text-sm font-medium text-slate-800">
              Unit
              <input className={input} value={numeric.unit} onChange={(e) => setNumeric({ ...numeric, unit: e.target.value })} />
            </label>
          </div>
        ) : (
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
                      onClick={() => setOptions(options.filter((_, k) => k !== i))}
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
                  setOptions([...options, { id: nextId(), text: "", explanation: "", ...(type === "ordering" ? {} : { correct: false }) }])
                }
              >
                + Add option
              </button>
            ) : null}
            {err("options")}
            {err("question")}
          </fieldset>
        )}
        <label className="block text-sm font-medium text-slate-800">
          Explanation (the teaching point)
          <textarea className={input} rows={2} value={explanation} onChange={(e) => setExplanation(e.target.value)} />
          {err("explanation")}
        </label>
        <label className="block text-sm font-medium text-slate-800">
          Source (guideline or standard)
          <input className={input} value={source} onChange={(e) => setSource(e.target.value)} />
          {err("source")}
        </label>
        <div className="grid grid-cols-3 gap-3">
          <label className="text-sm font-medium text-slate-800">
            Region
            <select className={input} value={region} onChange={(e) => setRegion(e.target.value)}>
              {["global", "europe", "north-america", "uk", "australia-nz"].map((r) => (
                <option key={r}>{r}</option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-800">
            Library document
            <input className={input} value={refDoc} onChange={(e) => setRefDoc(e.target.value)} placeholder="circulation-cpr" />
          </label>
          <label className="text-sm font-medium text-slate-800">
            Section
            <input className={input} value={refSection} onChange={(e) => setRefSection(e.target.value)} />
          </label>
        </div>
        <div className="flex gap-2">
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            {saving ? "Saving…" : "Save question"}
          </button>
          <button type="button" className={buttonClass.secondary} onClick={onDone}>
            Cancel
          </button>
        </div>
      </form>
      <aside aria-label="Preview" className="rounded-xl border border-dashed border-slate-300 bg-slate-50 p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Preview: what a candidate sees</p>
        <p className="mt-2 text-xs text-red-800">Level {difficulty}</p>
        <p className="mt-1 font-semibold text-slate-900">{stem || "Your question appears here"}</p>
        {type === "numeric" ? (
          <p className="mt-3 text-sm text-slate-700">
            [ number ] {numeric.unit} · accepted: {numeric.formula ?? numeric.answer} ± {numeric.tolerance}
            {numeric.variables ? (
              <span className="mt-1 block text-xs text-slate-600">
                Numbers drawn per attempt:{" "}
                {Object.entries(numeric.variables)
                  .map(([name, v]) => `${name} ${v.min} to ${v.max} in steps of ${v.step}`)
                  .join("; ")}
              </span>
            ) : null}
          </p>
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
        {explanation ? <p className="mt-3 text-sm text-slate-700">{explanation}</p> : null}
        {source ? <p className="mt-1 text-xs text-slate-500">Source: {source}</p> : null}
      </aside>
    </div>
  );
}
