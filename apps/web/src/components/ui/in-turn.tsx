import { type ReactNode, useEffect, useState } from "react";

/*
 * Preact renders an update in one go (React could split a low-priority render into slices), so
 * a screen that draws several heavy pieces at once (the staff dashboard's charts) would hold the
 * main thread in one long task. Pieces wrapped in `InTurn` render one per task instead, in the
 * order they mounted: between two of them the browser paints and handles input.
 */

const waiting: Array<() => void> = [];
let scheduled = false;

function nextTurn() {
  const show = waiting.shift();
  show?.();
  scheduled = waiting.length > 0;
  if (scheduled) setTimeout(nextTurn, 0);
}

/** Calls `show` in a task of its own, after the ones waiting before it; returns a cancel. */
export function takeTurn(show: () => void): () => void {
  waiting.push(show);
  if (!scheduled) {
    scheduled = true;
    setTimeout(nextTurn, 0);
  }
  return () => {
    const at = waiting.indexOf(show);
    if (at >= 0) waiting.splice(at, 1);
  };
}

/** Shows `children` in a task of its own, after the pieces that mounted before it; `placeholder` (of the same size) until then. */
export function InTurn({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => (shown ? undefined : takeTurn(() => setShown(true))), [shown]);
  return shown ? children : placeholder;
}
