import type { Role } from "@academy/contract/common";
import { Alert } from "../../../components/ui/alert";
import { TextField } from "../../../components/ui/form-field";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { Link, useParams } from "../../../lib/navigation";
import { requestMagicLink } from "../api/recovery";
import { useEmailRequest } from "../hooks/use-email-request";
import { AuthCard } from "./auth-card";

/** /magic-login/:role: mails a one-time sign-in link for that role. */
export function MagicLoginPage() {
  const params = useParams();
  const role: Role = params.role === "admin" ? "admin" : "user";
  const { isPending, error, message, sentTo, formRef, onSubmit } = useEmailRequest((email) => requestMagicLink(email, role));

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
