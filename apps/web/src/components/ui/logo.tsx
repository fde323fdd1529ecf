/** The academy's mark and name; decorative mark, the text is the accessible name. */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2 font-bold whitespace-nowrap tracking-tight text-slate-900 ${className}`}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-6 shrink-0 sm:size-7">
        <rect width="32" height="32" rx="7" fill="#b91c1c" />
        <path fill="#fff" d="M13 6h6v7h7v6h-7v7h-6v-7H6v-6h7z" />
      </svg>
      <span>Rescue Academy</span>
    </span>
  );
}
