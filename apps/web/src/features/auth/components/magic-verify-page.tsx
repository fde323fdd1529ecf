import type { LoginResponse } from "@academy/contract/auth";
import { useEffect } from "react";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { Link, useNavigate } from "../../../lib/navigation";
import { magicLogin } from "../api/recovery";
import { useLinkToken } from "../hooks/use-link-token";
import { useSignIn } from "../hooks/use-sign-in";
import { AuthCard } from "./auth-card";
import { TwoFactorStep } from "./two-factor-step";

/** /magic-login/verify?token=…: signs in with the link once and opens the role's dashboard. */
export function MagicVerifyPage() {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const check = useLinkToken(magicLogin);

  const finish = (answer: LoginResponse) => {
    signIn(answer);
    navigate(`/${answer.role}/dashboard`, { replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: signs in once, when the link is accepted
  useEffect(() => {
    if (check.kind === "accepted" && !("two_factor_required" in check.answer)) finish(check.answer);
  }, [check]);

  if (check.kind === "accepted" && "two_factor_required" in check.answer)
    return (
      <AuthCard title="Two-factor sign-in" description="One more step to keep your account safe.">
        <TwoFactorStep accessToken={check.answer.access_token} onSignedIn={finish} onRestart={() => navigate("/login")} />
      </AuthCard>
    );
  if (check.kind === "failed")
    return (
      <AuthCard title="This link does not work">
        <div className="space-y-4">
          <Alert>{check.message}</Alert>
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
