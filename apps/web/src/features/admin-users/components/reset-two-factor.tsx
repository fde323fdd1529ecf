import { useState } from "react";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { showToast } from "../../../components/ui/toast";
import { toFormError } from "../../../lib/api-client";
import { useResetTwoFactor } from "../api/reset-two-factor";

/**
 * For someone who lost their authenticator: staff reset their two-factor sign-in after checking
 * who is asking. It ends the person's sessions; staff set it up again at their next sign-in.
 */
export function ResetTwoFactor({ userId, email, isStaff }: { userId: number; email: string; isStaff: boolean }) {
  const reset = useResetTwoFactor();
  const [asking, setAsking] = useState(false);
  const close = () => {
    if (!reset.isPending) setAsking(false);
  };
  return (
    <>
      <button
        type="button"
        className="font-semibold text-red-800 underline underline-offset-2 hover:text-red-900"
        onClick={() => setAsking(true)}
      >
        Reset two-factor sign-in
      </button>
      {asking ? (
        <ConfirmModal
          title="Reset two-factor sign-in?"
          confirmLabel="Reset"
          pendingLabel="Resetting…"
          isPending={reset.isPending}
          onCancel={close}
          onConfirm={() =>
            reset.mutate(
              { userId, email },
              {
                onSuccess: () => setAsking(false),
                onError: (e) => showToast(toFormError(e).message, "error"),
              },
            )
          }
        >
          <p>Only do this once you are sure the request comes from {email}. They are signed out everywhere and get an email about it.</p>
          <p className="mt-2">
            {isStaff
              ? "At their next sign-in, their password alone opens the two-factor setup, which they must finish before the staff area opens."
              : "They can sign in with their password alone, and turn two-factor sign-in on again from their profile."}
          </p>
        </ConfirmModal>
      ) : null}
    </>
  );
}
