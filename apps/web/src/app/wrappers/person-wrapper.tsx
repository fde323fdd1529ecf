import { lazy, type ReactNode, Suspense } from "react";
import { useAuth } from "../../lib/auth-store";
import { wrapperFor } from "../access";
import { PublicWrapper } from "./public-wrapper";

// The signed-in frame is its own chunk: signed-out visitors (landing, sign-in) never load it.
const loadSignedInWrapper = () => import("./signed-in-wrapper");
const SignedInWrapper = lazy(() => loadSignedInWrapper().then((m) => ({ default: m.SignedInWrapper })));

/** Start fetching the signed-in frame early (while the start-up session check runs). */
export function preloadSignedInWrapper(): void {
  void loadSignedInWrapper();
}

/** The wrapper follows who is looking (spec section 2), whatever the page. */
export function PersonWrapper({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { state } = useAuth();
  const kind = wrapperFor(state);
  if (kind === "public") return <PublicWrapper>{children}</PublicWrapper>;
  return (
    <Suspense fallback={fallback}>
      <SignedInWrapper key={kind} role={kind}>
        {children}
      </SignedInWrapper>
    </Suspense>
  );
}
