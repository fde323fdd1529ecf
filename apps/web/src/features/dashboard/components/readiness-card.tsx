import type { DashboardModel } from "@academy/contract/quiz";
import { lazy } from "react";
import { Alert } from "../../../components/ui/alert";
import { linkClass } from "../../../components/ui/styles";
import { WhenVisible } from "../../../components/ui/when-visible";
import { Link } from "../../../lib/navigation";
import { ReviewCard } from "./review-card";

const RecentQuizzes = lazy(() => import("./recent-quizzes").then((m) => ({ default: m.RecentQuizzes })));

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** A 0–100% bar with the estimate as a mark and its 90% band as a shaded range. */
export function BandBar({ value, low, high, label }: { value: number; low: number; high: number; label: string }) {
  return (
    <svg
      viewBox="0 0 200 14"
      className="h-3.5 w-full"
      role="img"
      aria-label={`${label}: ${pct(value)}, likely between ${pct(low)} and ${pct(high)}`}
    >
      <rect x="0" y="4" width="200" height="6" rx="3" fill="#e2e8f0" />
      <rect x={low * 200} y="4" width={Math.max(1, (high - low) * 200)} height="6" rx="3" fill="#fca5a5" />
      <rect x={Math.min(197, value * 200 - 1.5)} y="1" width="3" height="12" rx="1" fill="#b91c1c" />
    </svg>
  );
}

export function ReadinessSection({ data }: { data: DashboardModel }) {
  if (!data.track || !data.readiness)
    return (
      <Alert tone="info">
        Tell us your track to see how ready you are.{" "}
        <Link to="/user/onboarding" className={linkClass}>
          Start onboarding
        </Link>
      </Alert>
    );
  const r = data.readiness;
  const e = r.estimate;
  const weakest = [...data.mastery]
    .filter((m) => m.answered > 0)
    .sort((a, b) => a.mastery - b.mastery)
    .slice(0, 3);

  return (
    <div className="grid gap-4 lg:grid-cols-3">
      <section aria-labelledby="readiness-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-2">
        <h2 id="readiness-heading" className="text-lg font-semibold text-slate-900">
          Readiness for the {data.trackName} exam
        </h2>
        {e ? (
          <>
            <p className="mt-2 text-4xl font-bold text-slate-900" data-testid="readiness">
              {pct(e.readiness)}
            </p>
            <p className="text-sm text-slate-600">
              Expected exam score, likely between {pct(e.low)} and {pct(e.high)} · from {r.answered} answers
            </p>
            <div className="mt-3">
              <BandBar value={e.readiness} low={e.low} high={e.high} label="Expected exam score" />
            </div>
            <p className="mt-3 text-sm text-slate-800" data-testid="pass-probability">
              Chance to pass (pass mark {pct(r.passMark)}): <strong>{pct(e.passProbability)}</strong>
            </p>
            {e.trackCandidates ? (
              <p className="mt-1 text-xs text-slate-500" data-testid="pass-probability-basis">
                It starts from how {e.trackCandidates.toLocaleString()} candidates of this track do, and your own answers outweigh that as
                they add up.
              </p>
            ) : null}
          </>
        ) : (
          <div className="mt-2" data-testid="readiness-pending">
            <p className="text-sm text-slate-700">
              Your readiness shows once you have answered {r.needed} questions over at least {r.themesNeeded} of your track's themes: so far{" "}
              {r.answered} answer{r.answered === 1 ? "" : "s"} over {r.themesAnswered} theme{r.themesAnswered === 1 ? "" : "s"}.
            </p>
            <div className="mt-2 h-2 w-full rounded bg-slate-200" aria-hidden="true">
              <div className="h-2 rounded bg-red-700" style={{ width: `${Math.min(100, (r.answered / r.needed) * 100)}%` }} />
            </div>
          </div>
        )}
        <h3 className="mt-5 mb-2 text-sm font-semibold text-slate-800">Mastery per theme</h3>
        <ul className="space-y-2">
          {data.mastery.map((m) => (
            <li key={m.theme} className="grid grid-cols-[1fr_auto] items-center gap-x-3 text-sm sm:grid-cols-[12rem_1fr_3rem]">
              <span className="truncate text-slate-700">{m.themeName}</span>
              <span className="text-right text-slate-600 sm:order-last">{e && m.answered ? pct(m.mastery) : "–"}</span>
              <span className="col-span-2 sm:col-span-1">
                <BandBar value={m.mastery} low={m.low} high={m.high} label={m.themeName} />
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-xs text-slate-500">
          Mastery is the share of a theme's questions you are expected to get right; the shaded range is where it most likely lies (90%),
          and it narrows as you answer more.{" "}
          <Link to="/user/prev" className={linkClass}>
            See your progress
          </Link>
        </p>
      </section>
      <div className="space-y-4">
        <ReviewCard state={data} weakest={weakest.map((w) => w.themeName)} />
        <section aria-labelledby="plan-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="plan-heading" className="font-semibold text-slate-900">
            Your plan: {data.quota.packageName}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {data.quota.quizzesPerWeek === null
              ? "Unlimited quizzes"
              : `${Math.max(0, data.quota.quizzesPerWeek - data.quota.usedThisWeek)} of ${data.quota.quizzesPerWeek} quizzes left this week`}
          </p>
          {data.targetExamDate ? (
            <p className="mt-1 text-sm text-slate-600">Exam on {new Date(data.targetExamDate).toLocaleDateString()}</p>
          ) : null}
          <Link to="/user/card-details" className={`${linkClass} mt-2 inline-block text-sm`}>
            See plans
          </Link>
        </section>
      </div>
      {data.recent.length ? (
        // Below the readiness: its code loads after the first screen (in view, or once the page is idle).
        <div className="lg:col-span-3">
          <WhenVisible placeholder={<div className="min-h-40" />}>
            <RecentQuizzes recent={data.recent} />
          </WhenVisible>
        </div>
      ) : null}
    </div>
  );
}
