import { lazy, type ReactNode, Suspense } from "react";
import { useAuth } from "../../lib/auth-store";
import { wrapperFor } from "../access";

// The signed-in frame is its own chunk: signed-out visitors (landing, sign-in) never load it.
const loadSignedInWrapper = () => import("./signed-in-wrapper");
const SignedInWrapper = lazy(() => loadSignedInWrapper().then((m) => ({ default: m.SignedInWrapper })));

// The signed-out frame too: signed-in screens never need it. A visitor without a stored session
// starts fetching it at once, side by side with the screen, so nothing waits for it in turn.
const loadPublicWrapper = () => import("./public-wrapper");
const PublicWrapper = lazy(() => loadPublicWrapper().then((m) => ({ default: m.PublicWrapper })));
try {
  if (typeof localStorage !== "undefined" && !localStorage.getItem("token")) void loadPublicWrapper();
} catch {
  // Storage may be off (private mode); the frame then loads when it renders.
}

/** Start fetching the signed-in frame early (while the start-up session check runs). */
export function preloadSignedInWrapper(): void {
  void loadSignedInWrapper();
}

/** The wrapper follows who is looking (spec section 2), whatever the page. */
export function PersonWrapper({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { state } = useAuth();
  const kind = wrapperFor(state);
  if (kind === "public")
    return (
      <Suspense fallback={fallback}>
        <PublicWrapper>{children}</PublicWrapper>
      </Suspense>
    );
  return (
    <Suspense fallback={fallback}>
      <SignedInWrapper key={kind} role={kind}>
        {children}
      </SignedInWrapper>
    </Suspense>
  );
}
