import type { CardRow, PlanOption, SubscriptionRow } from "@academy/contract/payments";
import { useRef } from "react";
import { Alert } from "../../../components/ui/alert";
import { Modal } from "../../../components/ui/modal";
import { buttonClass } from "../../../components/ui/styles";
import { formatDate, formatInterval, formatMoney } from "../../../lib/format";

type DialogProps = { busy: boolean; error: string | null; onClose: () => void; onConfirm: () => void };

function DialogError({ error }: { error: string | null }) {
  return error ? (
    <div className="mt-3">
      <Alert>{error}</Alert>
    </div>
  ) : null;
}

/** Subscribe to a plan, or switch to it: what it costs and how it is paid. */
export function ChoosePlanDialog({
  plan,
  isSwitch,
  defaultCard,
  busy,
  error,
  onClose,
  onConfirm,
}: DialogProps & { plan: PlanOption; isSwitch: boolean; defaultCard: CardRow | null }) {
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      title={isSwitch ? `Switch to ${plan.name}?` : `Subscribe to ${plan.name}?`}
      onClose={onClose}
      initialFocusRef={confirmRef}
      footer={
        <>
          <button type="button" className={buttonClass.secondary} onClick={onClose} disabled={busy}>
            Not now
          </button>
          <button ref={confirmRef} type="button" className={buttonClass.primary} disabled={busy} onClick={onConfirm}>
            {busy ? "Please wait…" : isSwitch ? "Switch plan" : defaultCard ? "Subscribe" : "Continue to payment"}
          </button>
        </>
      }
    >
      <p>
        {formatMoney(plan.amount, plan.currency)} {formatInterval(plan.interval, plan.interval_count)}.
      </p>
      <p className="mt-2">
        {isSwitch
          ? "You are charged the difference for the rest of this billing period today, or credited for it if the new plan costs less."
          : plan.trial_days > 0
            ? `Free for ${plan.trial_days} days, then charged ${defaultCard ? `to your ${defaultCard.brand} ending ${defaultCard.last4}` : "to your card"}. Cancel any time before.`
            : defaultCard
              ? `Charged today to your ${defaultCard.brand} ending ${defaultCard.last4}.`
              : "You enter your card on the next page."}
      </p>
      <DialogError error={error} />
    </Modal>
  );
}

/** End the plan at the close of the period. */
export function CancelPlanDialog({ sub, busy, error, onClose, onConfirm }: DialogProps & { sub: SubscriptionRow }) {
  const keepRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      title="Cancel your plan?"
      onClose={onClose}
      initialFocusRef={keepRef}
      footer={
        <>
          <button ref={keepRef} type="button" className={buttonClass.secondary} onClick={onClose} disabled={busy}>
            Keep my plan
          </button>
          <button type="button" className={buttonClass.primary} disabled={busy} onClick={onConfirm}>
            {busy ? "Please wait…" : "Cancel at period end"}
          </button>
        </>
      }
    >
      <p>
        You keep everything in {sub.package_name ?? "your plan"} until {formatDate(sub.current_period_end)}. You are not charged again.
      </p>
      <DialogError error={error} />
    </Modal>
  );
}

/** Forget a saved card. */
export function RemoveCardDialog({ card, hasPlan, busy, error, onClose, onConfirm }: DialogProps & { card: CardRow; hasPlan: boolean }) {
  const keepRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      title="Remove this card?"
      onClose={onClose}
      initialFocusRef={keepRef}
      footer={
        <>
          <button ref={keepRef} type="button" className={buttonClass.secondary} onClick={onClose} disabled={busy}>
            Keep it
          </button>
          <button type="button" className={buttonClass.primary} disabled={busy} onClick={onConfirm}>
            {busy ? "Please wait…" : "Remove card"}
          </button>
        </>
      }
    >
      <p>
        Your {card.brand} ending {card.last4} will no longer be saved.
        {card.is_default && hasPlan ? " Your plan then renews on your next card, if you have one." : ""}
      </p>
      <DialogError error={error} />
    </Modal>
  );
}
