import { useEffect, useRef } from "react";
import { Alert } from "../../../components/ui/alert";
import { buttonClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth-store";
import { useLocation } from "../../../lib/navigation";
import { INGEST_URL, useConsentQuery, useIngestTokenQuery, useSetConsent } from "../api/analytics";
import { type Recorder, startRecorder } from "../recorder/recorder";

/**
 * Session recording for a signed-in candidate: asks once (the banner), remembers the answer on
 * the server (changed from the profile), and records only after a yes.
 */
export function SessionRecorder() {
  const { state } = useAuth();
  const isCandidate = state.isAuthenticated && state.role === "user" && state.user !== null;
  const consent = useConsentQuery(isCandidate);
  const granted = isCandidate && consent.data?.granted === true;
  return (
    <>
      {isCandidate && consent.data && consent.data.granted === null ? <ConsentBanner /> : null}
      {granted && state.user !== null ? <Recording userId={state.user} /> : null}
    </>
  );
}

function Recording({ userId }: { userId: number }) {
  const token = useIngestTokenQuery(true);
  const recorder = useRef<Recorder | null>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    const started = startRecorder({ url: INGEST_URL, userId });
    recorder.current = started;
    return () => {
      started.flush();
      started.stop();
      recorder.current = null;
    };
  }, [userId]);

  useEffect(() => {
    recorder.current?.setToken(token.data?.token ?? null);
  }, [token.data]);

  useEffect(() => {
    recorder.current?.pageview(pathname);
  }, [pathname]);

  return null;
}

function ConsentBanner() {
  const setConsent = useSetConsent();
  return (
    <section
      aria-labelledby="recording-consent-title"
      className="mt-8 rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sm text-slate-800 shadow-sm sm:p-5"
    >
      <h2 id="recording-consent-title" className="text-base font-semibold text-slate-900">
        Help us improve Rescue Academy?
      </h2>
      <p className="mt-1 max-w-3xl">
        With your permission we record how you move through the app (pages, clicks, scrolling and screen size) to find what is confusing.
        Nothing you type is recorded: every field is masked in your browser before anything is sent. Recordings are kept for a limited time,
        and you can see, delete or stop them on your profile at any time.
      </p>
      {setConsent.isError ? (
        <div className="mt-3">
          <Alert>{toFormError(setConsent.error).message}</Alert>
        </div>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={buttonClass.primary} disabled={setConsent.isPending} onClick={() => setConsent.mutate(true)}>
          Allow recording
        </button>
        <button type="button" className={buttonClass.secondary} disabled={setConsent.isPending} onClick={() => setConsent.mutate(false)}>
          No, thanks
        </button>
      </div>
    </section>
  );
}
