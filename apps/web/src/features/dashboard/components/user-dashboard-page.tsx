import { lazy, type ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { RevealHold, RevealTogether } from "../../../components/ui/reveal";
import { Spinner } from "../../../components/ui/spinner";
import { WhenVisible } from "../../../components/ui/when-visible";
import { useProfileQuery } from "../../../lib/shared-api/profile";
import { useDashboardQuery } from "../api/get-dashboard";
import { ReadinessSection } from "./readiness-card";
import { WelcomeHeader } from "./welcome-header";

const NextSteps = lazy(() => import("./next-steps").then((m) => ({ default: m.NextSteps })));

/** `planSection`: the plan status, composed in by the app (features do not import each other). */
export function UserDashboardPage({ planSection }: { planSection?: ReactNode }) {
  const profile = useProfileQuery();
  const dashboard = useDashboardQuery();
  const model = dashboard.data;
  return (
    <>
      <WelcomeHeader greeting="Welcome back" description="Here is where your exam preparation starts. Pick your next step." />
      {/* Readiness and the next steps appear together, so neither moves the other. */}
      <RevealTogether fallback={<Spinner label="Loading your dashboard…" />}>
        <RevealHold when={(!dashboard.isError && !model) || profile.isPending} />
        {model ? (
          <div className="mb-8">
            <ReadinessSection data={model} />
          </div>
        ) : null}
        {dashboard.isError ? (
          <div className="mb-6">
            <Alert>We could not load your readiness. Reload the page to try again.</Alert>
          </div>
        ) : null}
        <section aria-labelledby="next-steps-heading" data-testid="next-steps">
          <h2 id="next-steps-heading" className="mb-3 text-lg font-semibold text-slate-900">
            Next steps
          </h2>
          {/* Below the readiness: its code loads after the first screen (in view, or once the page is idle). */}
          <WhenVisible placeholder={<div className="min-h-80" />}>
            <NextSteps model={model} />
          </WhenVisible>
        </section>
        {/* Last, as the readiness already names the plan and its quota: the plan section (the plans
            to choose from, or the current one), its code and its call come after the first screen
            (in view, or once the page is idle), and below everything, so its arrival moves nothing. */}
        {planSection ? (
          <div className="mt-8">
            <WhenVisible placeholder={<div className="min-h-32" />}>{planSection}</WhenVisible>
          </div>
        ) : null}
        {profile.data ? (
          <p className="mt-8 text-sm text-slate-500">
            Signed in as <span className="font-medium text-slate-700">{profile.data.email}</span>
          </p>
        ) : null}
      </RevealTogether>
    </>
  );
}
