import type { AdminDashboard } from "@academy/contract/dashboard";
import { lazy, type ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { useRevealHold } from "../../../components/ui/reveal";
import { linkClass } from "../../../components/ui/styles";
import { WhenVisible } from "../../../components/ui/when-visible";
import { formatMoney, formatNumber, formatPercent } from "../../../lib/format";
import { Link, useSearchParams } from "../../../lib/navigation";
import { DASHBOARD_PERIODS, type DashboardPeriod, useAdminDashboardQuery } from "../api/get-admin-dashboard";

const AcademyCharts = lazy(() => import("./academy-charts").then((m) => ({ default: m.AcademyCharts })));
const AcademyBreakdown = lazy(() => import("./academy-breakdown").then((m) => ({ default: m.AcademyBreakdown })));

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

      {/* The charts draw hundreds of shapes: their code and drawing come after the first screen
          (in view, or once the page is idle), so the figures above show without waiting for them. */}
      <WhenVisible
        placeholder={
          <div aria-hidden="true" className="mt-4 grid gap-4 lg:grid-cols-2">
            {Array.from({ length: 3 + Math.max(1, revenue.collected.length) }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder boxes, never reordered
              <div key={i} className="h-64 rounded-xl border border-slate-200 bg-white" />
            ))}
          </div>
        }
      >
        <AcademyCharts model={model} />
      </WhenVisible>

      {/* Below the charts: its code loads after the first screen (in view, or once the page is idle). */}
      <WhenVisible placeholder={<div className="mt-4 min-h-96" />}>
        <AcademyBreakdown model={model} />
      </WhenVisible>
    </>
  );
}

/** The academy's figures, cards and charts over a period the admin picks (kept in the address). */
export function AcademyFigures() {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get("days"));
  const days: DashboardPeriod = (DASHBOARD_PERIODS as readonly number[]).includes(asked) ? (asked as DashboardPeriod) : 30;
  const figures = useAdminDashboardQuery(days);
  // The charts of a large answer never hold the main thread in one long task: they load after
  // the cards and draw one per task (components/ui/in-turn.tsx).
  const model = figures.data;
  useRevealHold(figures.isPending || (!figures.isError && !model));
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
      {figures.isError && !model ? (
        <Alert>
          <p>
            We could not load the academy's figures.{" "}
            <button type="button" onClick={() => figures.refetch()} className="font-semibold underline">
              Try again
            </button>
          </p>
        </Alert>
      ) : !model ? (
        <Loading />
      ) : (
        <div className={figures.isPlaceholderData ? "opacity-60 transition-opacity" : "transition-opacity"}>
          <Figures model={model} />
        </div>
      )}
    </section>
  );
}
