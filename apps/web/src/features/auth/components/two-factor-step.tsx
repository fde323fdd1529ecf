import type { LoginResponse } from "@academy/contract/auth";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { CodeField } from "../../../components/ui/form-field";
import { buttonClass } from "../../../components/ui/styles";
import { isErrorBody, toFormError } from "../../../lib/api-client";
import { verifyTwoFactor } from "../api/recovery";
import { usePending } from "../hooks/use-pending";

/**
 * The second step of a sign-in for an account with two-factor sign-in: the 6-digit code from
 * the authenticator app, checked against the pending login.
 */
export function TwoFactorStep({
  accessToken,
  onSignedIn,
  onRestart,
}: {
  accessToken: string;
  onSignedIn: (answer: LoginResponse) => void;
  onRestart: () => void;
}) {
  const { isPending, run } = usePending();
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const [isOver, setIsOver] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const input = () => formRef.current?.querySelector<HTMLInputElement>('[name="code"]');

  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('[name="code"]')?.focus();
  }, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s/g, "");
    setMessage(undefined);
    if (!/^\d{6}$/.test(code)) {
      setError("Enter the 6-digit code from your authenticator app");
      input()?.focus();
      return;
    }
    setError(undefined);
    try {
      const answer = await run(() => verifyTwoFactor(accessToken, code));
      if (!answer) return;
      if (isErrorBody(answer)) {
        if (answer.status === 401 || answer.status === 429) setIsOver(true);
        throw answer;
      }
      onSignedIn(answer);
    } catch (failure) {
      const { message: general, fields } = toFormError(failure);
      if (fields.token) setError(fields.token);
      setMessage(general);
      input()?.select();
    }
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Two-factor code">
      <p className="text-sm text-slate-600">Open your authenticator app and enter the 6-digit code for Rescue Academy.</p>
      {message ? <Alert>{message}</Alert> : null}
      {isOver ? (
        <button type="button" className={`${buttonClass.primary} w-full`} onClick={onRestart}>
          Sign in again
        </button>
      ) : (
        <>
          <CodeField label="Authentication code" name="code" pattern="[0-9]*" required error={error} />
          <button type="submit" className={`${buttonClass.primary} w-full`} disabled={isPending} aria-busy={isPending}>
            Verify and sign in
          </button>
          <button type="button" className={`${buttonClass.ghost} w-full`} onClick={onRestart}>
            Use another account
          </button>
        </>
      )}
    </form>
  );
}
