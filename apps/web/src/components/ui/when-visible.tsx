import { type ReactNode, Suspense, useEffect, useRef, useState } from "react";

/**
 * Renders `children` once the place it holds comes into view, or once the page has been idle
 * for `idleMs` after the first screen (so keyboard and screen-reader users, who do not scroll,
 * get it as well), with `placeholder` until then: a section below the fold and its code (a
 * React.lazy child) load after the first screen instead of with it. The placeholder should take
 * about the room the section will, so nothing moves when it arrives.
 */
export function WhenVisible({
  placeholder,
  children,
  margin = "0px",
  idleMs = 2000,
}: {
  placeholder: ReactNode;
  children: ReactNode;
  margin?: string;
  idleMs?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver === "undefined") {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    const timer = setTimeout(() => setSeen(true), idleMs);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [seen, margin, idleMs]);
  return seen ? <Suspense fallback={placeholder}>{children}</Suspense> : <div ref={ref}>{placeholder}</div>;
}
