import type { AdminQuestion, AdminTheme } from "@academy/contract/quiz";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { PageSteps } from "../../../components/ui/page-steps";
import { buttonClass } from "../../../components/ui/styles";
import { type Filters, questionBankKeys, useQuestionsQuery } from "../api/question-bank";
import { fieldClass as field } from "./field-class";
import { QuestionEditor } from "./question-editor";
/** The questions, filtered and paged, each opened in the editor; "Add question" opens an empty one. */
export function QuestionsTab({ themes }: { themes: AdminTheme[] }) {
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
            client.invalidateQueries({ queryKey: questionBankKeys.questions });
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
