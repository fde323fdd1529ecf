import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { useAuth } from "../../../lib/auth-store";
import { useProfileQuery } from "../../../lib/shared-api/profile";

/**
 * The dashboards' greeting: the name from sign-in at once, the profile's when it arrives, and a
 * way to ask again when the profile could not be read.
 */
export function WelcomeHeader({ greeting, description }: { greeting: string; description: string }) {
  const { state } = useAuth();
  const profile = useProfileQuery();
  const firstName = profile.data?.first_name || state.userDetails?.firstName || "";
  return (
    <>
      <PageHeader title={firstName ? `${greeting}, ${firstName}` : greeting} description={description} />
      {profile.isError ? (
        <div className="mb-6">
          <Alert>
            <p>
              We could not load your profile.{" "}
              <button type="button" onClick={() => profile.refetch()} className="font-semibold underline">
                Try again
              </button>
            </p>
          </Alert>
        </div>
      ) : null}
    </>
  );
}
