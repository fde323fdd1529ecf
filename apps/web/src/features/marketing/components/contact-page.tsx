import { Link } from "react-router";
import { PageHeader } from "../../../components/ui/page-header";
import { linkClass } from "../../../components/ui/styles";
import { useAuth } from "../../../lib/auth-store";

export function ContactPage() {
  const { state } = useAuth();
  const signedInAs = state.isAuthenticated ? state.role : null;
  return (
    <div className={signedInAs ? "max-w-3xl" : "mx-auto max-w-3xl px-4 py-10 sm:py-16"}>
      <PageHeader title="Contact us" description="Where to turn for help with your account, your plan or your preparation." />
      <ul className="grid gap-4 sm:grid-cols-2">
        <li className="rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="font-semibold text-slate-900">Questions about your preparation</h2>
          <p className="mt-2 text-sm text-slate-600">
            Candidates can book a session with a coach and chat with them from the{" "}
            <Link to={signedInAs === "user" ? "/user/get-coaching" : "/user/login?redirect_uri=/user/get-coaching"} className={linkClass}>
              Coaching page
            </Link>
            .
          </p>
        </li>
        {signedInAs ? null : (
          <li className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 className="font-semibold text-slate-900">Trouble signing in</h2>
            <p className="mt-2 text-sm text-slate-600">
              You can{" "}
              <Link to="/user/forgot" className={linkClass}>
                reset your password
              </Link>{" "}
              or{" "}
              <Link to="/magic-login/user" className={linkClass}>
                sign in with a link sent to your email
              </Link>
              .
            </p>
          </li>
        )}
      </ul>
      <p className="mt-6 text-sm text-slate-600">
        Looking for a quick answer? Read the{" "}
        <Link to="/faq" className={linkClass}>
          frequently asked questions
        </Link>
        .
      </p>
    </div>
  );
}
