import type { AnalyticsOverview, UserSessionSummary } from "@academy/contract/analytics";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { TimeSeriesChart } from "../../../components/ui/charts/time-series-chart";
import { type Column, DataTable } from "../../../components/ui/data-table";
import { PageHeader } from "../../../components/ui/page-header";
import { PageSteps } from "../../../components/ui/page-steps";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { formatDateTime, formatNumber } from "../../../lib/format";
import { Link, useParams, useSearchParams } from "../../../lib/navigation";
import { useOverviewQuery, useSessionQuery, useSessionsQuery } from "../api/analytics";
import { SessionTimeline } from "./session-timeline";

const PERIODS = [7, 30, 90] as const;
const SIZE_LABELS = { small: "Small (under 640 px)", medium: "Medium (640–1023 px)", large: "Large (1024 px and up)" } as const;

/** Every day of the period, oldest first, with the sessions of the days that had any. */
function dailyPoints(overview: AnalyticsOverview) {
  const byDay = new Map(overview.sessions_per_day.map((d) => [d.day, d.sessions]));
  const today = Date.now();
  return Array.from({ length: overview.days }, (_, i) => {
    const date = new Date(today - (overview.days - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    return { date, value: byDay.get(date) ?? 0 };
  });
}

function Panel({ id, title, children, aside }: { id: string; title: string; children: React.ReactNode; aside?: string }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {aside ? <p className="text-sm text-slate-500">{aside}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** A labelled horizontal bar: `value` of `max`. */
function Bar({ label, value, max, note }: { label: string; value: number; max: number; note?: string }) {
  const share = max > 0 ? value / max : 0;
  return (
    <li className="text-sm">
      <div className="flex justify-between gap-3">
        <span className="min-w-0 break-all text-slate-800">{label}</span>
        <span className="shrink-0 tabular-nums font-medium text-slate-900">
          {formatNumber(value)}
          {note ? <span className="font-normal text-slate-500"> {note}</span> : null}
        </span>
      </div>
      <div className="mt-1 h-2 rounded-full bg-slate-100" aria-hidden="true">
        <div className="h-2 rounded-full bg-red-700" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
    </li>
  );
}

/** /admin/analytics: how candidates use the academy (from consented recordings) and the sign-up funnel. */
export function AdminAnalyticsPage() {
  const { id } = useParams();
  if (id) return <SessionPage id={Number(id)} />;
  return <OverviewPage />;
}

function OverviewPage() {
  const [params, setParams] = useSearchParams();
  const days = PERIODS.find((p) => String(p) === params.get("days")) ?? 30;
  const overview = useOverviewQuery(days);
  return (
    <div>
      <PageHeader
        title="Session analytics"
        description="How candidates who agreed to recording use the academy, and how sign-ups go on to a quiz and a subscription."
        actions={
          <div>
            <label htmlFor="analytics-period" className="sr-only">
              Period
            </label>
            <select
              id="analytics-period"
              value={days}
              onChange={(e) => setParams({ days: e.target.value }, { replace: true })}
              className="block rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base sm:text-sm"
            >
              {PERIODS.map((p) => (
                <option key={p} value={p}>
                  Last {p} days
                </option>
              ))}
            </select>
          </div>
        }
      />
      {overview.isPending ? <Spinner label="Loading the figures…" /> : null}
      {overview.isError ? (
        <Alert>
          <p>{toFormError(overview.error).message}</p>
          <button type="button" className={`${buttonClass.secondary} mt-3`} onClick={() => overview.refetch()}>
            Try again
          </button>
        </Alert>
      ) : null}
      {overview.data ? <Figures overview={overview.data} /> : null}
      <div className="mt-6">
        <SessionsTable />
      </div>
    </div>
  );
}

function Figures({ overview }: { overview: AnalyticsOverview }) {
  const sessions = overview.sessions_per_day.reduce((n, d) => n + d.sessions, 0);
  const first = overview.funnel[0]?.people ?? 0;
  const maxViews = Math.max(0, ...overview.pages.map((p) => p.views));
  const maxSize = Math.max(0, ...overview.screen_sizes.map((s) => s.sessions));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="min-w-0 lg:col-span-2">
        <Panel id="analytics-per-day" title="Sessions per day" aside={`${formatNumber(sessions)} in ${overview.days} days`}>
          <TimeSeriesChart
            title={`Recorded sessions per day, last ${overview.days} days`}
            valueLabel="Sessions"
            points={dailyPoints(overview)}
            emptyText="No recorded sessions in this period"
          />
        </Panel>
      </div>
      <Panel id="analytics-funnel" title="Funnel" aside={`Candidates who signed up in the last ${overview.days} days`}>
        {first === 0 ? (
          <p className="text-sm text-slate-600">No candidate signed up in this period.</p>
        ) : (
          <ol className="space-y-3" aria-label="Funnel steps">
            {overview.funnel.map((step) => (
              <Bar
                key={step.step}
                label={step.label}
                value={step.people}
                max={first}
                note={`(${Math.round((step.people / first) * 100)}%)`}
              />
            ))}
          </ol>
        )}
      </Panel>
      <Panel id="analytics-screens" title="Screen sizes">
        {maxSize === 0 ? (
          <p className="text-sm text-slate-600">No recorded sessions in this period.</p>
        ) : (
          <ul className="space-y-3">
            {overview.screen_sizes.map((s) => (
              <Bar key={s.screen_size} label={SIZE_LABELS[s.screen_size]} value={s.sessions} max={maxSize} />
            ))}
          </ul>
        )}
      </Panel>
      <div className="min-w-0 lg:col-span-2">
        <Panel id="analytics-pages" title="Pages viewed">
          {overview.pages.length === 0 ? (
            <p className="text-sm text-slate-600">No page views recorded in this period.</p>
          ) : (
            <ul className="grid gap-3 md:grid-cols-2">
              {overview.pages.map((p) => (
                <Bar key={p.path} label={p.path} value={p.views} max={maxViews} note={`in ${formatNumber(p.sessions)} sessions`} />
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}

const SESSION_COLUMNS: Column<UserSessionSummary>[] = [
  { key: "started", header: "Started", cell: (s) => formatDateTime(s.start_time), className: "whitespace-nowrap" },
  { key: "candidate", header: "Candidate", cell: (s) => s.user_name, className: "break-all" },
  { key: "pages", header: "Pages", cell: (s) => s.page_count, hideBelow: "sm" },
  { key: "screen", header: "Screen", cell: (s) => `${s.screen_width} × ${s.screen_height}`, hideBelow: "sm" },
  {
    key: "timeline",
    header: "Timeline",
    isHeaderHidden: true,
    cell: (s) => (
      <Link
        href={`/admin/analytics/sessions/${s.id}`}
        className={linkClass}
        aria-label={`Timeline of ${s.user_name}'s session of ${formatDateTime(s.start_time)}`}
      >
        Timeline
      </Link>
    ),
  },
];

function SessionsTable() {
  const [page, setPage] = useState(1);
  const sessions = useSessionsQuery("all", page);
  return (
    <Panel
      id="analytics-sessions"
      title="Recorded sessions"
      aside={sessions.data ? `${formatNumber(sessions.data.total)} in all` : undefined}
    >
      {sessions.isPending ? <Spinner label="Loading sessions…" /> : null}
      {sessions.isError ? <Alert>{toFormError(sessions.error).message}</Alert> : null}
      {sessions.data?.list.length === 0 ? <p className="text-sm text-slate-600">No sessions are recorded yet.</p> : null}
      {sessions.data?.list.length ? (
        <div className="overflow-x-auto">
          <DataTable
            rows={sessions.data.list}
            rowKey={(s) => s.id}
            columns={SESSION_COLUMNS}
            caption="Recorded sessions, newest first"
            className="w-full min-w-0"
          />
        </div>
      ) : null}
      {sessions.data && sessions.data.num_pages > 1 ? (
        <nav aria-label="Session pages" className="mt-3 text-sm">
          <PageSteps page={page} numPages={sessions.data.num_pages} onPage={setPage} />
        </nav>
      ) : null}
    </Panel>
  );
}

function SessionPage({ id }: { id: number }) {
  const isValid = Number.isSafeInteger(id) && id > 0;
  const session = useSessionQuery(isValid ? id : null);
  return (
    <div>
      <p className="mb-3 text-sm">
        <Link href="/admin/analytics" className={linkClass}>
          ← Session analytics
        </Link>
      </p>
      <PageHeader
        title="Session timeline"
        description={session.data ? `${session.data.user_name}, ${formatDateTime(session.data.start_time)}` : undefined}
      />
      {!isValid ? <Alert>Session not found</Alert> : null}
      {isValid && session.isPending ? <Spinner label="Loading the session…" /> : null}
      {session.isError ? <Alert>{toFormError(session.error).message}</Alert> : null}
      {session.data ? (
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
          <SessionTimeline session={session.data} />
        </div>
      ) : null}
    </div>
  );
}
