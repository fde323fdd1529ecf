import type { Role } from "@academy/contract/common";
import { isOAuthErrorCode, OAUTH_ERROR_MESSAGES } from "@academy/contract/constants";
import { type FormEvent, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { TextField } from "../../../components/ui/form-field";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { isErrorBody, toFormError } from "../../../lib/api-client";
import { Link, useSearchParams } from "../../../lib/navigation";
import { login } from "../api/login";
import { usePending } from "../hooks/use-pending";
import { useSignIn } from "../hooks/use-sign-in";
import { type Errors, unplacedMessages, validateLogin } from "../validation";
import { AuthCard } from "./auth-card";
import { OAuthButtons } from "./oauth-buttons";
import { TwoFactorStep } from "./two-factor-step";

type Field = "email" | "password";
const FIELDS: readonly Field[] = ["email", "password"];

/** Keeps redirect_uri on links between the sign-in screens. */
function withRedirect(path: string, redirectUri: string | null): string {
  return redirectUri ? `${path}?redirect_uri=${encodeURIComponent(redirectUri)}` : path;
}

/**
 * Sign in for one role. `/login` (no role in the path) picks the role from where the person
 * was heading and offers the other one.
 */
export function LoginPage({ accountRole: fixedRole }: { accountRole?: Role }) {
  const [params] = useSearchParams();
  const redirectUri = params.get("redirect_uri");
  const role: Role = fixedRole ?? (redirectUri?.startsWith("/admin") ? "admin" : "user");
  const { isPending, run } = usePending();
  const signIn = useSignIn();
  const [errors, setErrors] = useState<Errors<Field>>({});
  // A provider sign-in that failed comes back here with a code saying why.
  const oauthError = params.get("oauth_error");
  const [message, setMessage] = useState<string[]>(isOAuthErrorCode(oauthError) ? [OAUTH_ERROR_MESSAGES[oauthError]] : []);
  const formRef = useRef<HTMLFormElement>(null);
  const [pendingLogin, setPendingLogin] = useState<string | null>(null);

  const focusFirstInvalid = (fields: Errors<Field>) => {
    const first = FIELDS.find((f) => fields[f]);
    if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get("email") ?? "").trim();
    const password = String(data.get("password") ?? "");
    const clientErrors = validateLogin({ email, password });
    setMessage([]);
    setErrors(clientErrors);
    if (Object.keys(clientErrors).length > 0) {
      focusFirstInvalid(clientErrors);
      return;
    }
    try {
      const answer = await run(() => login({ email, password, role }));
      if (!answer) return;
      if (isErrorBody(answer)) throw answer;
      if ("two_factor_required" in answer) setPendingLogin(answer.access_token);
      else signIn(answer);
    } catch (failure) {
      const { message: general, fields } = toFormError(failure);
      // "Invalid Credentials" names no one field: the alert says it once.
      const own = (field?: string) => (field && field !== general ? field : undefined);
      setErrors({ email: own(fields.email), password: own(fields.password) });
      setMessage([general, ...unplacedMessages(fields, FIELDS)]);
    }
  };

  const isStaff = role === "admin";
  if (pendingLogin)
    return (
      <AuthCard title="Two-factor sign-in" description="One more step to keep your account safe.">
        <TwoFactorStep accessToken={pendingLogin} onSignedIn={signIn} onRestart={() => setPendingLogin(null)} />
      </AuthCard>
    );
  return (
    <AuthCard
      title={isStaff ? "Staff sign in" : "Sign in"}
      description={isStaff ? "For academy staff and coaches." : "Welcome back. Pick up your exam preparation where you left off."}
      footer={
        <>
          <p>
            New here?{" "}
            <Link to={`/${role}/signup`} className={linkClass}>
              {isStaff ? "Create a staff account" : "Create an account"}
            </Link>
          </p>
          {fixedRole ? null : (
            <p>
              {isStaff ? "Preparing for an exam? " : "Academy staff? "}
              <Link to={withRedirect(`/${isStaff ? "user" : "admin"}/login`, redirectUri)} className={linkClass}>
                {isStaff ? "Candidate sign in" : "Staff sign in"}
              </Link>
            </p>
          )}
        </>
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
        <TextField label="Email" name="email" type="email" autoComplete="email" inputMode="email" required error={errors.email} />
        <div>
          <TextField label="Password" name="password" type="password" autoComplete="current-password" required error={errors.password} />
          <p className="mt-2 text-right text-sm">
            <Link to={`/${role}/forgot`} className={linkClass}>
              Forgot password?
            </Link>
          </p>
        </div>
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={isPending} aria-busy={isPending}>
          {isPending ? (
            <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
          ) : null}
          Sign in
        </button>
        <div className="relative text-center text-xs text-slate-500">
          <span className="absolute inset-x-0 top-1/2 border-t border-slate-200" aria-hidden="true" />
          <span className="relative bg-white px-2">or</span>
        </div>
        <Link to={`/magic-login/${role}`} className={`${buttonClass.secondary} w-full`}>
          Sign in with a magic link
        </Link>
        <OAuthButtons role={role} />
      </form>
    </AuthCard>
  );
}
