import type { AdminQuestion, AdminTheme } from "@academy/contract/quiz";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { ResourceTable } from "../../../components/ui/resource-table/resource-table";
import type { ResourceColumn, ResourceFilter } from "../../../components/ui/resource-table/types";
import { buttonClass } from "../../../components/ui/styles";
import { useCan } from "../../../lib/auth-store";
import { QUESTIONS, questionBankKeys, questionsSource } from "../api/question-bank";
import { QuestionEditor } from "./question-editor";

const TYPE_OPTIONS = [
  { value: "single", label: "Single choice" },
  { value: "multiple", label: "Multiple response" },
  { value: "true_false", label: "True / false" },
  { value: "ordering", label: "Ordering" },
  { value: "numeric", label: "Numeric" },
];
const LEVEL_OPTIONS = [1, 2, 3, 4, 5].map((d) => ({ value: String(d), label: String(d) }));
const STATUS_OPTIONS = [
  { value: "active", label: "Active" },
  { value: "review", label: "In review" },
  { value: "retired", label: "Retired" },
];

/** The questions on the resource table, filtered and paged, each opened in the editor; "Add question" opens an empty one. */
export function QuestionsTab({ themes, historyOf }: { themes: AdminTheme[]; historyOf?: (id: number) => ReactNode }) {
  const [editing, setEditing] = useState<AdminQuestion | "new" | null>(null);
  const client = useQueryClient();
  const names = new Map(themes.map((t) => [t.slug, t.name]));
  // Coaches read the bank; editors and administrators change it.
  const canWrite = useCan("question-bank.write");

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
        {editing !== "new" && historyOf ? <div className="mt-6">{historyOf(editing.id)}</div> : null}
      </section>
    );

  const columns: ResourceColumn<AdminQuestion>[] = [
    { key: "contentId", label: "Id", render: (q) => <span className="font-mono text-xs">{q.contentId}</span> },
    { key: "stem", label: "Question", render: (q) => <span className="block max-w-md">{q.stem}</span> },
    { key: "theme", label: "Theme", render: (q) => names.get(q.theme) ?? q.theme, hideOnMobile: true },
    { key: "type", label: "Type", render: (q) => q.type.replace("_", "/") },
    { key: "difficulty", label: "Level" },
    { key: "status", label: "Status" },
  ];
  const filters: ResourceFilter[] = [
    { name: "theme", label: "Theme", options: themes.map((t) => ({ value: t.slug, label: t.name })) },
    { name: "type", label: "Type", options: TYPE_OPTIONS },
    { name: "difficulty", label: "Difficulty", options: LEVEL_OPTIONS },
    { name: "status", label: "Status", options: STATUS_OPTIONS },
  ];

  return (
    <ResourceTable<AdminQuestion>
      title="Questions"
      singular="question"
      resourceKey={QUESTIONS}
      source={questionsSource}
      columns={columns}
      filters={filters}
      searchLabel="Search"
      pageSize={20}
      paths={{ list: "/admin/quizzes" }}
      mode={{ kind: "list" }}
      rowLabel={(q) => q.contentId}
      rowActions={
        canWrite
          ? (q) => (
              <button type="button" className={buttonClass.ghost} onClick={() => setEditing(q)} aria-label={`Edit ${q.contentId}`}>
                Edit
              </button>
            )
          : undefined
      }
      toolbar={
        canWrite ? (
          <div className="mb-4 flex justify-end">
            <button type="button" className={buttonClass.primary} onClick={() => setEditing("new")}>
              Add question
            </button>
          </div>
        ) : undefined
      }
    />
  );
}
