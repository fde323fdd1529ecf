import type { ReactNode } from "react";
import { PageHeader } from "../../../components/ui/page-header";
import { Link } from "../../../lib/navigation";
import { useOnboardingQuery, useQuizListQuery } from "../../../lib/shared-api/quiz";
import { STEPS, stepsDone } from "../steps";

export { STEPS };

/**
 * The steps every onboarding screen shares. A step is marked done from the saved answers (and the
 * quizzes made), never from the screen that is open; the open one is marked as current; done
 * steps link back. The list wraps on a narrow screen instead of scrolling sideways.
 */
export function OnboardingStepper({ current }: { current: number }) {
  const profile = useOnboardingQuery();
  const quizzes = useQuizListQuery();
  const done = stepsDone(profile.data, quizzes.data?.length ?? 0);
  return (
    <nav aria-label="Onboarding steps" className="mb-6" data-testid="onboarding-stepper">
      <ol className="flex flex-wrap gap-x-2 gap-y-1 text-xs sm:text-sm">
        {STEPS.map((step, i) => {
          const state = i === current ? "current" : done[i] ? "done" : "upcoming";
          const badge = (
            <span
              className={`inline-flex size-6 items-center justify-center rounded-full text-xs font-semibold ${
                state === "current"
                  ? "bg-red-700 text-white"
                  : state === "done"
                    ? "bg-emerald-600 text-white"
                    : "bg-slate-200 text-slate-600"
              }`}
              aria-hidden="true"
            >
              {done[i] ? "✓" : i + 1}
            </span>
          );
          return (
            <li key={step.path} className="flex items-center gap-2">
              {state === "done" ? (
                <Link
                  to={step.path}
                  data-state="done"
                  className="flex items-center gap-1.5 rounded-full px-2 py-1 text-slate-700 hover:bg-slate-100"
                >
                  {badge}
                  <span>{step.label}</span>
                  <span className="sr-only">(done)</span>
                </Link>
              ) : (
                <span
                  data-state={state}
                  aria-current={state === "current" ? "step" : undefined}
                  className={`flex items-center gap-1.5 px-2 py-1 ${state === "current" ? "font-semibold text-slate-900" : "text-slate-500"}`}
                >
                  {badge}
                  <span>{step.label}</span>
                  {done[i] ? <span className="sr-only">(done)</span> : null}
                </span>
              )}
              {i < STEPS.length - 1 ? <span aria-hidden="true" className="h-px w-4 bg-slate-300" /> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export function OnboardingLayout({
  step,
  title,
  description,
  children,
}: {
  step: number;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-3xl">
      <OnboardingStepper current={step} />
      <PageHeader title={title} description={description} />
      {children}
    </div>
  );
}
