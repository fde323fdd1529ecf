import type { AdminQuestion, AdminTheme } from "@academy/contract/quiz";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { buttonClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { saveQuestion } from "../api/question-bank";

const TYPES: [Type, string][] = [
  ["single", "Single choice"],
  ["multiple", "Multiple response"],
  ["true_false", "True / false"],
  ["ordering", "Ordering"],
  ["numeric", "Numeric"],
];

import { fieldClass as input } from "./field-class";
import { blankOptions, FieldError, NumericFields, type Option, OptionsFields, QuestionPreview, type Type } from "./question-editor-parts";

/** Add or edit a question of any type; the right-hand preview shows what a candidate sees. */
export function QuestionEditor({ question, themes, onDone }: { question: AdminQuestion | null; themes: AdminTheme[]; onDone: () => void }) {
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

  const err = (key: string) => <FieldError errors={errors} name={key} />;

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
          <NumericFields numeric={numeric} errors={errors} onChange={setNumeric} />
        ) : (
          <OptionsFields type={type} options={options} errors={errors} onChange={setOptions} />
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
      <QuestionPreview
        type={type}
        difficulty={difficulty}
        stem={stem}
        options={options}
        numeric={numeric}
        explanation={explanation}
        source={source}
      />
    </div>
  );
}
