/**
 * Runs `pass` every `intervalMs`, and once `firstAfterMs` after start, never two at once (a slow
 * pass makes the next tick skip); errors go to `onError`. The timers do not keep the process up;
 * stop() ends them.
 */
export function startPeriodicPass(
  pass: () => Promise<unknown>,
  opts: { intervalMs: number; firstAfterMs?: number; onError: (e: unknown) => void },
) {
  let isRunning = false;
  const run = () => {
    if (isRunning) return;
    isRunning = true;
    pass()
      .catch(opts.onError)
      .finally(() => {
        isRunning = false;
      });
  };
  const first = setTimeout(run, opts.firstAfterMs ?? 30_000);
  const timer = setInterval(run, opts.intervalMs);
  first.unref();
  timer.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
