import { type ReactNode, Suspense } from "react";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { RevealHold, RevealTogether } from "../../../components/ui/reveal";
import { Spinner } from "../../../components/ui/spinner";
import { useAuth } from "../../../lib/auth-store";
import { useDashboardQuery } from "../api/get-dashboard";
import { useProfileQuery } from "../api/get-profile";
import { ICONS, Icon, LinkCard, type LinkCardProps } from "./link-card";
import { ReadinessSection } from "./readiness-card";

const NEXT_STEPS: readonly LinkCardProps[] = [
  {
    to: "/user/onboarding",
    title: "Start onboarding",
    description: "Tell us your track and exam date, choose your themes and get your first quiz.",
    icon: <Icon d={ICONS.flag} />,
  },
  {
    to: "/user/onboarding/allquizzes",
    title: "Quizzes",
    description: "Start a new quiz, resume one in progress or retry the questions you missed.",
    icon: <Icon d={ICONS.check} />,
  },
  {
    to: "/user/study-plan",
    title: "Study plan",
    description: "Your themes in three columns, weakest first: to study, studying and ready.",
    icon: <Icon d={ICONS.flag} />,
  },
  {
    to: "/user/document-library",
    title: "Document library",
    description: "Study material by track and theme, with search and preview in the browser.",
    icon: <Icon d={ICONS.book} />,
  },
  {
    to: "/user/get-coaching",
    title: "Coaching",
    description: "Book a session with a coach at a time that fits around your shifts.",
    icon: <Icon d={ICONS.chat} />,
  },
  {
    to: "/user/card-details",
    title: "Your plan",
    description: "See what your plan includes, change it, and manage your cards and invoices.",
    icon: <Icon d={ICONS.card} />,
  },
  {
    to: "/user/prev",
    title: "Progress",
    description: "Your past attempts and how your readiness changes over time.",
    icon: <Icon d={ICONS.chart} />,
  },
];

/** `planSection`: the plan status, composed in by the app (features do not import each other). */
export function UserDashboardPage({ planSection }: { planSection?: ReactNode }) {
  const { state } = useAuth();
  const profile = useProfileQuery();
  const dashboard = useDashboardQuery();
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
        <RevealHold when={dashboard.isPending || profile.isPending} />
        {dashboard.data ? (
          <div className="mb-8">
            <ReadinessSection data={dashboard.data} />
          </div>
        ) : null}
        {dashboard.isError ? (
          <div className="mb-6">
            <Alert>We could not load your readiness. Reload the page to try again.</Alert>
          </div>
        ) : null}
        {/* A lazily loaded section: until its code is in, it holds the reveal. */}
        <Suspense fallback={<RevealHold />}>{planSection}</Suspense>
        <section aria-labelledby="next-steps-heading">
          <h2 id="next-steps-heading" className="mb-3 text-lg font-semibold text-slate-900">
            Next steps
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {NEXT_STEPS.map((step) => (
              <li key={step.to}>
                <LinkCard {...step} />
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
