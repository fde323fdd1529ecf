/** A small loading indicator with a text alternative. */
export function Spinner({ label = "Loading…" }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 p-8 text-slate-600">
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-red-700" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
