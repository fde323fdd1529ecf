import { type ReactNode, Suspense, useDeferredValue } from "react";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { RevealHold, RevealTogether } from "../../../components/ui/reveal";
import { Spinner } from "../../../components/ui/spinner";
import { useAuth } from "../../../lib/auth-store";
import { useDashboardQuery } from "../api/get-dashboard";
import { useProfileQuery } from "../api/get-profile";
import { nextSteps } from "../guidance";
import { ICONS, Icon, LinkCard } from "./link-card";
import { ReadinessSection } from "./readiness-card";

/** `planSection`: the plan status, composed in by the app (features do not import each other). */
export function UserDashboardPage({ planSection }: { planSection?: ReactNode }) {
  const { state } = useAuth();
  const profile = useProfileQuery();
  const dashboard = useDashboardQuery();
  // Readiness and the next steps render at low priority, in slices React can interrupt.
  const model = useDeferredValue(dashboard.data);
  // The name from sign-in shows at once; the profile answer replaces it when it arrives.
  const firstName = profile.data?.first_name || state.userDetails?.firstName || "";
  return (
    <>
      <PageHeader
        title={firstName ? `Welcome back, ${firstName}` : "Welcome back"}
        description="Here is where your exam preparation starts. Pick your next step."
      />
      {profile.isError ? (
        <div className="mb-6">
          <Alert>
            <p>
              We could not load your profile.{" "}
              <button type="button" onClick={() => profile.refetch()} className="font-semibold underline">
                Try again
              </button>
            </p>
          </Alert>
        </div>
      ) : null}
      {/* Readiness, the plan and the next steps appear together, so none of them moves the others. */}
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
        {/* A lazily loaded section: until its code is in, it holds the reveal. */}
        <Suspense fallback={<RevealHold />}>{planSection}</Suspense>
        <section aria-labelledby="next-steps-heading" data-testid="next-steps">
          <h2 id="next-steps-heading" className="mb-3 text-lg font-semibold text-slate-900">
            Next steps
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {nextSteps(model).map((step) => (
              <li key={step.title}>
                <LinkCard to={step.to} title={step.title} description={step.description} icon={<Icon d={ICONS[step.icon]} />} />
              </li>
            ))}
          </ul>
        </section>
        {profile.data ? (
          <p className="mt-8 text-sm text-slate-500">
            Signed in as <span className="font-medium text-slate-700">{profile.data.email}</span>
          </p>
        ) : null}
      </RevealTogether>
    </>
  );
}
