import type { Role } from "@academy/contract/common";
import { Alert } from "../../../components/ui/alert";
import { TextField } from "../../../components/ui/form-field";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { Link } from "../../../lib/navigation";
import { requestPasswordReset } from "../api/recovery";
import { useEmailRequest } from "../hooks/use-email-request";
import { AuthCard } from "./auth-card";

/** Asks for a reset link; says the same whether or not the email has an account. */
export function ForgotPage({ accountRole: role }: { accountRole: Role }) {
  const { isPending, error, message, sentTo, formRef, onSubmit } = useEmailRequest((email) => requestPasswordReset(email, role));

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
