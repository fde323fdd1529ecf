import type { ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { useProfileQuery } from "../../../lib/shared-api/profile";
import { DetailsSection } from "./details-section";
import { EmailSection } from "./email-section";
import { PasswordSection } from "./password-section";
import { PhotoSection } from "./photo-section";
import { SessionsSection } from "./sessions-section";
import { TextSizeSection } from "./text-size-section";
import { TwoFactorSection } from "./two-factor-section";

/** /user/profile and /admin/profile: name, photo, email, password, two-factor sign-in, time zone. */
/** `recordingSection`: the session-recording choice and recordings, composed in by the app. */
export function ProfilePage({ recordingSection }: { recordingSection?: ReactNode } = {}) {
  const query = useProfileQuery();
  if (query.isPending) return <Spinner label="Loading your profile…" />;
  if (query.isError)
    return (
      <Alert>
        <p>Your profile could not be loaded.</p>
        <button type="button" className={`${buttonClass.secondary} mt-3`} onClick={() => query.refetch()}>
          Try again
        </button>
      </Alert>
    );
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Your profile" description="How you appear in the academy, and how you sign in." />
      <div className="space-y-6">
        <DetailsSection profile={query.data} />
        <PhotoSection profile={query.data} />
        <EmailSection profile={query.data} />
        <PasswordSection />
        <TwoFactorSection profile={query.data} />
        <SessionsSection />
        <TextSizeSection />
        {recordingSection}
      </div>
    </div>
  );
}
