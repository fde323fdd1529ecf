import type { Role } from "@academy/contract/common";
import { type FormEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { TextField } from "../../../components/ui/form-field";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { isErrorBody, toFormError } from "../../../lib/api-client";
import { requestPasswordReset } from "../api/recovery";
import { usePending } from "../hooks/use-pending";
import { checkEmail } from "../validation";
import { AuthCard } from "./auth-card";

/** Asks for a reset link; says the same whether or not the email has an account. */
export function ForgotPage({ accountRole: role }: { accountRole: Role }) {
  const { isPending, run } = usePending();
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    const invalid = checkEmail(email);
    setError(invalid);
    setMessage(undefined);
    if (invalid) {
      formRef.current?.querySelector<HTMLInputElement>('[name="email"]')?.focus();
      return;
    }
    try {
      const answer = await run(() => requestPasswordReset(email, role));
      if (!answer) return;
      if (isErrorBody(answer)) throw answer;
      setSentTo(email);
    } catch (failure) {
      const { message: general, fields } = toFormError(failure);
      setError(fields.email);
      setMessage(general);
    }
  };

  return (
    <AuthCard
      title="Forgot your password?"
      description="Enter the email you sign in with. We send you a link and a code to choose a new password."
      footer={
        <p>
          Remembered it?{" "}
          <Link to={`/${role}/login`} className={linkClass}>
            Back to sign in
          </Link>
        </p>
      }
    >
      {sentTo ? (
        <div className="space-y-4">
          <Alert tone="success">
            <p className="font-semibold">Check your inbox</p>
            <p className="mt-1">
              If an account exists for <strong>{sentTo}</strong>, we have sent it a link and a 6-digit code. They work once, for 30 minutes.
            </p>
          </Alert>
          <Link to={`/${role}/reset`} className={`${buttonClass.primary} w-full`}>
            I have my code
          </Link>
        </div>
      ) : (
        <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5">
          {message ? <Alert>{message}</Alert> : null}
          <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" required error={error} />
          <button type="submit" className={`${buttonClass.primary} w-full`} disabled={isPending} aria-busy={isPending}>
            Send reset link
          </button>
        </form>
      )}
    </AuthCard>
  );
}
