import type { ReactNode } from "react";

/** One titled card of the profile screen. */
export function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** Reads trimmed text fields from a submitted form. */
export function readForm<K extends string>(form: HTMLFormElement, names: readonly K[]): Record<K, string> {
  const data = new FormData(form);
  return Object.fromEntries(names.map((n) => [n, String(data.get(n) ?? "")])) as Record<K, string>;
}

/** Focuses the first field with an error. */
export function focusFirst(form: HTMLFormElement | null, errors: Record<string, string | undefined>, order: readonly string[]) {
  const first = order.find((f) => errors[f]);
  if (first) form?.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${first}"]`)?.focus();
}
