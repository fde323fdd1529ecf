/** First focusable element of every wrapper: jumps past the navigation. */
export function SkipLink({ target = "main-content" }: { target?: string }) {
  return (
    <a
      href={`#${target}`}
      className="sr-only z-[60] rounded-lg bg-white px-4 py-2 font-semibold text-red-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-2 focus:outline-red-700"
    >
      Skip to main content
    </a>
  );
}
