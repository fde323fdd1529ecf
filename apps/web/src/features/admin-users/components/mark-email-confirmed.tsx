import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { toFormError } from "../../../lib/api-client";
import { useMarkEmailConfirmed, useResendConfirmation } from "../api/verify-user";

/**
 * For an account whose address is not confirmed yet: staff who know it is right (the person
 * told them, say) confirm it, as opening the emailed link would.
 */
export function MarkEmailConfirmed({ userId, email, className }: { userId: number; email: string; className?: string }) {
  const mark = useMarkEmailConfirmed();
  return (
    <button
      type="button"
      className={className ?? buttonClass.ghost}
      disabled={mark.isPending}
      aria-busy={mark.isPending}
      onClick={() =>
        mark.mutate(userId, {
          onSuccess: () => showToast(`${email} is marked as confirmed`),
          onError: (e) => showToast(toFormError(e).message, "error"),
        })
      }
    >
      {/* The name starts with the words on the button, so a person who says them reaches it. */}
      {mark.isPending ? "Confirming…" : "Mark email as confirmed"}
      <span className="sr-only"> for {email}</span>
    </button>
  );
}

/** For an account whose address is not confirmed yet: mails the person a new confirmation link (older links stop working). */
export function ResendConfirmation({ userId, email, className }: { userId: number; email: string; className?: string }) {
  const resend = useResendConfirmation();
  return (
    <button
      type="button"
      className={className ?? buttonClass.ghost}
      disabled={resend.isPending}
      aria-busy={resend.isPending}
      onClick={() =>
        resend.mutate(userId, {
          onSuccess: () => showToast(`A new confirmation link was mailed to ${email}`),
          onError: (e) => showToast(toFormError(e).message, "error"),
        })
      }
    >
      {resend.isPending ? "Sending…" : "Send a new confirmation link"}
      <span className="sr-only"> to {email}</span>
    </button>
  );
}
