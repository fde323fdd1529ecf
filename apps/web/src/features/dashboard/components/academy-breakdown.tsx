import type { AdminDashboard } from "@academy/contract/dashboard";
import { type Column, DataTable } from "../../../components/ui/data-table";
import { linkClass } from "../../../components/ui/styles";
import { formatNumber, formatPercent } from "../../../lib/format";
import { Link } from "../../../lib/navigation";
import { Panel } from "./dashboard-panel";

const count = formatNumber;
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

function SubscriptionsByPackage({ model }: { model: AdminDashboard }) {
  const { byPackage, active } = model.subscriptions;
  if (!byPackage.length) return <p className="text-sm text-slate-600">No live subscriptions yet: everyone is on the free plan.</p>;
  return (
    <ul className="space-y-3">
      {byPackage.map((p) => (
        <li key={p.package}>
          <div className="flex justify-between text-sm">
            <span className="font-medium text-slate-800">{p.package}</span>
            <span className="text-slate-600 tabular-nums">
              {plural(p.count, "subscription")} · {formatPercent(p.count / active)}
            </span>
          </div>
          <div aria-hidden="true" className="mt-1 h-2.5 rounded-full bg-slate-100">
            <div className="h-2.5 rounded-full bg-red-600" style={{ width: `${(p.count / active) * 100}%` }} />
          </div>
        </li>
      ))}
    </ul>
  );
}

const THEME_COLUMNS: Column<AdminDashboard["themes"][number]>[] = [
  { key: "theme", header: "Theme", cell: (t) => t.name, isRowHeader: true },
  { key: "questions", header: "Questions", cell: (t) => count(t.questions), align: "right", className: "text-slate-600 tabular-nums" },
  {
    key: "right",
    header: "Right answers",
    headerClassName: "w-2/5",
    cell: (t) => (
      <div className="flex items-center gap-2">
        <div aria-hidden="true" className="h-2.5 flex-1 rounded-full bg-slate-100">
          <div
            className={`h-2.5 rounded-full ${t.averageScore < 0.5 ? "bg-amber-500" : "bg-emerald-600"}`}
            style={{ width: `${t.averageScore * 100}%` }}
          />
        </div>
        <span className="w-10 text-right font-medium text-slate-800 tabular-nums">{formatPercent(t.averageScore)}</span>
      </div>
    ),
  },
];

function ThemeScores({ model }: { model: AdminDashboard }) {
  if (!model.themes.length)
    return <p className="text-sm text-slate-600">No quizzes finished in the last {model.days} days, so no theme has a score yet.</p>;
  // Weakest first: where candidates need the most help is what staff act on.
  const themes = [...model.themes].sort((a, b) => a.averageScore - b.averageScore || a.name.localeCompare(b.name));
  return (
    <div className="max-h-80 overflow-y-auto">
      <DataTable
        rows={themes}
        rowKey={(t) => t.slug}
        columns={THEME_COLUMNS}
        caption={`Share of questions answered right per theme, weakest first, over the quizzes finished in the last ${model.days} days`}
        isHeadSticky
      />
    </div>
  );
}

/** Below the charts: live subscriptions by package, and the average score per theme. */
export function AcademyBreakdown({ model }: { model: AdminDashboard }) {
  const { subscriptions, quizzes } = model;
  return (
    <div className="mt-4 grid gap-4 lg:grid-cols-5">
      <div className="min-w-0 lg:col-span-2">
        <Panel id="by-package" title="Live subscriptions by package" aside={plural(subscriptions.active, "subscription")}>
          <SubscriptionsByPackage model={model} />
          <p className="mt-4 text-sm">
            <Link to="/admin/stripe_subscription" className={linkClass}>
              See every subscription
            </Link>
          </p>
        </Panel>
      </div>
      <div className="min-w-0 lg:col-span-3">
        <Panel
          id="theme-scores"
          title="Average score per theme"
          aside={quizzes.averageScore === null ? undefined : `${formatPercent(quizzes.averageScore)} overall`}
        >
          <ThemeScores model={model} />
        </Panel>
      </div>
    </div>
  );
}
