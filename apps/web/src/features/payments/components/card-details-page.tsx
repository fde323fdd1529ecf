import type { CardRow, PlanOption } from "@academy/contract/payments";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { toFormError } from "../../../lib/api-client";
import { useSearchParams } from "../../../lib/navigation";
import { paymentKeys } from "../api/admin";
import {
  addCard,
  cancelSubscription,
  changeSubscription,
  deleteCard,
  setDefaultCard,
  startCheckout,
  subscribe,
  useCardsQuery,
  useInvoicesQuery,
  useSubscriptionQuery,
} from "../api/billing";
import { getPlans, listPlans } from "../api/plans";
import { CancelPlanDialog, ChoosePlanDialog, RemoveCardDialog } from "./billing-dialogs";
import { CardForm } from "./card-form";
import { Section } from "./card-section";
import { CurrentPlan } from "./current-plan";
import { InvoiceTable } from "./invoice-table";
import { SavedCards } from "./saved-cards";

type Pending = { kind: "choose"; plan: PlanOption } | { kind: "cancel" } | { kind: "remove-card"; card: CardRow };

/** /user/card-details: the user's plan, saved cards and invoices. */
export function CardDetailsPage() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const subscription = useSubscriptionQuery();
  const cards = useCardsQuery();
  const invoices = useInvoicesQuery();
  // With the real provider, cards are entered on its checkout page, never on ours.
  const plansInfo = useQuery({ queryKey: paymentKeys.plans, queryFn: getPlans, staleTime: 60_000 });
  const isTestMode = plansInfo.data?.mode !== "live";
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [isAddingCard, setIsAddingCard] = useState(false);
  const [isChangingPlan, setIsChangingPlan] = useState(false);
  const checkout = params.get("checkout");

  const refresh = () => queryClient.invalidateQueries({ queryKey: paymentKeys.all });

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
          <CurrentPlan
            sub={sub}
            isPending={subscription.isPending}
            error={subscription.isError ? subscription.error : null}
            isChangingPlan={isChangingPlan}
            onCloseChange={() => setIsChangingPlan(false)}
            onChoose={(plan) => setPending({ kind: "choose", plan })}
          />
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
          <SavedCards
            cards={cards.data}
            isPending={cards.isPending}
            error={cards.isError ? cards.error : null}
            busy={busy}
            onMakeDefault={(card) => run(() => setDefaultCard(card.id), `•••• ${card.last4} is now your default card.`)}
            onRemove={(card) => setPending({ kind: "remove-card", card })}
          />
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
        <ChoosePlanDialog
          plan={pending.plan}
          isSwitch={!!sub}
          defaultCard={defaultCard}
          busy={busy}
          error={dialogError}
          onClose={close}
          onConfirm={() => confirmChoice(pending.plan)}
        />
      ) : null}
      {pending?.kind === "cancel" && sub ? (
        <CancelPlanDialog
          sub={sub}
          busy={busy}
          error={dialogError}
          onClose={close}
          onConfirm={() => run(() => cancelSubscription(sub.id), "Your plan will end at the close of this period.")}
        />
      ) : null}
      {pending?.kind === "remove-card" ? (
        <RemoveCardDialog
          card={pending.card}
          hasPlan={!!sub}
          busy={busy}
          error={dialogError}
          onClose={close}
          onConfirm={() => run(() => deleteCard(pending.card.id), "Card removed.")}
        />
      ) : null}
    </>
  );
}
