import type { ReactNode } from "react";
import { PageHeader } from "../../../components/ui/page-header";
import { Link } from "../../../lib/navigation";

export const STEPS = [
  { path: "/user/onboarding", label: "Welcome" },
  { path: "/user/onboarding/form", label: "About you" },
  { path: "/user/onboarding/theme", label: "Themes" },
  { path: "/user/onboarding/themecontd", label: "Confidence and settings" },
  { path: "/user/onboarding/themepreview", label: "Preview" },
  { path: "/user/onboarding/final-preview", label: "Review" },
  { path: "/user/onboarding/generatequiz", label: "Your quiz" },
] as const;

/** The steps every onboarding screen shares: done steps link back, the current one is marked. */
export function OnboardingStepper({ current }: { current: number }) {
  return (
    <nav aria-label="Onboarding steps" className="mb-6 overflow-x-auto">
      <ol className="flex min-w-max gap-2 text-xs sm:text-sm">
        {STEPS.map((step, i) => {
          const state = i < current ? "done" : i === current ? "current" : "upcoming";
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
              {state === "done" ? "✓" : i + 1}
            </span>
          );
          return (
            <li key={step.path} className="flex items-center gap-2">
              {state === "done" ? (
                <Link to={step.path} className="flex items-center gap-1.5 rounded-full px-2 py-1 text-slate-700 hover:bg-slate-100">
                  {badge}
                  <span>{step.label}</span>
                  <span className="sr-only">(done)</span>
                </Link>
              ) : (
                <span
                  aria-current={state === "current" ? "step" : undefined}
                  className={`flex items-center gap-1.5 px-2 py-1 ${state === "current" ? "font-semibold text-slate-900" : "text-slate-500"}`}
                >
                  {badge}
                  <span>{step.label}</span>
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
