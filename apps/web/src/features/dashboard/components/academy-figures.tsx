import type { AdminDashboard } from "@academy/contract/dashboard";
import type { ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { TimeSeriesChart } from "../../../components/ui/charts/time-series-chart";
import { useRevealHold } from "../../../components/ui/reveal";
import { linkClass } from "../../../components/ui/styles";
import { formatMoney, formatNumber, formatPercent } from "../../../lib/format";
import { Link, useSearchParams } from "../../../lib/navigation";
import { DASHBOARD_PERIODS, type DashboardPeriod, useAdminDashboardQuery } from "../api/get-admin-dashboard";

const count = formatNumber;
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

function Figure({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    // Label, value and note sit on rows shared by the whole row of cards, so values line up when a label wraps.
    <div className="row-span-3 grid grid-rows-subgrid gap-y-1 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="self-end text-3xl font-bold tracking-tight text-slate-900 tabular-nums">{value}</dd>
      <dd className="text-xs text-slate-500">{note}</dd>
    </div>
  );
}

function Panel({ id, title, aside, children }: { id: string; title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h3 id={id} className="font-semibold text-slate-900">
          {title}
        </h3>
        {aside ? <p className="shrink-0 text-sm whitespace-nowrap text-slate-600 tabular-nums">{aside}</p> : null}
      </div>
      {children}
    </section>
  );
}

function PeriodPicker({ days, onChange }: { days: DashboardPeriod; onChange: (days: DashboardPeriod) => void }) {
  return (
    <fieldset className="flex items-center gap-2">
      <legend className="sr-only">Period</legend>
      <span aria-hidden="true" className="text-sm text-slate-600">
        Period
      </span>
      <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm">
        {DASHBOARD_PERIODS.map((d) => (
          <label
            key={d}
            className={`cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-red-700 ${
              d === days ? "bg-red-700 text-white" : "text-slate-700 hover:bg-slate-100"
            }`}
          >
            <input type="radio" name="period" value={d} checked={d === days} onChange={() => onChange(d)} className="sr-only" />
            {d} days
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Loading() {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading the academy's figures…</span>
      <div aria-hidden="true" className="grid animate-pulse gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {["candidates", "subscriptions", "revenue", "quizzes", "coaching"].map((name) => (
          <div key={name} className="h-28 rounded-xl border border-slate-200 bg-slate-100" />
        ))}
      </div>
      <div aria-hidden="true" className="mt-4 grid animate-pulse gap-4 lg:grid-cols-2">
        {["signups", "quizzes", "subscriptions", "payments"].map((name) => (
          <div key={name} className="h-64 rounded-xl border border-slate-200 bg-slate-100" />
        ))}
      </div>
    </div>
  );
}

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

function ThemeScores({ model }: { model: AdminDashboard }) {
  if (!model.themes.length)
    return <p className="text-sm text-slate-600">No quizzes finished in the last {model.days} days, so no theme has a score yet.</p>;
  // Weakest first: where candidates need the most help is what staff act on.
  const themes = [...model.themes].sort((a, b) => a.averageScore - b.averageScore || a.name.localeCompare(b.name));
  return (
    <div className="max-h-80 overflow-y-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">
          Share of questions answered right per theme, weakest first, over the quizzes finished in the last {model.days} days
        </caption>
        <thead className="sticky top-0 bg-white text-xs text-slate-500">
          <tr>
            <th scope="col" className="py-1.5 pr-3 font-medium">
              Theme
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-medium">
              Questions
            </th>
            <th scope="col" className="w-2/5 py-1.5 font-medium">
              Right answers
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {themes.map((t) => (
            <tr key={t.slug}>
              <th scope="row" className="py-2 pr-3 font-medium text-slate-800">
                {t.name}
              </th>
              <td className="py-2 pr-3 text-right text-slate-600 tabular-nums">{count(t.questions)}</td>
              <td className="py-2">
                <div className="flex items-center gap-2">
                  <div aria-hidden="true" className="h-2.5 flex-1 rounded-full bg-slate-100">
                    <div
                      className={`h-2.5 rounded-full ${t.averageScore < 0.5 ? "bg-amber-500" : "bg-emerald-600"}`}
                      style={{ width: `${t.averageScore * 100}%` }}
                    />
                  </div>
                  <span className="w-10 text-right font-medium text-slate-800 tabular-nums">{formatPercent(t.averageScore)}</span>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Figures({ model }: { model: AdminDashboard }) {
  const { users, subscriptions, revenue, quizzes, coaching, days } = model;
  const period = `last ${days} days`;
  const mrr = revenue.mrr.filter((m) => m.amount > 0);
  const shownMrr = mrr.length ? mrr : revenue.mrr.slice(0, 1);
  const subscriptionNote = [
    subscriptions.trialing ? `${count(subscriptions.trialing)} on a free trial` : null,
    subscriptions.endingAtPeriodEnd ? `${count(subscriptions.endingAtPeriodEnd)} ending at period end` : null,
  ].filter(Boolean);
  return (
    <>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        <Figure
          label="Candidates"
          value={count(users.candidates)}
          note={`${count(users.newInPeriod)} new in the ${period} · ${plural(users.staff, "staff account")}`}
        />
        <Figure
          label="Active subscriptions"
          value={count(subscriptions.active)}
          note={subscriptionNote.length ? subscriptionNote.join(" · ") : `${count(subscriptions.newInPeriod)} started in the ${period}`}
        />
        <Figure
          label="Monthly recurring revenue"
          value={shownMrr.map((m) => formatMoney(m.amount, m.currency)).join(" + ") || "—"}
          note="Paying subscriptions, each price counted per month"
        />
        <Figure
          label="Quizzes taken"
          value={count(quizzes.total)}
          note={`${count(quizzes.inPeriod)} in the ${period}${quizzes.averageScore === null ? "" : ` · average score ${formatPercent(quizzes.averageScore)}`}`}
        />
        <Figure
          label="Coaching sessions ahead"
          value={count(coaching.upcoming)}
          note={coaching.upcoming ? "Booked and not started yet" : "No sessions booked"}
        />
      </dl>

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <Panel id="chart-signups" title="Sign-ups per day" aside={`${count(users.newInPeriod)} in ${days} days`}>
          <TimeSeriesChart
            title={`Candidate sign-ups per day, ${period}`}
            valueLabel="Sign-ups"
            points={users.signups}
            emptyText={`No sign-ups in the ${period}`}
          />
        </Panel>
        <Panel id="chart-quizzes" title="Quizzes taken per day" aside={`${count(quizzes.inPeriod)} in ${days} days`}>
          <TimeSeriesChart
            kind="line"
            title={`Quizzes taken per day, ${period}`}
            valueLabel="Quizzes taken"
            points={quizzes.taken}
            emptyText={`No quizzes finished in the ${period}`}
          />
        </Panel>
        <Panel id="chart-subscriptions" title="New subscriptions per day" aside={`${count(subscriptions.newInPeriod)} in ${days} days`}>
          <TimeSeriesChart
            title={`New subscriptions per day, ${period}`}
            valueLabel="New subscriptions"
            points={subscriptions.started}
            emptyText={`No subscriptions started in the ${period}`}
          />
        </Panel>
        {revenue.collected.map((c) => (
          <Panel
            key={c.currency}
            id={`chart-revenue-${c.currency}`}
            title={revenue.collected.length > 1 ? `Payments collected per day (${c.currency.toUpperCase()})` : "Payments collected per day"}
            aside={`${formatMoney(c.amount, c.currency)} in ${days} days`}
          >
            <TimeSeriesChart
              title={`Card payments collected per day in ${c.currency.toUpperCase()}, ${period}`}
              valueLabel="Collected"
              points={c.series}
              formatValue={(v) => formatMoney(v, c.currency)}
              formatTick={(v) => formatMoney(v, c.currency, { whole: true })}
              emptyText={`No payments in the ${period}`}
            />
          </Panel>
        ))}
      </div>

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
    </>
  );
}

/** The academy's figures, cards and charts over a period the admin picks (kept in the address). */
export function AcademyFigures() {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get("days"));
  const days: DashboardPeriod = (DASHBOARD_PERIODS as readonly number[]).includes(asked) ? (asked as DashboardPeriod) : 30;
  const figures = useAdminDashboardQuery(days);
  useRevealHold(figures.isPending);
  const setDays = (d: DashboardPeriod) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (d === 30) next.delete("days");
        else next.set("days", String(d));
        return next;
      },
      { replace: true },
    );
  const zone = figures.data?.time_zone;
  return (
    <section aria-labelledby="figures-heading" aria-busy={figures.isFetching} className="mb-10">
      <div className="mb-3 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="figures-heading" className="text-lg font-semibold text-slate-900">
            The academy at a glance
          </h2>
          {zone ? (
            <p className="text-sm text-slate-600">
              Days run midnight to midnight, {zone === "UTC" ? "UTC" : `${zone} time`}
              {zone === "UTC" ? (
                <>
                  {" "}
                  (
                  <Link to="/admin/profile" className={linkClass}>
                    set your time zone
                  </Link>
                  )
                </>
              ) : null}
              .
            </p>
          ) : null}
        </div>
        <PeriodPicker days={days} onChange={setDays} />
      </div>
      {figures.isPending ? (
        <Loading />
      ) : figures.isError ? (
        <Alert>
          <p>
            We could not load the academy's figures.{" "}
            <button type="button" onClick={() => figures.refetch()} className="font-semibold underline">
              Try again
            </button>
          </p>
        </Alert>
      ) : (
        <div className={figures.isPlaceholderData ? "opacity-60 transition-opacity" : "transition-opacity"}>
          <Figures model={figures.data} />
        </div>
      )}
    </section>
  );
}
