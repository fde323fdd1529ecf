import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "./api-client";

interface LoadFlags {
  /** A request for the current key is under way (the first, a retry or a refetch). */
  isFetching: boolean;
  /** The data shown belongs to an earlier key while the current key's answer is on its way. */
  isPlaceholderData: boolean;
  /** Asks again (a "Try again" button). */
  refetch: () => void;
}

export type Loaded<T> = LoadFlags &
  (
    | { isPending: true; isError: false; data: undefined; error: undefined }
    | { isPending: false; isError: true; data: T | undefined; error: Error }
    | { isPending: false; isError: false; data: T; error: undefined }
  );

/** Network and server failures may pass, a refusal (4xx) will not: the query client's rule. */
const worthRetrying = (error: unknown) => !(error instanceof ApiError && error.status >= 400 && error.status < 500);
const RETRIES = 2;

type State<T> = { data?: T; dataKey?: string; error?: Error; failedKey?: string; fetching: boolean };

/**
 * What a screen reads when it opens, without the query library (which stays out of the first
 * screens' bundle): loads on mount and again whenever `key` changes, keeps the last answer on
 * screen until the next one arrives, ignores answers to an earlier key, and retries network
 * and server errors twice (after 1 s and 2 s). Nothing is cached between screens: every visit
 * reads afresh.
 */
export function useLoad<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<State<T>>({ fetching: true });
  const [run, setRun] = useState(0);
  const latestLoad = useRef(load);
  latestLoad.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` is how refetch asks again
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A refetch keeps showing the failure until it succeeds; another key starts clean.
    setState((s) =>
      s.fetching && s.failedKey === undefined ? s : { ...s, fetching: true, failedKey: s.failedKey === key ? key : undefined },
    );
    const attempt = (n: number) => {
      latestLoad.current().then(
        (data) => {
          // Rendering what arrived is a transition: React renders a large screen (charts, tables)
          // in slices that leave the main thread free between them, instead of one long task.
          if (live) startTransition(() => setState({ data, dataKey: key, fetching: false }));
        },
        (failure: unknown) => {
          if (!live) return;
          const error = failure instanceof Error ? failure : new Error(String(failure));
          if (n < RETRIES && worthRetrying(error)) timer = setTimeout(() => attempt(n + 1), 1000 * 2 ** n);
          else startTransition(() => setState((s) => ({ data: s.data, dataKey: s.dataKey, error, failedKey: key, fetching: false })));
        },
      );
    };
    attempt(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, run]);

  const refetch = useCallback(() => setRun((n) => n + 1), []);
  const flags = { isFetching: state.fetching, isPlaceholderData: state.data !== undefined && state.dataKey !== key, refetch };
  if (state.failedKey === key && state.error) return { ...flags, isPending: false, isError: true, data: state.data, error: state.error };
  if (state.data === undefined) return { ...flags, isPending: true, isError: false, data: undefined, error: undefined };
  return { ...flags, isPending: false, isError: false, data: state.data, error: undefined };
}
