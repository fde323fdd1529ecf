import type { PlanOption, SubscriptionRow } from "@academy/contract/payments";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { StatusBadge } from "../../../components/ui/status-badge";
import { buttonClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { formatDate, formatInterval, formatMoney } from "../../../lib/format";
import { PlanPicker } from "./plan-picker";

function describePeriod(sub: SubscriptionRow): string {
  if (sub.status === "trialing" && sub.trial_end) return `Free trial until ${formatDate(sub.trial_end)}`;
  if (sub.cancel_at_period_end) return `Ends on ${formatDate(sub.current_period_end)}; you keep access until then`;
  if (sub.status === "past_due") return "Your last payment failed";
  return `Renews on ${formatDate(sub.current_period_end)}`;
}

/** The plan in effect (with the picker to change it), or the plans to choose from on the free plan. */
export function CurrentPlan({
  sub,
  isPending,
  error,
  isChangingPlan,
  onCloseChange,
  onChoose,
}: {
  sub: SubscriptionRow | null;
  isPending: boolean;
  error: unknown;
  isChangingPlan: boolean;
  onCloseChange: () => void;
  onChoose: (plan: PlanOption) => void;
}) {
  return (
    <>
      {isPending ? (
        <Spinner label="Loading your plan…" />
      ) : error ? (
        <Alert>We could not load your plan. {toFormError(error).message}</Alert>
      ) : sub ? (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-xl font-semibold text-slate-900">{sub.package_name ?? sub.plan_name}</p>
            <StatusBadge status={sub.status} label={sub.cancel_at_period_end ? "Cancels at period end" : undefined} />
          </div>
          <p className="text-sm text-slate-700">
            {sub.plan_name}
            {sub.amount !== null && sub.currency ? ` · ${formatMoney(sub.amount, sub.currency)} ${formatInterval(sub.interval)}` : ""}
          </p>
          <p className="text-sm text-slate-600">{describePeriod(sub)}</p>
          {sub.status === "past_due" ? (
            <Alert>Your last payment failed, so your plan's extras are paused. Add a working card and make it your default.</Alert>
          ) : null}
          {isChangingPlan ? (
            <div className="border-t border-slate-200 pt-4">
              <div className="mb-3 flex items-center justify-between">
                <h3 className="font-semibold text-slate-900">Choose a new plan</h3>
                <button type="button" className={buttonClass.ghost} onClick={onCloseChange}>
                  Close
                </button>
              </div>
              <PlanPicker currentPriceId={sub.price_id} action={{ kind: "button", label: () => "Switch", onChoose }} />
            </div>
          ) : null}
        </div>
      ) : (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            You are on the free plan. Choose a plan to unlock unlimited quizzes, the full library and coaching.
          </p>
          <PlanPicker
            action={{
              kind: "button",
              label: (p) => (p.trial_days > 0 ? "Start free trial" : "Choose"),
              onChoose,
            }}
          />
        </div>
      )}
    </>
  );
}
