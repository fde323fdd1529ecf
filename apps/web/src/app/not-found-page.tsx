import { buttonClass } from "../components/ui/styles";
import { useAuth } from "../lib/auth-store";
import { Link } from "../lib/navigation";
import { dashboardPath } from "./access";

/** Shown for unknown paths and for pages of the other role, inside the person's own wrapper. */
export function NotFoundPage() {
  const { state } = useAuth();
  const home = state.isAuthenticated ? dashboardPath(state.role) : "/";
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center px-4 py-16 text-center">
      <p className="text-sm font-semibold tracking-wider text-red-700 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">Page not found</h1>
      <p className="mt-3 text-slate-600">The page you are looking for does not exist, or it is not available to you.</p>
      <Link to={home} className={`${buttonClass.primary} mt-8`}>
        Back to home
      </Link>
    </section>
  );
}
