import { type ReactNode, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { useCan } from "../../../lib/auth-store";
import { useAdminThemesQuery } from "../../../lib/shared-api/quiz";
import { BlueprintsTab } from "./blueprints-tab";
import { ImportExportTab } from "./import-export-tab";
import { QuestionsTab } from "./questions-tab";
import { StatsTab } from "./stats-tab";

const TABS = ["Questions", "Blueprints", "Item statistics", "Import and export"] as const;

/** `historyOf`: a question's activity-log history, under its editor (composed in by the app). */
export function QuestionBankPage({ historyOf }: { historyOf?: (id: number) => ReactNode } = {}) {
  const [tab, setTab] = useState<(typeof TABS)[number]>("Questions");
  // Import changes the bank: its tab is for the roles that change it.
  const canWrite = useCan("question-bank.write");
  const tabs = canWrite ? TABS : TABS.filter((t) => t !== "Import and export");
  const themes = useAdminThemesQuery();
  return (
    <>
      <PageHeader
        title="Question bank"
        description="Questions of every type, tracks and their blueprints, import and export, and how each question performs."
      />
      <div role="tablist" aria-label="Question bank" className="mb-5 flex flex-wrap gap-1 border-b border-slate-200">
        {tabs.map((t) => (
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
        {themes.data && tab === "Questions" ? <QuestionsTab themes={themes.data} historyOf={historyOf} /> : null}
        {themes.data && tab === "Blueprints" ? <BlueprintsTab themes={themes.data} /> : null}
        {tab === "Item statistics" ? <StatsTab /> : null}
        {tab === "Import and export" && canWrite ? <ImportExportTab /> : null}
      </div>
    </>
  );
}
