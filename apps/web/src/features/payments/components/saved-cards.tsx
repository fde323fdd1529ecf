import type { CardRow } from "@academy/contract/payments";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { Badge } from "../../../components/ui/status-badge";
import { buttonClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";

/** The candidate's saved cards: the default marked, the others can become it; any can be removed. */
export function SavedCards({
  cards,
  isPending,
  error,
  busy,
  onMakeDefault,
  onRemove,
}: {
  cards: CardRow[] | undefined;
  isPending: boolean;
  error: unknown;
  busy: boolean;
  onMakeDefault: (card: CardRow) => void;
  onRemove: (card: CardRow) => void;
}) {
  return (
    <>
      {isPending ? (
        <Spinner label="Loading your cards…" />
      ) : error ? (
        <Alert>We could not load your cards. {toFormError(error).message}</Alert>
      ) : !cards || cards.length === 0 ? (
        <p className="text-sm text-slate-600">No saved cards yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {cards.map((card) => (
            <li key={card.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="flex items-center gap-3">
                <span className="rounded bg-slate-800 px-2 py-1 text-xs font-bold tracking-wide text-white uppercase">{card.brand}</span>
                <span className="font-medium text-slate-900">•••• {card.last4}</span>
                <span className="text-sm text-slate-600">
                  Expires {String(card.exp_month).padStart(2, "0")}/{String(card.exp_year).slice(-2)}
                </span>
                {card.is_default ? <Badge tone="good">Default</Badge> : null}
              </div>
              <div className="flex gap-2">
                {card.is_default ? null : (
                  <button
                    type="button"
                    className={buttonClass.ghost}
                    disabled={busy}
                    onClick={() => onMakeDefault(card)}
                    aria-label={`Make card ending ${card.last4} the default`}
                  >
                    Make default
                  </button>
                )}
                <button
                  type="button"
                  className={buttonClass.ghost}
                  onClick={() => onRemove(card)}
                  aria-label={`Remove card ending ${card.last4}`}
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
