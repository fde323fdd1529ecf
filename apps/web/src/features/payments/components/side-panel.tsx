import { type ReactNode, useEffect, useId, useRef } from "react";

/** A panel sliding in from the right for adding or editing one record; Escape closes it. */
export function SidePanel({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    ref.current?.focus();
    return () => previous?.focus?.();
  }, []);
  return (
    <div className="fixed inset-0 z-40 flex justify-end bg-slate-900/40">
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={(e) => {
          if (e.key === "Escape") onClose();
        }}
        className="flex h-full w-full max-w-md flex-col overflow-y-auto bg-white p-6 shadow-xl outline-none"
      >
        <div className="mb-4 flex items-center justify-between">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <button type="button" onClick={onClose} className="rounded p-1 text-slate-500 hover:bg-slate-100" aria-label="Close panel">
            <span aria-hidden="true">✕</span>
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}

export function Pager({ page, numPages, total, onPage }: { page: number; numPages: number; total: number; onPage: (p: number) => void }) {
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center justify-between text-sm text-slate-600">
      <span>
        {total} in all · page {page} of {numPages}
      </span>
      <span className="flex gap-2">
        <button
          type="button"
          className="rounded-lg border border-slate-300 px-3 py-1.5 disabled:opacity-50"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous
        </button>
        <button
          type="button"
          className="rounded-lg border border-slate-300 px-3 py-1.5 disabled:opacity-50"
          disabled={page >= numPages}
          onClick={() => onPage(page + 1)}
        >
          Next
        </button>
      </span>
    </nav>
  );
}
