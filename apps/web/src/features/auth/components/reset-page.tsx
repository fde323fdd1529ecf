import type { Role } from "@academy/contract/common";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@academy/contract/constants";
import { type FormEvent, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { TextField } from "../../../components/ui/form-field";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { isErrorBody, toFormError } from "../../../lib/api-client";
import { Link, useSearchParams } from "../../../lib/navigation";
import { resetPassword } from "../api/recovery";
import { usePending } from "../hooks/use-pending";
import { type Errors, unplacedMessages } from "../validation";
import { AuthCard } from "./auth-card";

type Field = "token" | "code" | "password" | "confirm";
const FIELDS: readonly Field[] = ["token", "code", "password", "confirm"];

/** Chooses a new password with the link's token (from the URL, or pasted) and the mailed code. */
export function ResetPage({ accountRole: role }: { accountRole: Role }) {
  const [params] = useSearchParams();
  const linkToken = params.get("token")?.trim() ?? "";
  const { isPending, run } = usePending();
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [message, setMessage] = useState<string[]>([]);
  const [isDone, setIsDone] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const pasted = String(data.get("token") ?? "").trim();
    // A pasted whole link works as well as its token.
    const token = linkToken || decodeURIComponent(/[?&]token=([^&\s]+)/.exec(pasted)?.[1] ?? pasted);
    const code = String(data.get("code") ?? "").replace(/\s/g, "");
    const password = String(data.get("password") ?? "");
    const confirm = String(data.get("confirm") ?? "");
    const found: Errors<Field> = {};
    if (!token) found.token = "Paste the link from the email, or open it directly";
    if (!/^\d{6}$/.test(code)) found.code = "Enter the 6-digit code from the email";
    if (password.length < PASSWORD_MIN_LENGTH) found.password = `Use at least ${PASSWORD_MIN_LENGTH} characters`;
    else if (password.length > PASSWORD_MAX_LENGTH) found.password = `Use at most ${PASSWORD_MAX_LENGTH} characters`;
    if (!found.password && confirm !== password) found.confirm = "The two passwords differ";
    setErrors(found);
    setMessage([]);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    try {
      const answer = await run(() => resetPassword({ token, code, password }));
      if (!answer) return;
      if (isErrorBody(answer)) throw answer;
      setIsDone(true);
    } catch (failure) {
      const { message: general, fields } = toFormError(failure);
      const own = (m?: string) => (m && m !== general ? m : undefined);
      setErrors({ code: own(fields.code), password: own(fields.password), token: own(fields.token) });
      setMessage([general, ...unplacedMessages(fields, FIELDS)]);
    }
  };

  if (isDone)
    return (
      <AuthCard title="Password changed" description="Your new password is set, and every device was signed out.">
        <Link to={`/${role}/login`} className={`${buttonClass.primary} w-full`}>
          Sign in with your new password
        </Link>
      </AuthCard>
    );

  return (
    <AuthCard
      title="Choose a new password"
      description="Enter the 6-digit code from the email and your new password."
      footer={
        <p>
          No email?{" "}
          <Link to={`/${role}/forgot`} className={linkClass}>
            Send a new link
          </Link>
        </p>
      }
    >
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5">
        {message.length > 0 ? (
          <Alert>
            {message.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </Alert>
        ) : null}
        {linkToken ? null : (
          <TextField
            label="Reset link"
            name="token"
            autoComplete="off"
            hint="Open the link from the email, or paste its token here."
            required
            error={errors.token}
          />
        )}
        <TextField
          label="Code from the email"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          error={errors.code}
        />
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. A long phrase is easiest to remember.`}
          required
          error={errors.password}
        />
        <TextField label="Repeat new password" name="confirm" type="password" autoComplete="new-password" required error={errors.confirm} />
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={isPending} aria-busy={isPending}>
          Set new password
        </button>
      </form>
    </AuthCard>
  );
}
