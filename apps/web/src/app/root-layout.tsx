import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Spinner } from "../components/ui/spinner";
import { Toaster } from "../components/ui/toast";
import { checkSession } from "../features/auth/api/check-session";
import { useAuth } from "../lib/auth-store";
import { useLocation, useNavigate } from "../lib/navigation";
import { documentTitle } from "./routes";
import { PersonWrapper, preloadSignedInWrapper } from "./wrappers/person-wrapper";

const loadSessionExpiredModal = () => import("../features/auth/components/session-expired-modal");
const SessionExpiredModal = lazy(() => loadSessionExpiredModal().then((m) => ({ default: m.SessionExpiredModal })));

/** Session recording (after the candidate agrees): loads with the query library once signed in, never with the first screen. */
const SessionRecorder = lazy(() =>
  Promise.all([import("./with-query-client"), import("../features/analytics/components/session-recorder")]).then(([q, m]) =>
    q.withQueryClient(m.SessionRecorder),
  ),
);

/** Session recording waits this long after the app opens: it is no part of the first screen and stays out of its load. */
const RECORDER_DELAY_MS = 3_000;

/** True once `ms` have passed since the first render (never before, so the first screen loads without it). */
function useAfterDelay(ms: number): boolean {
  const [isDue, setDue] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setDue(true), ms);
    return () => window.clearTimeout(timer);
  }, [ms]);
  return isDue;
}

/**
 * A signed-in page fetches the session-expired modal's code soon after it opens: a session often
 * ends while the network is away, and the modal must then show at once, not after a chunk's download.
 */
function usePreloadedExpiryModal() {
  const { state } = useAuth();
  useEffect(() => {
    if (!state.isAuthenticated) return;
    const timer = window.setTimeout(() => void loadSessionExpiredModal().catch(() => undefined), RECORDER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [state.isAuthenticated]);
}

/** Start-up session check (spec section 4): until it answers, guards wait. */
function useStartupCheck(): boolean {
  const { state, dispatch } = useAuth();
  const [checking, setChecking] = useState(state.isAuthenticated);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!state.isAuthenticated) return;
    preloadSignedInWrapper();
    const role = state.role;
    if (!role) {
      dispatch({ type: "LOGOUT", redirectTo: "/" });
      setChecking(false);
      return;
    }
    let cancelled = false;
    checkSession(role).then((result) => {
      if (cancelled) return;
      if (result === "invalid") dispatch({ type: "LOGOUT", redirectTo: `/${role}/login` });
      // The server decides whether staff still have to set up two-factor sign-in.
      else if (result !== "unknown") dispatch({ type: "TWO_FACTOR_SETUP_REQUIRED", payload: result === "two-factor-setup" });
      setChecking(false);
    });
    return () => {
      cancelled = true;
      started.current = false;
    };
  }, [state.isAuthenticated, state.role, dispatch]);

  return checking;
}

/** Finishes a deliberate sign-out: go to its page, then let the guards work normally again. */
function useSignOutRedirect() {
  const { state, dispatch } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const target = state.signOutRedirect;
  const here = `${location.pathname}${location.search}`;
  useEffect(() => {
    if (!target) return;
    if (here === target) dispatch({ type: "SIGN_OUT_REDIRECT_DONE" });
    else navigate(target, { replace: true });
  }, [target, here, navigate, dispatch]);
}

function useDocumentTitle() {
  const { state } = useAuth();
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = documentTitle(pathname, state);
  }, [pathname, state]);
}

/** After client-side navigation, start at the top with focus on the new page for screen readers. */
function useFocusOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because the path changed
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById("main-content")?.focus({ preventScroll: true });
  }, [pathname]);
}

export function RootLayout({ children }: { children: ReactNode }) {
  const { state } = useAuth();
  const checking = useStartupCheck();
  const isRecorderDue = useAfterDelay(RECORDER_DELAY_MS);
  useSignOutRedirect();
  usePreloadedExpiryModal();
  useDocumentTitle();
  useFocusOnNavigate();

  if (checking) return <FullPageLoader />;
  return (
    <>
      <PersonWrapper fallback={<FullPageLoader />}>
        <Suspense fallback={<Spinner />}>{children}</Suspense>
        {/* After the page, in its flow: the consent question never covers or shifts what the page shows. */}
        {isRecorderDue && state.isAuthenticated && state.role === "user" ? (
          <Suspense fallback={null}>
            <SessionRecorder />
          </Suspense>
        ) : null}
      </PersonWrapper>
      {state.sessionExpired && state.isAuthenticated ? (
        <Suspense fallback={null}>
          <SessionExpiredModal />
        </Suspense>
      ) : null}
      <Toaster />
    </>
  );
}

export function FullPageLoader() {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50">
      <Spinner label="Loading Rescue Academy…" />
    </div>
  );
}
