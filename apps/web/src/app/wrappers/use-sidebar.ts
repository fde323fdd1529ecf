import { useCallback, useEffect, useState } from "react";

/** Spec section 9: open by default at 1024 px and wider, closed below. */
export const SIDEBAR_BREAKPOINT_PX = 1024;
const WIDE_QUERY = `(min-width: ${SIDEBAR_BREAKPOINT_PX}px)`;

const isWideNow = () => typeof window !== "undefined" && window.matchMedia(WIDE_QUERY).matches;

/**
 * Sidebar open flag. It is recomputed when the window crosses the breakpoint, not on every
 * resize event, so that mobile browsers resizing as their address bar hides do not close it.
 */
export function useSidebar() {
  const [isWide, setIsWide] = useState(isWideNow);
  const [open, setOpen] = useState(isWide);

  useEffect(() => {
    const query = window.matchMedia(WIDE_QUERY);
    const onChange = () => {
      setIsWide(query.matches);
      setOpen(query.matches);
    };
    onChange();
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  const toggle = useCallback(() => setOpen((value) => !value), []);
  const closeIfNarrow = useCallback(() => {
    if (!window.matchMedia(WIDE_QUERY).matches) setOpen(false);
  }, []);

  return { open, isWide, toggle, closeIfNarrow, setOpen };
}
