import { lazy } from "react";
import { RevealTogether } from "../../../components/ui/reveal";
import { Spinner } from "../../../components/ui/spinner";
import { WhenVisible } from "../../../components/ui/when-visible";
import { AcademyFigures } from "./academy-figures";
import { WelcomeHeader } from "./welcome-header";

const AdminAreas = lazy(() => import("./admin-areas").then((m) => ({ default: m.AdminAreas })));

export function AdminDashboardPage() {
  return (
    <>
      <WelcomeHeader greeting="Welcome" description="Run the academy: people, plans and prices, and the content candidates see." />
      {/* The figures and the areas below them appear together, so the figures do not push the areas down. */}
      <RevealTogether fallback={<Spinner label="Loading the academy's figures…" />}>
        <AcademyFigures />
        {/* Below the figures: its code loads after the first screen (in view, or once the page is idle). */}
        <WhenVisible placeholder={<div className="min-h-[40rem]" />}>
          <AdminAreas />
        </WhenVisible>
      </RevealTogether>
    </>
  );
}
