import { hasPermission, STAFF_ROLE_LABELS } from "@academy/contract/staff";
import { type ReactNode, Suspense } from "react";
import { RevealTogether } from "../../../components/ui/reveal";
import { Spinner } from "../../../components/ui/spinner";
import { WhenVisible } from "../../../components/ui/when-visible";
import { useAuth } from "../../../lib/auth-store";
import { AcademyFigures } from "./academy-figures";
import { WelcomeHeader } from "./welcome-header";

/** `areas`: the staff areas as link cards, composed by the app from its navigation. */
export function AdminDashboardPage({ areas }: { areas: ReactNode }) {
  const { staffRole } = useAuth().state;
  // The academy's figures (revenue among them) are for the roles that read them; the others see their areas.
  if (!hasPermission(staffRole, "dashboard.read"))
    return (
      <>
        <WelcomeHeader
          greeting="Welcome"
          description={`You work here as ${staffRole ? STAFF_ROLE_LABELS[staffRole].toLowerCase() : "staff"}: these are the areas your role opens.`}
        />
        <Suspense fallback={<Spinner label="Loading your areas…" />}>{areas}</Suspense>
      </>
    );
  return (
    <>
      <WelcomeHeader greeting="Welcome" description="Run the academy: people, plans and prices, and the content candidates see." />
      {/* The figures and the areas below them appear together, so the figures do not push the areas down. */}
      <RevealTogether fallback={<Spinner label="Loading the academy's figures…" />}>
        <AcademyFigures />
        {/* Below the figures: its code loads after the first screen (in view, or once the page is idle). */}
        <WhenVisible placeholder={<div className="min-h-[40rem]" />}>{areas}</WhenVisible>
      </RevealTogether>
    </>
  );
}
