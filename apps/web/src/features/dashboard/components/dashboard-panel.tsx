import type { ReactNode } from "react";

/** A titled box of the staff dashboard, with a figure on the right of its title. */
export function Panel({ id, title, aside, children }: { id: string; title: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h3 id={id} className="font-semibold text-slate-900">
          {title}
        </h3>
        {aside ? <p className="shrink-0 text-sm whitespace-nowrap text-slate-600 tabular-nums">{aside}</p> : null}
      </div>
      {children}
    </section>
  );
}
