import { Alert } from "../../../components/ui/alert";
import { BarChart } from "../../../components/ui/bar-chart";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { useAuth } from "../../../lib/auth-store";
import { useAdminDashboardQuery } from "../api/get-admin-dashboard";
import { useProfileQuery } from "../api/get-profile";
import { ICONS, Icon, LinkCard, type LinkCardProps } from "./link-card";

interface Area {
  heading: string;
  cards: readonly LinkCardProps[];
}

const AREAS: readonly Area[] = [
  {
    heading: "People",
    cards: [
      {
        to: "/admin/users",
        title: "Users",
        description: "Find, add and edit candidate and staff accounts.",
        icon: <Icon d={ICONS.users} />,
      },
    ],
  },
  {
    heading: "Sales",
    cards: [
      {
        to: "/admin/packages",
        title: "Packages",
        description: "Subscription plans and what each one unlocks.",
        icon: <Icon d={ICONS.box} />,
      },
      {
        to: "/admin/stripe_price",
        title: "Prices",
        description: "Card-payment prices for each package.",
        icon: <Icon d={ICONS.tag} />,
      },
      {
        to: "/admin/stripe_subscription",
        title: "Subscriptions",
        description: "Candidates' subscriptions and their status.",
        icon: <Icon d={ICONS.repeat} />,
      },
    ],
  },
  {
    heading: "Content",
    cards: [
      {
        to: "/admin/pages",
        title: "Pages",
        description: "The public landing, FAQ, contact and terms pages.",
        icon: <Icon d={ICONS.page} />,
      },
      {
        to: "/admin/cms",
        title: "CMS",
        description: "Keyed text and images that screens use for their copy.",
        icon: <Icon d={ICONS.text} />,
      },
      {
        to: "/admin/email",
        title: "Email templates",
        description: "Transactional emails with placeholders, preview and test send.",
        icon: <Icon d={ICONS.mail} />,
      },
      {
        to: "/admin/photo",
        title: "Photos",
        description: "Images uploaded for pages and content.",
        icon: <Icon d={ICONS.image} />,
      },
    ],
  },
  {
    heading: "Account",
    cards: [
      {
        to: "/admin/profile",
        title: "Profile",
        description: "Your name, photo, password and two-factor sign-in.",
        icon: <Icon d={ICONS.user} />,
      },
    ],
  },
];

function Figure({ label, value, note }: { label: string; value: number; note?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-bold tracking-tight text-slate-900 tabular-nums">{value.toLocaleString()}</dd>
      {note ? <dd className="mt-1 text-xs text-slate-500">{note}</dd> : null}
    </div>
  );
}

function AcademyFigures() {
  const figures = useAdminDashboardQuery(30);
  if (figures.isPending) return <Spinner label="Loading the academy's figures…" />;
  if (figures.isError)
    return (
      <Alert>
        <p>
          We could not load the academy's figures.{" "}
          <button type="button" onClick={() => figures.refetch()} className="font-semibold underline">
            Try again
          </button>
        </p>
      </Alert>
    );
  const { users, days } = figures.data;
  return (
    <section aria-labelledby="figures-heading" className="mb-8">
      <h2 id="figures-heading" className="mb-3 text-lg font-semibold text-slate-900">
        The academy today
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3">
        <Figure label="Candidates" value={users.candidates} />
        <Figure label={`New candidates, last ${days} days`} value={users.newInPeriod} />
        <Figure label="Staff" value={users.staff} />
      </dl>
      <div className="mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h3 className="text-sm font-medium text-slate-700">Sign-ups per day</h3>
        <BarChart label={`Candidate sign-ups per day over the last ${days} days`} points={users.signups} />
      </div>
    </section>
  );
}

export function AdminDashboardPage() {
  const { state } = useAuth();
  const profile = useProfileQuery();
  const firstName = profile.data?.first_name || state.userDetails?.firstName || "";
  return (
    <>
      <PageHeader
        title={firstName ? `Welcome, ${firstName}` : "Welcome"}
        description="Run the academy: people, plans and prices, and the content candidates see."
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
      <AcademyFigures />
      <div className="space-y-8">
        {AREAS.map((area) => {
          const headingId = `area-${area.heading.toLowerCase()}`;
          return (
            <section key={area.heading} aria-labelledby={headingId}>
              <h2 id={headingId} className="mb-3 text-lg font-semibold text-slate-900">
                {area.heading}
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {area.cards.map((card) => (
                  <li key={card.to}>
                    <LinkCard {...card} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </>
  );
}
