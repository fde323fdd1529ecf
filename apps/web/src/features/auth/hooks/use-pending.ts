import { useCallback, useRef, useState } from "react";

/** Runs one submission at a time and says whether one is in flight. */
export function usePending() {
  const [isPending, setIsPending] = useState(false);
  const inFlight = useRef(false);
  const run = useCallback(async <T>(task: () => Promise<T>): Promise<T | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setIsPending(true);
    try {
      return await task();
    } finally {
      inFlight.current = false;
      setIsPending(false);
    }
  }, []);
  return { isPending, run };
}
