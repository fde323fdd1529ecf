import type { ReactNode } from "react";
import { type BadgeTone, statusLabel, statusTone } from "./status";

const TONES: Record<BadgeTone, string> = {
  good: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  warn: "bg-amber-50 text-amber-900 ring-amber-600/20",
  bad: "bg-red-50 text-red-800 ring-red-600/20",
  quiet: "bg-slate-100 text-slate-700 ring-slate-500/20",
  info: "bg-sky-50 text-sky-800 ring-sky-600/20",
};

/** A small coloured pill: a status, a role, a score band. */
export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}

/** A subscription, invoice, order or charge status as a pill, in the words and colour it has everywhere. */
export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return <Badge tone={statusTone(status)}>{label ?? statusLabel(status)}</Badge>;
}
