import type { AdminDashboard } from "@academy/contract/dashboard";
import { TimeSeriesChart } from "../../../components/ui/charts/time-series-chart";
import { formatMoney, formatNumber } from "../../../lib/format";
import { Panel } from "./dashboard-panel";

const count = formatNumber;

/** The staff dashboard's charts: sign-ups, quizzes, new subscriptions and payments per day. */
export function AcademyCharts({ model }: { model: AdminDashboard }) {
  const { users, subscriptions, revenue, quizzes, days } = model;
  const period = `last ${days} days`;
  return (
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
  );
}
