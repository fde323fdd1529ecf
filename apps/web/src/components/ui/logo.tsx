/** The academy's mark and name; decorative mark, the text is the accessible name. */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold whitespace-nowrap tracking-tight text-slate-900 ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-6 shrink-0 sm:size-7">
        <rect width="32" height="32" rx="7" fill="#b91c1c" />
        {/* A pulse line: our own mark, not a protected emblem such as a red or white cross. */}
        <path fill="none" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" d="M4 17h6l3-8 4 14 3-9 2 3h6" />
      </svg>
      <span>Rescue Academy</span>
    </span>
  );
}
