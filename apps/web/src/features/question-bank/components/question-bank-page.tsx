import type { AdminQuestion } from "@academy/contract/quiz";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { PageSteps } from "../../../components/ui/page-steps";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { isErrorBody, toFormError } from "../../../lib/api-client";
import { downloadFile } from "../../../lib/files";
import {
  addBlueprint,
  type Blueprint,
  exportPath,
  type Filters,
  importQuestions,
  setQuestionStatus,
  type ThemeRow,
  useBlueprintsQuery,
  useQuestionsQuery,
  useStatsQuery,
  useThemesQuery,
} from "../api/question-bank";
import { QuestionEditor } from "./question-editor";

const TABS = ["Questions", "Blueprints", "Item statistics", "Import and export"] as const;
const field = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm";

export function QuestionBankPage() {
  const [tab, setTab] = useState<(typeof TABS)[number]>("Questions");
  const themes = useThemesQuery();
  return (
    <>
      <PageHeader
        title="Question bank"
        description="Questions of every type, tracks and their blueprints, import and export, and how each question performs."
      />
      <div role="tablist" aria-label="Question bank" className="mb-5 flex flex-wrap gap-1 border-b border-slate-200">
        {TABS.map((t) => (
          <button
            key={t}
            role="tab"
            type="button"
            aria-selected={tab === t}
            onClick={() => setTab(t)}
            className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${tab === t ? "border-red-700 text-red-800" : "border-transparent text-slate-600 hover:text-slate-900"}`}
          >
            {t}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tab}>
        {themes.isPending ? <Spinner /> : themes.isError ? <Alert>{themes.error.message}</Alert> : null}
        {themes.data && tab === "Questions" ? <QuestionsTab themes={themes.data} /> : null}
        {themes.data && tab === "Blueprints" ? <BlueprintsTab themes={themes.data} /> : null}
        {tab === "Item statistics" ? <StatsTab /> : null}
        {tab === "Import and export" ? <ImportExportTab /> : null}
      </div>
    </>
  );
}

function QuestionsTab({ themes }: { themes: ThemeRow[] }) {
  const [filters, setFilters] = useState<Filters>({ page: 1 });
  const [editing, setEditing] = useState<AdminQuestion | "new" | null>(null);
  const list = useQuestionsQuery(filters);
  const client = useQueryClient();
  const names = new Map(themes.map((t) => [t.slug, t.name]));
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch, page: patch.page ?? 1 }));

  if (editing)
    return (
      <section
        aria-label={editing === "new" ? "Add a question" : "Edit question"}
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 className="mb-3 text-lg font-semibold">{editing === "new" ? "Add a question" : `Edit ${editing.contentId}`}</h2>
        <QuestionEditor
          question={editing === "new" ? null : editing}
          themes={themes}
          onDone={() => {
            setEditing(null);
            client.invalidateQueries({ queryKey: ["admin", "questions"] });
          }}
        />
      </section>
    );

  return (
    <>
      <div className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
        <label className="text-sm font-medium text-slate-700 lg:col-span-2">
          Search
          <input
            type="search"
            className={field}
            value={filters.q ?? ""}
            onChange={(e) => set({ q: e.target.value })}
            placeholder="Words in the question or its id"
          />
        </label>
        <label className="text-sm font-medium text-slate-700">
          Theme
          <select className={field} value={filters.theme ?? ""} onChange={(e) => set({ theme: e.target.value })}>
            <option value="">All themes</option>
            {themes.map((t) => (
              <option key={t.slug} value={t.slug}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Type
          <select className={field} value={filters.type ?? ""} onChange={(e) => set({ type: e.target.value })}>
            <option value="">All types</option>
            <option value="single">Single choice</option>
            <option value="multiple">Multiple response</option>
            <option value="true_false">True / false</option>
            <option value="ordering">Ordering</option>
            <option value="numeric">Numeric</option>
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Difficulty
          <select className={field} value={filters.difficulty ?? ""} onChange={(e) => set({ difficulty: e.target.value })}>
            <option value="">Any</option>
            {[1, 2, 3, 4, 5].map((d) => (
              <option key={d}>{d}</option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-slate-700">
          Status
          <select className={field} value={filters.status ?? ""} onChange={(e) => set({ status: e.target.value })}>
            <option value="">Any</option>
            <option value="active">Active</option>
            <option value="review">In review</option>
            <option value="retired">Retired</option>
          </select>
        </label>
      </div>
      <div className="mb-3 flex items-center justify-between">
        <p className="text-sm text-slate-600" role="status">
          {/* The rows of the previous filters stay while new ones load: no count until they match. */}
          {list.isPlaceholderData ? "Updating…" : list.data ? `${list.data.total} questions` : ""}
        </p>
        <button type="button" className={buttonClass.primary} onClick={() => setEditing("new")}>
          Add question
        </button>
      </div>
      {list.isError ? <Alert>{list.error.message}</Alert> : null}
      <div
        className={`relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm ${list.isPlaceholderData ? "opacity-60" : ""}`}
        aria-busy={list.isFetching}
      >
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th className="px-3 py-2 font-medium">Id</th>
              <th className="px-3 py-2 font-medium">Question</th>
              <th className="px-3 py-2 font-medium">Theme</th>
              <th className="px-3 py-2 font-medium">Type</th>
              <th className="px-3 py-2 font-medium">Level</th>
              <th className="px-3 py-2 font-medium">Status</th>
              <th className="px-3 py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.data?.list.map((q) => (
              <tr key={q.id}>
                <td className="px-3 py-2 font-mono text-xs">{q.contentId}</td>
                <td className="max-w-md px-3 py-2">{q.stem}</td>
                <td className="px-3 py-2">{names.get(q.theme) ?? q.theme}</td>
                <td className="px-3 py-2">{q.type.replace("_", "/")}</td>
                <td className="px-3 py-2">{q.difficulty}</td>
                <td className="px-3 py-2">{q.status}</td>
                <td className="px-3 py-2">
                  <button type="button" className={buttonClass.ghost} onClick={() => setEditing(q)} aria-label={`Edit ${q.contentId}`}>
                    Edit
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.data && list.data.num_pages > 1 ? (
        <nav aria-label="Pages" className="mt-3 flex justify-end text-sm">
          <PageSteps page={filters.page} numPages={list.data.num_pages} onPage={(page) => set({ page })} />
        </nav>
      ) : null}
    </>
  );
}

function BlueprintsTab({ themes }: { themes: ThemeRow[] }) {
  const list = useBlueprintsQuery();
  const client = useQueryClient();
  const [draft, setDraft] = useState<{ track: string; weights: Record<string, number>; note: string } | null>(null);
  const [error, setError] = useState("");
  const names = new Map(themes.map((t) => [t.slug, t.name]));
  if (list.isPending) return <Spinner />;
  if (list.isError) return <Alert>{list.error.message}</Alert>;
  const tracks = [...new Set(list.data.map((b) => b.track))];
  const latest = (track: string) => list.data.find((b) => b.track === track)!;

  function start(b: Blueprint) {
    setError("");
    setDraft({ track: b.track, weights: Object.fromEntries(b.themes.map((t) => [t.theme, t.weight])), note: "" });
  }
  async function save() {
    if (!draft) return;
    try {
      await addBlueprint({
        track: draft.track,
        note: draft.note,
        themes: Object.entries(draft.weights)
          .filter(([, w]) => w > 0)
          .map(([theme, weight]) => ({ theme, weight })),
      });
      setDraft(null);
      client.invalidateQueries({ queryKey: ["admin", "blueprints"] });
    } catch (failure) {
      setError(toFormError(failure).message);
    }
  }

  return (
    <div className="space-y-4">
      {tracks.map((track) => {
        const b = latest(track);
        const versions = list.data.filter((x) => x.track === track);
        const sum = draft?.track === track ? Object.values(draft.weights).reduce((n, w) => n + w, 0) : 0;
        return (
          <section key={track} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby={`bp-${track}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={`bp-${track}`} className="font-semibold text-slate-900">
                {track} · version {b.version}
              </h2>
              <button type="button" className={buttonClass.secondary} onClick={() => start(b)}>
                New version
              </button>
            </div>
            <p className="text-xs text-slate-500">
              {versions.length} version{versions.length === 1 ? "" : "s"}; quizzes keep the version they were built from. {b.note}
            </p>
            {draft?.track === track ? (
              <div className="mt-3 space-y-2">
                {error ? <Alert>{error}</Alert> : null}
                <div className="grid gap-2 sm:grid-cols-2">
                  {themes
                    .filter((t) => t.tracks.includes(track))
                    .map((t) => (
                      <label key={t.slug} className="flex items-center justify-between gap-2 text-sm">
                        {t.name}
                        <input
                          type="number"
                          min={0}
                          max={100}
                          className="w-20 rounded border border-slate-300 px-2 py-1"
                          value={draft.weights[t.slug] ?? 0}
                          onChange={(e) => setDraft({ ...draft, weights: { ...draft.weights, [t.slug]: Number(e.target.value) } })}
                        />
                      </label>
                    ))}
                </div>
                <label className="block text-sm">
                  Note
                  <input
                    className={field}
                    value={draft.note}
                    onChange={(e) => setDraft({ ...draft, note: e.target.value })}
                    placeholder="What changed, e.g. the 2027 exam"
                  />
                </label>
                <p className={`text-sm ${sum === 100 ? "text-emerald-700" : "text-red-700"}`}>Weights add up to {sum} (must be 100)</p>
                <div className="flex gap-2">
                  <button type="button" className={buttonClass.primary} onClick={save}>
                    Save version {b.version + 1}
                  </button>
                  <button type="button" className={buttonClass.ghost} onClick={() => setDraft(null)}>
                    Cancel
                  </button>
                </div>
              </div>
            ) : (
              <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
                {b.themes.map((t) => (
                  <li key={t.theme} className="flex justify-between">
                    <span>{names.get(t.theme) ?? t.theme}</span>
                    <span className="text-slate-600">{t.weight}%</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}

function StatsTab() {
  const stats = useStatsQuery();
  const [sent, setSent] = useState<Record<number, string>>({});
  async function sendToReview(id: number) {
    try {
      await setQuestionStatus(id, "review");
      setSent((m) => ({ ...m, [id]: "In review: candidates no longer get it" }));
    } catch (failure) {
      setSent((m) => ({ ...m, [id]: toFormError(failure).message }));
    }
  }
  if (stats.isPending) return <Spinner />;
  if (stats.isError) return <Alert>{stats.error.message}</Alert>;
  const { list, reliability, queue } = stats.data;
  return (
    <div className="space-y-4">
      <section aria-labelledby="queue-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="queue-heading" className="font-semibold text-slate-900">
          Review queue ({queue.length})
        </h2>
        <p className="text-xs text-slate-500">
          Questions in review are not asked. The statistics send a question here on their own once 10 answers show a problem; edit it, then
          set it active again (it is not sent back for the same reason).
        </p>
        {queue.length ? (
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {queue.map((q) => (
              <li key={q.id} className="py-2">
                <span className="block font-mono text-xs text-slate-500">{q.contentId}</span>
                {q.stem}
                {q.reason ? <span className="block text-xs text-amber-800">Sent by the statistics: {q.reason}</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">Nothing waits for review.</p>
        )}
        <p className="mt-3 text-sm text-slate-700">
          Reliability of the timed mock exams (KR-20):{" "}
          {reliability.kr20 === null
            ? `needs 5 finished mock exams (${reliability.exams} so far)`
            : `${reliability.kr20.toFixed(2)} over ${reliability.exams} exams (0.8 or more is good)`}
        </p>
      </section>
      {list.length === 0 ? <Alert tone="info">No answers yet: statistics appear once candidates finish quizzes.</Alert> : null}
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <p className="p-3 text-xs text-slate-500">
          Discrimination is the correlation between getting this question right and doing well on the rest (above 0.2 is good). Options show
          the share who picked each, overall and among the strongest / weakest 27%. Questions are judged after 10 answers.
        </p>
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th className="px-3 py-2 font-medium">Question</th>
              <th className="px-3 py-2 font-medium">Answered</th>
              <th className="px-3 py-2 font-medium">Right</th>
              <th className="px-3 py-2 font-medium">Discrimination</th>
              <th className="px-3 py-2 font-medium">Flag</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.map((s) => (
              <tr key={s.id} className={s.doubtful ? "bg-amber-50" : ""}>
                <td className="max-w-md px-3 py-2">
                  <span className="block font-mono text-xs text-slate-500">{s.contentId}</span>
                  {s.stem}
                  {s.distractors.length ? (
                    <ul className="mt-1 text-xs text-slate-600">
                      {s.distractors.map((d) => (
                        <li key={d.id}>
                          {d.id}
                          {d.correct ? " (key)" : ""}: {Math.round(d.share * 100)}% · strong {Math.round(d.upper * 100)}% / weak{" "}
                          {Math.round(d.lower * 100)}%{d.note ? ` · ${d.note}` : ""}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
                <td className="px-3 py-2">{s.answered}</td>
                <td className="px-3 py-2">{Math.round(s.shareRight * 100)}%</td>
                <td className="px-3 py-2">{s.discrimination === null ? "–" : s.discrimination.toFixed(2)}</td>
                <td className="px-3 py-2 text-amber-800">
                  {s.reason ?? ""}
                  {s.doubtful ? (
                    sent[s.id] ? (
                      <span role="status" className="block text-xs text-slate-700">
                        {sent[s.id]}
                      </span>
                    ) : (
                      <button type="button" className={`${buttonClass.ghost} mt-1`} onClick={() => sendToReview(s.id)}>
                        Send to review
                      </button>
                    )
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function ImportExportTab() {
  const [result, setResult] = useState<{ tone: "error" | "success"; message: string; rows: [string, string][] } | null>(null);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);
  const client = useQueryClient();
  const format = file?.name.toLowerCase().endsWith(".csv") ? "csv" : "json";

  async function run(dryRun: boolean) {
    if (!file) return;
    try {
      const answer = await importQuestions({ format, content: file.text, dryRun });
      if (isErrorBody(answer)) setResult({ tone: "error", message: answer.message, rows: Object.entries(answer.validation ?? {}) });
      else {
        setResult({
          tone: "success",
          message: dryRun
            ? `Every row is valid: ${answer.created} new, ${answer.updated} updated.`
            : `Imported: ${answer.created} new, ${answer.updated} updated.`,
          rows: [],
        });
        if (!dryRun) client.invalidateQueries({ queryKey: ["admin"] });
      }
    } catch (failure) {
      setResult({ tone: "error", message: toFormError(failure).message, rows: [] });
    }
  }

  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="export-heading">
        <h2 id="export-heading" className="font-semibold">
          Export
        </h2>
        <p className="mt-1 text-sm text-slate-600">The whole bank in the content files' format, to review or to edit in bulk.</p>
        <div className="mt-3 flex gap-2">
          <button type="button" className={buttonClass.secondary} onClick={() => downloadFile(exportPath("json"), "questions.json")}>
            Export JSON
          </button>
          <button type="button" className={buttonClass.secondary} onClick={() => downloadFile(exportPath("csv"), "questions.csv")}>
            Export CSV
          </button>
        </div>
      </section>
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="import-heading">
        <h2 id="import-heading" className="font-semibold">
          Import
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A JSON or CSV file as export writes it. Rows with a known id update that question; nothing is saved unless every row is valid.
        </p>
        <label className="mt-3 block text-sm font-medium">
          File
          <input
            type="file"
            accept=".json,.csv,application/json,text/csv"
            className="mt-1 block text-sm"
            onChange={async (e) => {
              const f = e.target.files?.[0];
              setResult(null);
              setFile(f ? { name: f.name, text: await f.text() } : null);
            }}
          />
        </label>
        <div className="mt-3 flex gap-2">
          <button type="button" className={buttonClass.secondary} disabled={!file} onClick={() => run(true)}>
            Check
          </button>
          <button type="button" className={buttonClass.primary} disabled={!file} onClick={() => run(false)}>
            Import
          </button>
        </div>
        {result ? (
          <div className="mt-3">
            <Alert tone={result.tone}>
              <p>{result.message}</p>
              {result.rows.length ? (
                <ul className="mt-2 list-disc pl-5">
                  {result.rows.map(([row, message]) => (
                    <li key={row}>
                      <span className="font-semibold">{row}:</span> {message}
                    </li>
                  ))}
                </ul>
              ) : null}
            </Alert>
          </div>
        ) : null}
      </section>
    </div>
  );
}
