import { useRevealHold } from "../../../components/ui/reveal";
import { linkClass } from "../../../components/ui/styles";
import { formatDate } from "../../../lib/format";
import { Link } from "../../../lib/navigation";
import { useSubscriptionQuery } from "../api/subscription";
import { STATUS_LABEL } from "../format";
import { PlanPicker } from "./plan-picker";

/** The dashboard's plan section: the current plan, or the plans to choose from. */
export function PlanSummary() {
  const subscription = useSubscriptionQuery();
  useRevealHold(subscription.isPending);
  if (subscription.isPending || subscription.isError) return null;
  const sub = subscription.data;
  return (
    <section aria-labelledby="plan-summary-heading" className="mb-8">
      <h2 id="plan-summary-heading" className="mb-3 text-lg font-semibold text-slate-900">
        Your plan
      </h2>
      {sub ? (
        <div className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-semibold text-slate-900">
              {sub.package_name ?? sub.plan_name} ·{" "}
              {sub.cancel_at_period_end ? "Cancels at period end" : (STATUS_LABEL[sub.status] ?? sub.status)}
            </p>
            <p className="text-sm text-slate-600">
              {sub.cancel_at_period_end ? "Ends" : sub.status === "trialing" ? "Trial ends" : "Renews"} on{" "}
              {formatDate(sub.status === "trialing" ? sub.trial_end : sub.current_period_end)}
            </p>
          </div>
          <Link to="/user/card-details" className={linkClass}>
            Manage plan and cards
          </Link>
        </div>
      ) : (
        <>
          <p className="mb-4 text-sm text-slate-600">
            You are on the free plan. Upgrade for unlimited quizzes, the full library and coaching.
          </p>
          <PlanPicker action={{ kind: "link", label: "Choose", href: (plan) => `/user/card-details?plan=${plan.price_id}` }} />
        </>
      )}
    </section>
  );
}
