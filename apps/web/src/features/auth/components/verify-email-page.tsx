import type { Role } from "@academy/contract/common";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { useAuth } from "../../../lib/auth-store";
import { Link } from "../../../lib/navigation";
import { verifyEmail } from "../api/recovery";
import { useLinkToken } from "../hooks/use-link-token";
import { AuthCard } from "./auth-card";

/**
 * /user/verify-email?token=… and /admin/verify-email: confirms the address from the link in
 * the email. Works signed in or out, in any browser; it signs no one in.
 */
export function VerifyEmailPage({ accountRole }: { accountRole: Role }) {
  const { state: session } = useAuth();
  const state = useLinkToken(verifyEmail);

  // Signed in: the profile shows the status and sends new links; signed out: sign in first.
  const next =
    session.isAuthenticated && session.role
      ? { to: `/${session.role}/profile`, label: "Go to your profile" }
      : { to: `/${accountRole}/login`, label: "Sign in to your account" };

  if (state.kind === "accepted")
    return (
      <AuthCard title="Email confirmed" description="Thank you: we will send your account and coaching emails to this address.">
        <Link to={next.to} className={`${buttonClass.primary} w-full`}>
          {next.label}
        </Link>
      </AuthCard>
    );
  if (state.kind === "failed")
    return (
      <AuthCard title="This link does not work">
        <div className="space-y-4">
          <Alert>{state.message}</Alert>
          {session.isAuthenticated ? null : (
            <p className="text-sm text-slate-600">Sign in, then ask for a new confirmation link on your profile.</p>
          )}
          <Link to={next.to} className={`${buttonClass.primary} w-full`}>
            {next.label}
          </Link>
        </div>
      </AuthCard>
    );
  return (
    <AuthCard title="Confirming your email">
      <Spinner label="Checking your confirmation link…" />
    </AuthCard>
  );
}
