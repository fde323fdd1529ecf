import type { LoginResponse } from "@academy/contract/auth";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { isErrorBody } from "../../../lib/api-client";
import { magicLogin } from "../api/recovery";
import { useSignIn } from "../hooks/use-sign-in";
import { AuthCard } from "./auth-card";
import { TwoFactorStep } from "./two-factor-step";

type State = { kind: "checking" } | { kind: "failed"; message: string } | { kind: "two-factor"; accessToken: string };

/** /magic-login/verify?token=…: signs in with the link once and opens the role's dashboard. */
export function MagicVerifyPage() {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const navigate = useNavigate();
  const signIn = useSignIn();
  const [state, setState] = useState<State>(
    token ? { kind: "checking" } : { kind: "failed", message: "This link is incomplete. Open the link from the email again." },
  );
  const isStarted = useRef(false);

  const finish = (answer: LoginResponse) => {
    signIn(answer);
    navigate(`/${answer.role}/dashboard`, { replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the link works once, so this runs once per token
  useEffect(() => {
    // The link works once: never send it twice (Strict Mode runs effects twice in development).
    if (!token || isStarted.current) return;
    isStarted.current = true;
    magicLogin(token).then(
      (answer) => {
        if (isErrorBody(answer)) setState({ kind: "failed", message: answer.message });
        else if ("two_factor_required" in answer) setState({ kind: "two-factor", accessToken: answer.access_token });
        else finish(answer);
      },
      () => setState({ kind: "failed", message: "Could not reach the server. Check your connection and open the link again." }),
    );
  }, [token]);

  if (state.kind === "two-factor")
    return (
      <AuthCard title="Two-factor sign-in" description="One more step to keep your account safe.">
        <TwoFactorStep accessToken={state.accessToken} onSignedIn={finish} onRestart={() => navigate("/login")} />
      </AuthCard>
    );
  if (state.kind === "failed")
    return (
      <AuthCard title="This link does not work">
        <div className="space-y-4">
          <Alert>{state.message}</Alert>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Link to="/magic-login/user" className={`${buttonClass.primary} flex-1`}>
              Get a new link
            </Link>
            <Link to="/login" className={`${buttonClass.secondary} flex-1`}>
              Sign in with password
            </Link>
          </div>
        </div>
      </AuthCard>
    );
  return (
    <AuthCard title="Signing you in">
      <Spinner label="Checking your sign-in link…" />
    </AuthCard>
  );
}
