import { PageHeader } from "../components/ui/page-header";
import { linkClass } from "../components/ui/styles";
import { useAuth } from "../lib/auth-store";
import { Link } from "../lib/navigation";
import { routeDescriptions } from "./route-descriptions";
import type { AppRoute } from "./routes";

/** A screen not built yet: its title and what it will do, from the route table. Nothing made up. */
export function PlaceholderPage({ route }: { route: AppRoute }) {
  const { state } = useAuth();
  const signedIn = state.isAuthenticated;
  return (
    <div className={signedIn ? "" : "mx-auto max-w-3xl px-4 py-10 sm:py-16"}>
      <PageHeader title={route.title} description={routeDescriptions[route.path]} />
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-600">
        <p>This screen is being built.</p>
        {signedIn ? null : (
          <p className="mt-2">
            <Link to="/" className={linkClass}>
              Back to the home page
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
