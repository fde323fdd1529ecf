import type { LockInfo } from "@academy/contract/library";
import { linkClass } from "../../../components/ui/styles";
import { Link } from "../../../lib/navigation";

const TIER_LABEL = { free: "Free", core: "Core", premium: "Premium" } as const;

/** A badge for what a plan opens. */
export function TierBadge({ tier }: { tier: keyof typeof TIER_LABEL }) {
  const tone =
    tier === "free" ? "bg-emerald-50 text-emerald-800" : tier === "core" ? "bg-sky-50 text-sky-800" : "bg-amber-50 text-amber-900";
  return <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>{TIER_LABEL[tier]}</span>;
}

/** Why something is locked and which plan opens it. */
export function LockNote({ lock, compact = false }: { lock: LockInfo; compact?: boolean }) {
  return (
    <p
      className={`flex flex-wrap items-center gap-x-2 text-sm text-amber-900 ${compact ? "" : "rounded-lg border border-amber-200 bg-amber-50 p-3"}`}
    >
      <span aria-hidden="true">🔒</span>
      <span>{lock.message}</span>
      {compact ? null : (
        <Link to="/user/dashboard" className={linkClass}>
          See the plans
        </Link>
      )}
    </p>
  );
}
