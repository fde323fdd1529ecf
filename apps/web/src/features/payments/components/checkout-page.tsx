import { Alert } from "../../../components/ui/alert";
import { Logo } from "../../../components/ui/logo";
import { Spinner } from "../../../components/ui/spinner";
import { linkClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { formatInterval, formatMoney } from "../../../lib/format";
import { useParams } from "../../../lib/navigation";
import { completeCheckout, useCheckoutSessionQuery } from "../api/billing";
import { CardForm } from "./card-form";

/** /checkout/:sessionId: the test-mode provider's payment page. Access follows the provider's event, not this page. */
export function CheckoutPage() {
  const { sessionId = "" } = useParams();
  const session = useCheckoutSessionQuery(sessionId);

  return (
    <div className="mx-auto max-w-lg">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="mb-6 flex items-center justify-between">
          <Logo />
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Test mode</span>
        </div>
        {session.isPending ? (
          <Spinner label="Loading your checkout…" />
        ) : session.isError ? (
          <Alert>{toFormError(session.error).message}</Alert>
        ) : session.data.status === "complete" ? (
          <Alert tone="success">
            This checkout is already paid.{" "}
            <a className={linkClass} href="/user/card-details">
              See your plan
            </a>
          </Alert>
        ) : (
          <>
            <h1 className="text-xl font-bold text-slate-900">Pay for {session.data.name}</h1>
            <p className="mt-2 text-slate-700">
              <span className="text-2xl font-bold text-slate-900">{formatMoney(session.data.amount, session.data.currency)}</span>{" "}
              {session.data.mode === "subscription" ? formatInterval(session.data.interval) : ""}
            </p>
            {session.data.trial_days > 0 ? (
              <p className="mt-1 text-sm text-emerald-700">Free for {session.data.trial_days} days; nothing is charged today.</p>
            ) : null}
            <p className="mt-4 mb-5 text-sm text-slate-600">
              Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds. Any
              future expiry and any CVC.
            </p>
            <CardForm
              submitLabel={
                session.data.trial_days > 0 ? "Start free trial" : `Pay ${formatMoney(session.data.amount, session.data.currency)}`
              }
              busyLabel="Processing payment…"
              onCancel={() => window.location.assign(session.data.cancel_url)}
              onToken={async (token) => {
                const { url } = await completeCheckout(sessionId, token);
                window.location.assign(url);
              }}
            />
          </>
        )}
      </div>
    </div>
  );
}
