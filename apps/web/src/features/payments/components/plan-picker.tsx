import type { PlanOption } from "@academy/contract/payments";
import { useEffect, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { useRevealHold } from "../../../components/ui/reveal";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { formatInterval, formatMoney } from "../../../lib/format";
import { Link } from "../../../lib/navigation";
import { listPlans } from "../api/plans";

type Action =
  | { kind: "link"; href: (plan: PlanOption) => string; label: string }
  | { kind: "button"; onChoose: (plan: PlanOption) => void; label: (plan: PlanOption) => string };

/**
 * The plans on sale, side by side. Loads them itself (no query library), so the public landing
 * page can show it without extra weight.
 */
export function PlanPicker({
  action,
  currentPriceId,
  busyPriceId,
}: {
  action: Action;
  currentPriceId?: number | null;
  busyPriceId?: number | null;
}) {
  const [plans, setPlans] = useState<PlanOption[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    listPlans().then(
      (list) => live && setPlans(list),
      (failure) => live && setError(toFormError(failure).message),
    );
    return () => {
      live = false;
    };
  }, []);

  useRevealHold(!plans && !error);

  if (error) return <Alert>We could not load the plans. {error}</Alert>;
  if (!plans) return <Spinner label="Loading plans…" />;
  if (plans.length === 0) return <p className="text-sm text-slate-600">No plans are on sale right now.</p>;

  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {plans.map((plan) => {
        const isCurrent = plan.price_id === currentPriceId;
        return (
          <li
            key={plan.price_id}
            className={`flex flex-col rounded-xl border bg-white p-5 shadow-sm ${isCurrent ? "border-red-600 ring-1 ring-red-600" : "border-slate-200"}`}
          >
            <h3 className="font-semibold text-slate-900">{plan.name}</h3>
            <p className="mt-2">
              <span className="text-3xl font-bold tracking-tight text-slate-900">{formatMoney(plan.amount, plan.currency)}</span>{" "}
              <span className="text-sm text-slate-600">{formatInterval(plan.interval, plan.interval_count)}</span>
            </p>
            {plan.trial_days > 0 ? <p className="mt-1 text-sm font-medium text-emerald-700">{plan.trial_days}-day free trial</p> : null}
            <p className="mt-3 text-sm text-slate-600">{plan.package.description}</p>
            <ul className="mt-3 flex-1 space-y-1 text-sm text-slate-700">
              {plan.package.features.map((f) => (
                <li key={f} className="flex gap-2">
                  <span aria-hidden="true" className="text-red-700">
                    ✓
                  </span>
                  {f}
                </li>
              ))}
            </ul>
            <div className="mt-5">
              {isCurrent ? (
                <p className="rounded-lg bg-red-50 px-3 py-2 text-center text-sm font-semibold text-red-800">Your current plan</p>
              ) : action.kind === "link" ? (
                <Link to={action.href(plan)} className={`${buttonClass.primary} w-full`} aria-label={`${action.label}: ${plan.name}`}>
                  {action.label}
                </Link>
              ) : (
                <button
                  type="button"
                  className={`${buttonClass.primary} w-full`}
                  onClick={() => action.onChoose(plan)}
                  disabled={busyPriceId != null}
                  aria-label={`${action.label(plan)}: ${plan.name}`}
                >
                  {busyPriceId === plan.price_id ? "Please wait…" : action.label(plan)}
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The landing page's plans: each leads to the card details page (signing in first when needed). */
export function LandingPlans() {
  return <PlanPicker action={{ kind: "link", label: "Choose this plan", href: (plan) => `/user/card-details?plan=${plan.price_id}` }} />;
}
