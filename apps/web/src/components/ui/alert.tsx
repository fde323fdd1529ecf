import type { ReactNode } from "react";

const STYLES = {
  error: "border-red-200 bg-red-50 text-red-900",
  info: "border-sky-200 bg-sky-50 text-sky-900",
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
} as const;

/** A message box; errors are announced at once. */
export function Alert({ tone = "error", children }: { tone?: keyof typeof STYLES; children: ReactNode }) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-lg border px-4 py-3 text-sm ${STYLES[tone]}`}>
      {children}
    </div>
  );
}
