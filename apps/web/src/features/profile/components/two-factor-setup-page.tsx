import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { useAuth } from "../../../lib/auth-store";
import { useNavigate, useSearchParams } from "../../../lib/navigation";
import { isSafeRedirect } from "../../../lib/redirect";
import { profileKeys, useProfileQuery } from "../../../lib/shared-api/profile";
import { Section } from "./section";
import { TwoFactorSetup } from "./two-factor-setup";

const SETUP_PATH = "/admin/setup-2fa";

/** Where to go once it is on: the staff page the person was heading to, or the dashboard. */
function nextPath(redirectUri: string | null): string {
  return isSafeRedirect(redirectUri) && redirectUri.startsWith("/admin/") && !redirectUri.startsWith(SETUP_PATH)
    ? redirectUri
    : "/admin/dashboard";
}

/**
 * /admin/setup-2fa: the step between a staff sign-in and the staff area while the account has no
 * two-factor sign-in (the server refuses every other staff call until it is on).
 */
export function TwoFactorSetupPage() {
  const { dispatch } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const profile = useProfileQuery();
  const next = nextPath(params.get("redirect_uri"));
  const isAlreadyOn = profile.data?.two_factor_enabled === true;

  const isFinished = useRef(false);
  const finish = (message?: string) => {
    if (isFinished.current) return;
    isFinished.current = true;
    dispatch({ type: "TWO_FACTOR_SETUP_REQUIRED", payload: false });
    if (message) showToast(message);
    navigate(next, { replace: true });
    // The profile screen shows the new state when it opens.
    void queryClient.invalidateQueries({ queryKey: profileKeys.mine });
  };

  // Set up already (in another tab, say): nothing to do here.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the profile answer only
  useEffect(() => {
    if (isAlreadyOn) finish();
  }, [isAlreadyOn]);

  if (profile.isPending || isAlreadyOn) return <Spinner label="Checking your sign-in settings…" />;
  if (profile.isError)
    return (
      <Alert>
        <p>We could not check your sign-in settings.</p>
        <button type="button" className={`${buttonClass.secondary} mt-3`} onClick={() => profile.refetch()}>
          Try again
        </button>
      </Alert>
    );
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Set up two-factor sign-in"
        description="Staff accounts reach candidates' details and payments, so they sign in with a code from an authenticator app as well as a password. Set it up once to open the staff area."
      />
      <Section
        id="setup-two-factor"
        title="Add Rescue Academy to your authenticator app"
        description={`For ${profile.data.email}. From now on, every sign-in asks for the app's current code.`}
      >
        <TwoFactorSetup autoStart onEnabled={() => finish("Two-factor sign-in is on")} />
      </Section>
    </div>
  );
}
