import type { Role } from "@academy/contract/common";
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { isErrorBody } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth-store";
import { verifyEmail } from "../api/recovery";
import { AuthCard } from "./auth-card";

type State = { kind: "checking" } | { kind: "confirmed" } | { kind: "failed"; message: string };

/**
 * /user/verify-email?token=… and /admin/verify-email: confirms the address from the link in
 * the email. Works signed in or out, in any browser; it signs no one in.
 */
export function VerifyEmailPage({ accountRole }: { accountRole: Role }) {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const { state: session } = useAuth();
  const [state, setState] = useState<State>(
    token ? { kind: "checking" } : { kind: "failed", message: "This link is incomplete. Open the link from the email again." },
  );
  const isStarted = useRef(false);

  useEffect(() => {
    // The link works once: never send it twice (Strict Mode runs effects twice in development).
    if (!token || isStarted.current) return;
    isStarted.current = true;
    verifyEmail(token).then(
      (answer) => setState(isErrorBody(answer) ? { kind: "failed", message: answer.message } : { kind: "confirmed" }),
      () => setState({ kind: "failed", message: "Could not reach the server. Check your connection and open the link again." }),
    );
  }, [token]);

  // Signed in: the profile shows the status and sends new links; signed out: sign in first.
  const next =
    session.isAuthenticated && session.role
      ? { to: `/${session.role}/profile`, label: "Go to your profile" }
      : { to: `/${accountRole}/login`, label: "Sign in to your account" };

  if (state.kind === "confirmed")
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
