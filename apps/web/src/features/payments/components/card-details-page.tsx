import type { CardRow, InvoiceRow, PlanOption, SubscriptionRow } from "@academy/contract/payments";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Modal } from "../../../components/ui/modal";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { toFormError } from "../../../lib/api-client";
import { formatDate, formatInterval, formatMoney } from "../../../lib/format";
import { useSearchParams } from "../../../lib/navigation";
import {
  addCard,
  cancelSubscription,
  changeSubscription,
  deleteCard,
  downloadInvoicePdf,
  setDefaultCard,
  startCheckout,
  subscribe,
  useCardsQuery,
  useInvoicesQuery,
  useSubscriptionQuery,
} from "../api/billing";
import { getPlans, listPlans } from "../api/plans";
import { STATUS_LABEL } from "../format";
import { CardForm } from "./card-form";
import { PlanPicker } from "./plan-picker";

function Section({
  id,
  title,
  description,
  actions,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 id={id} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

function Badge({ tone, children }: { tone: "green" | "amber" | "slate" | "red"; children: ReactNode }) {
  const tones = {
    green: "bg-emerald-50 text-emerald-800 ring-emerald-200",
    amber: "bg-amber-50 text-amber-900 ring-amber-200",
    slate: "bg-slate-100 text-slate-700 ring-slate-200",
    red: "bg-red-50 text-red-800 ring-red-200",
  };
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${tones[tone]}`}>{children}</span>
  );
}

const statusTone = (s: string) =>
  s === "active" || s === "paid" ? "green" : s === "trialing" ? "amber" : s === "past_due" || s === "open" ? "red" : "slate";

function describePeriod(sub: SubscriptionRow): string {
  if (sub.status === "trialing" && sub.trial_end) return `Free trial until ${formatDate(sub.trial_end)}`;
  if (sub.cancel_at_period_end) return `Ends on ${formatDate(sub.current_period_end)}; you keep access until then`;
  if (sub.status === "past_due") return "Your last payment failed";
  return `Renews on ${formatDate(sub.current_period_end)}`;
}

type Pending = { kind: "choose"; plan: PlanOption } | { kind: "cancel" } | { kind: "remove-card"; card: CardRow };

/** /user/card-details: the user's plan, saved cards and invoices. */
export function CardDetailsPage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const subscription = useSubscriptionQuery();
  const cards = useCardsQuery();
  const invoices = useInvoicesQuery();
  // With the real provider, cards are entered on its checkout page, never on ours.
  const plansInfo = useQuery({ queryKey: ["payments", "plans"], queryFn: getPlans, staleTime: 60_000 });
  const isTestMode = plansInfo.data?.mode !== "live";
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [isAddingCard, setIsAddingCard] = useState(false);
  const [isChangingPlan, setIsChangingPlan] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const checkout = params.get("checkout");

  const refresh = () => queryClient.invalidateQueries({ queryKey: ["payments"] });

  // A plan picked on the landing page or a payment link arrives as ?plan=<price id>: offer it once.
  const wantedPlan = Number(params.get("plan"));
  const currentPriceId = subscription.data?.price_id;
  useEffect(() => {
    if (!wantedPlan || subscription.isPending || cards.isPending) return;
    setParams(
      (prev) => {
        prev.delete("plan");
        return prev;
      },
      { replace: true },
    );
    listPlans().then(
      (plans) => {
        const plan = plans.find((p) => p.price_id === wantedPlan);
        if (plan && plan.price_id !== currentPriceId) setPending({ kind: "choose", plan });
      },
      () => {},
    );
  }, [wantedPlan, subscription.isPending, cards.isPending, currentPriceId, setParams]);

  const close = () => {
    if (busy) return;
    setPending(null);
    setDialogError(null);
  };

  async function run(work: () => Promise<unknown>, done: string, isPlanChange = false) {
    // The dialog this action was started from, if any. Only that one closes when it is done: the
    // refresh after, say, "Make default" can outlast the person opening another dialog.
    const startedFrom = pending;
    setBusy(true);
    setDialogError(null);
    try {
      await work();
      await refresh();
      showToast(done);
      setPending((current) => (current === startedFrom ? null : current));
      if (isPlanChange) setIsChangingPlan(false);
    } catch (failure) {
      setDialogError(toFormError(failure).message);
    } finally {
      setBusy(false);
    }
  }

  const sub = subscription.data ?? null;
  const savedDefault = cards.data?.find((c) => c.is_default) ?? null;
  // Paid straight from the saved card in test mode; the real provider's checkout page otherwise.
  const defaultCard = isTestMode ? savedDefault : null;

  async function confirmChoice(plan: PlanOption) {
    if (sub) return run(() => changeSubscription({ price_id: plan.price_id }), `You are now on ${plan.name}.`, true);
    if (!defaultCard) {
      setBusy(true);
      try {
        const { url } = await startCheckout(plan.price_id);
        window.location.assign(url);
      } catch (failure) {
        setDialogError(toFormError(failure).message);
        setBusy(false);
      }
      return;
    }
    return run(() => subscribe(plan.price_id), `Welcome to ${plan.name}.`, true);
  }

  return (
    <>
      <PageHeader title="Card details" description="Your plan, your saved cards and your invoices." />
      <div className="space-y-6">
        {checkout === "success" ? (
          <Alert tone="success">Payment received. Thank you! Your plan is shown below.</Alert>
        ) : checkout === "cancelled" ? (
          <Alert tone="info">Checkout was cancelled. Nothing was charged.</Alert>
        ) : null}

        <Section
          id="plan-heading"
          title="Your plan"
          actions={
            sub && !isChangingPlan ? (
              <div className="flex flex-wrap gap-2">
                <button type="button" className={buttonClass.secondary} onClick={() => setIsChangingPlan(true)}>
                  Change plan
                </button>
                {sub.cancel_at_period_end ? (
                  <button
                    type="button"
                    className={buttonClass.secondary}
                    disabled={busy}
                    onClick={() => run(() => changeSubscription({ cancel_at_period_end: false }), "Your plan will renew as usual.")}
                  >
                    Resume plan
                  </button>
                ) : (
                  <button type="button" className={buttonClass.secondary} onClick={() => setPending({ kind: "cancel" })}>
                    Cancel plan
                  </button>
                )}
              </div>
            ) : null
          }
        >
          {subscription.isPending ? (
            <Spinner label="Loading your plan…" />
          ) : subscription.isError ? (
            <Alert>We could not load your plan. {toFormError(subscription.error).message}</Alert>
          ) : sub ? (
            <div className="space-y-4">
              <div className="flex flex-wrap items-center gap-3">
                <p className="text-xl font-semibold text-slate-900">{sub.package_name ?? sub.plan_name}</p>
                <Badge tone={statusTone(sub.status)}>
                  {sub.cancel_at_period_end ? "Cancels at period end" : (STATUS_LABEL[sub.status] ?? sub.status)}
                </Badge>
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
                    <button type="button" className={buttonClass.ghost} onClick={() => setIsChangingPlan(false)}>
                      Close
                    </button>
                  </div>
                  <PlanPicker
                    currentPriceId={sub.price_id}
                    action={{ kind: "button", label: () => "Switch", onChoose: (plan) => setPending({ kind: "choose", plan }) }}
                  />
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
                  onChoose: (plan) => setPending({ kind: "choose", plan }),
                }}
              />
            </div>
          )}
        </Section>

        <Section
          id="cards-heading"
          title="Saved cards"
          description="Your default card pays for your plan."
          actions={
            isAddingCard || !isTestMode ? null : (
              <button type="button" className={buttonClass.secondary} onClick={() => setIsAddingCard(true)}>
                Add a card
              </button>
            )
          }
        >
          {isAddingCard ? (
            <div className="mb-5 rounded-lg border border-slate-200 bg-slate-50 p-4">
              <CardForm
                submitLabel="Save card"
                busyLabel="Saving card…"
                onCancel={() => setIsAddingCard(false)}
                onToken={async (token) => {
                  await addCard(token);
                  await refresh();
                  setIsAddingCard(false);
                  showToast("Card saved.");
                }}
              />
            </div>
          ) : null}
          {cards.isPending ? (
            <Spinner label="Loading your cards…" />
          ) : cards.isError ? (
            <Alert>We could not load your cards. {toFormError(cards.error).message}</Alert>
          ) : cards.data.length === 0 ? (
            <p className="text-sm text-slate-600">No saved cards yet.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {cards.data.map((card) => (
                <li key={card.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="flex items-center gap-3">
                    <span className="rounded bg-slate-800 px-2 py-1 text-xs font-bold tracking-wide text-white uppercase">
                      {card.brand}
                    </span>
                    <span className="font-medium text-slate-900">•••• {card.last4}</span>
                    <span className="text-sm text-slate-600">
                      Expires {String(card.exp_month).padStart(2, "0")}/{String(card.exp_year).slice(-2)}
                    </span>
                    {card.is_default ? <Badge tone="green">Default</Badge> : null}
                  </div>
                  <div className="flex gap-2">
                    {card.is_default ? null : (
                      <button
                        type="button"
                        className={buttonClass.ghost}
                        disabled={busy}
                        onClick={() => run(() => setDefaultCard(card.id), `•••• ${card.last4} is now your default card.`)}
                        aria-label={`Make card ending ${card.last4} the default`}
                      >
                        Make default
                      </button>
                    )}
                    <button
                      type="button"
                      className={buttonClass.ghost}
                      onClick={() => setPending({ kind: "remove-card", card })}
                      aria-label={`Remove card ending ${card.last4}`}
                    >
                      Remove
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </Section>

        <Section id="invoices-heading" title="Invoices">
          {invoices.isPending ? (
            <Spinner label="Loading your invoices…" />
          ) : invoices.isError ? (
            <Alert>We could not load your invoices. {toFormError(invoices.error).message}</Alert>
          ) : invoices.data.length === 0 ? (
            <p className="text-sm text-slate-600">No invoices yet.</p>
          ) : (
            <InvoiceTable invoices={invoices.data} />
          )}
        </Section>
      </div>

      {pending?.kind === "choose" ? (
        <Modal
          title={sub ? `Switch to ${pending.plan.name}?` : `Subscribe to ${pending.plan.name}?`}
          onClose={close}
          initialFocusRef={confirmRef}
          footer={
            <>
              <button type="button" className={buttonClass.secondary} onClick={close} disabled={busy}>
                Not now
              </button>
              <button
                ref={confirmRef}
                type="button"
                className={buttonClass.primary}
                disabled={busy}
                onClick={() => confirmChoice(pending.plan)}
              >
                {busy ? "Please wait…" : sub ? "Switch plan" : defaultCard ? "Subscribe" : "Continue to payment"}
              </button>
            </>
          }
        >
          <p>
            {formatMoney(pending.plan.amount, pending.plan.currency)} {formatInterval(pending.plan.interval, pending.plan.interval_count)}.
          </p>
          <p className="mt-2">
            {sub
              ? "You are charged the difference for the rest of this billing period today, or credited for it if the new plan costs less."
              : pending.plan.trial_days > 0
                ? `Free for ${pending.plan.trial_days} days, then charged ${defaultCard ? `to your ${defaultCard.brand} ending ${defaultCard.last4}` : "to your card"}. Cancel any time before.`
                : defaultCard
                  ? `Charged today to your ${defaultCard.brand} ending ${defaultCard.last4}.`
                  : "You enter your card on the next page."}
          </p>
          {dialogError ? (
            <div className="mt-3">
              <Alert>{dialogError}</Alert>
            </div>
          ) : null}
        </Modal>
      ) : null}

      {pending?.kind === "cancel" && sub ? (
        <Modal
          title="Cancel your plan?"
          onClose={close}
          initialFocusRef={confirmRef}
          footer={
            <>
              <button ref={confirmRef} type="button" className={buttonClass.secondary} onClick={close} disabled={busy}>
                Keep my plan
              </button>
              <button
                type="button"
                className={buttonClass.primary}
                disabled={busy}
                onClick={() => run(() => cancelSubscription(sub.id), "Your plan will end at the close of this period.")}
              >
                {busy ? "Please wait…" : "Cancel at period end"}
              </button>
            </>
          }
        >
          <p>
            You keep everything in {sub.package_name ?? "your plan"} until {formatDate(sub.current_period_end)}. You are not charged again.
          </p>
          {dialogError ? (
            <div className="mt-3">
              <Alert>{dialogError}</Alert>
            </div>
          ) : null}
        </Modal>
      ) : null}

      {pending?.kind === "remove-card" ? (
        <Modal
          title="Remove this card?"
          onClose={close}
          initialFocusRef={confirmRef}
          footer={
            <>
              <button ref={confirmRef} type="button" className={buttonClass.secondary} onClick={close} disabled={busy}>
                Keep it
              </button>
              <button
                type="button"
                className={buttonClass.primary}
                disabled={busy}
                onClick={() => run(() => deleteCard(pending.card.id), "Card removed.")}
              >
                {busy ? "Please wait…" : "Remove card"}
              </button>
            </>
          }
        >
          <p>
            Your {pending.card.brand} ending {pending.card.last4} will no longer be saved.
            {pending.card.is_default && sub ? " Your plan then renews on your next card, if you have one." : ""}
          </p>
          {dialogError ? (
            <div className="mt-3">
              <Alert>{dialogError}</Alert>
            </div>
          ) : null}
        </Modal>
      ) : null}
    </>
  );
}

function InvoiceTable({ invoices }: { invoices: InvoiceRow[] }) {
  const [downloading, setDownloading] = useState<number | null>(null);
  return (
    <div className="-mx-5 overflow-x-auto sm:mx-0">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Your invoices, newest first</caption>
        <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            <th scope="col" className="px-5 py-2 font-semibold sm:px-3">
              Date
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Invoice
            </th>
            <th scope="col" className="hidden px-3 py-2 font-semibold md:table-cell">
              Description
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              Amount
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">PDF</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {invoices.map((inv) => (
            <tr key={inv.id}>
              <td className="px-5 py-3 whitespace-nowrap sm:px-3">{formatDate(inv.create_at)}</td>
              <td className="px-3 py-3 whitespace-nowrap">{inv.number}</td>
              <td className="hidden px-3 py-3 text-slate-600 md:table-cell">{inv.description}</td>
              <td className="px-3 py-3 text-right whitespace-nowrap">{formatMoney(inv.amount_due, inv.currency)}</td>
              <td className="px-3 py-3">
                <Badge tone={statusTone(inv.status)}>{STATUS_LABEL[inv.status] ?? inv.status}</Badge>
              </td>
              <td className="px-3 py-3 text-right">
                <button
                  type="button"
                  className={buttonClass.ghost}
                  disabled={downloading === inv.id}
                  aria-label={`Download invoice ${inv.number ?? inv.id} as PDF`}
                  onClick={async () => {
                    setDownloading(inv.id);
                    try {
                      await downloadInvoicePdf(inv);
                    } catch (failure) {
                      showToast(toFormError(failure).message, "error");
                    } finally {
                      setDownloading(null);
                    }
                  }}
                >
                  {downloading === inv.id ? "Preparing…" : "PDF"}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
