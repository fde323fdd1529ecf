import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useLayoutEffect, useState } from "react";

/**
 * Shows a part of a screen whose pieces load separately (its own data, a lazily loaded section
 * with its own data) all at once, when the last piece is in: pieces arriving one by one would
 * push what is below them down while the person reads or reaches for it (layout shift). Until
 * then the fallback shows and the pieces render hidden, so they load side by side. Once shown it
 * stays shown; later loading happens in place. After `maxWaitMs` it shows whatever is there.
 */

type Hold = (id: string, holding: boolean) => void;
const RevealContext = createContext<Hold | null>(null);

export function RevealTogether({ fallback, children, maxWaitMs = 4000 }: { fallback: ReactNode; children: ReactNode; maxWaitMs?: number }) {
  const [holds, setHolds] = useState<ReadonlySet<string>>(() => new Set());
  const [shown, setShown] = useState(false);
  const [settledOnce, setSettledOnce] = useState(false);
  const hold = useCallback<Hold>((id, holding) => {
    setHolds((current) => {
      if (current.has(id) === holding) return current;
      const next = new Set(current);
      if (holding) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  // The pieces report in their layout effects, which run before this one but whose updates this
  // render does not see yet: the first check waits for one more (synchronous) render, so a piece
  // that holds from its first render is counted before anything is painted.
  useLayoutEffect(() => {
    if (shown) return;
    if (!settledOnce) setSettledOnce(true);
    else if (holds.size === 0) setShown(true);
  }, [shown, settledOnce, holds]);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => setShown(true), maxWaitMs);
    return () => clearTimeout(timer);
  }, [shown, maxWaitMs]);
  return (
    <RevealContext.Provider value={shown ? null : hold}>
      {shown ? null : fallback}
      <div hidden={!shown}>{children}</div>
    </RevealContext.Provider>
  );
}

/** A piece of a RevealTogether that is not ready while `holding` (nothing happens outside one). */
export function useRevealHold(holding: boolean) {
  const hold = useContext(RevealContext);
  const id = useId();
  useLayoutEffect(() => {
    if (!hold) return;
    hold(id, holding);
    return () => hold(id, false);
  }, [hold, id, holding]);
}

/**
 * Holds its RevealTogether while mounted and `when` is true: a piece whose loading state is known
 * where it renders, or (as it is) the Suspense fallback of a lazily loaded piece.
 */
export function RevealHold({ when = true }: { when?: boolean }) {
  useRevealHold(when);
  return null;
}
