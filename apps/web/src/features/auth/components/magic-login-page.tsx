import type { Role } from "@academy/contract/common";
import { type FormEvent, useRef, useState } from "react";
import { Link, useParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { TextField } from "../../../components/ui/form-field";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { isErrorBody, toFormError } from "../../../lib/api-client";
import { requestMagicLink } from "../api/recovery";
import { usePending } from "../hooks/use-pending";
import { checkEmail } from "../validation";
import { AuthCard } from "./auth-card";

/** /magic-login/:role: mails a one-time sign-in link for that role. */
export function MagicLoginPage() {
  const params = useParams();
  const role: Role = params.role === "admin" ? "admin" : "user";
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
      const answer = await run(() => requestMagicLink(email, role));
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
      title={role === "admin" ? "Staff sign in with a link" : "Sign in with a link"}
      description="No password needed: we email you a link that signs you in once, within 10 minutes."
      footer={
        <p>
          Prefer your password?{" "}
          <Link to={`/${role}/login`} className={linkClass}>
            Sign in with password
          </Link>
        </p>
      }
    >
      {sentTo ? (
        <Alert tone="success">
          <p className="font-semibold">Check your inbox</p>
          <p className="mt-1">
            If an account exists for <strong>{sentTo}</strong>, a sign-in link is on its way. Open it on this device within 10 minutes.
          </p>
        </Alert>
      ) : (
        <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5">
          {message ? <Alert>{message}</Alert> : null}
          <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" required error={error} />
          <button type="submit" className={`${buttonClass.primary} w-full`} disabled={isPending} aria-busy={isPending}>
            Email me a sign-in link
          </button>
        </form>
      )}
    </AuthCard>
  );
}
