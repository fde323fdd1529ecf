import type { RegisterRequest } from "@academy/contract/auth";
import type { Role } from "@academy/contract/common";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@academy/contract/constants";
import { type FormEvent, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { TextField } from "../../../components/ui/form-field";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { isErrorBody, toFormError } from "../../../lib/api-client";
import { browserTimeZone } from "../../../lib/browser-zone";
import { Link, useSearchParams } from "../../../lib/navigation";
import { register } from "../api/register";
import { usePending } from "../hooks/use-pending";
import { useSignIn } from "../hooks/use-sign-in";
import { type Errors, unplacedMessages, validateSignup } from "../validation";
import { AuthCard } from "./auth-card";

type Field = "first_name" | "last_name" | "email" | "password";
const FIELDS: readonly Field[] = ["first_name", "last_name", "email", "password"];

export function SignupPage({ accountRole: role }: { accountRole: Role }) {
  const [params] = useSearchParams();
  const invitation = role === "admin" ? params.get("invitation")?.trim() || undefined : undefined;
  // The invitation link names the address it was sent to.
  const invitedEmail = invitation ? (params.get("email")?.trim() ?? "") : "";
  const { isPending, run } = usePending();
  const signIn = useSignIn();
  const [errors, setErrors] = useState<Errors<Field>>({});
  const [message, setMessage] = useState<string[]>([]);
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = {
      first_name: String(data.get("first_name") ?? "").trim(),
      last_name: String(data.get("last_name") ?? "").trim(),
      email: String(data.get("email") ?? "").trim(),
      password: String(data.get("password") ?? ""),
    };
    const clientErrors = validateSignup(input);
    setMessage([]);
    setErrors(clientErrors);
    const firstInvalid = FIELDS.find((f) => clientErrors[f]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    // The new account shows and mails its times in this device's zone (changeable on the profile).
    const body: RegisterRequest = { ...input, role, time_zone: browserTimeZone(), ...(invitation ? { invitation } : {}) };
    try {
      const answer = await run(() => register(body));
      if (!answer) return;
      if (isErrorBody(answer)) throw answer;
      signIn(answer);
      showToast(`Welcome to Rescue Academy, ${answer.first_name || "and good luck"}!`);
    } catch (failure) {
      const { message: general, fields } = toFormError(failure);
      setErrors({
        first_name: fields.first_name,
        last_name: fields.last_name,
        email: fields.email,
        password: fields.password,
      });
      setMessage([general, ...unplacedMessages(fields, FIELDS)]);
    }
  };

  const isStaff = role === "admin";
  return (
    <AuthCard
      title={isStaff ? "Create a staff account" : "Create your account"}
      description={
        isStaff ? (
          <>
            <p>Staff sign-up works for the academy's first admin, or with an invitation link from an existing admin.</p>
            {invitation ? <p className="mt-2 font-medium text-emerald-800">You are joining with an invitation.</p> : null}
          </>
        ) : (
          "Prepare for your EMS, fire and rescue, water rescue or dispatch entrance exam."
        )
      }
      footer={
        <p>
          Already have an account?{" "}
          <Link to={`/${role}/login`} className={linkClass}>
            Sign in
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
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="First name" name="first_name" autoComplete="given-name" required maxLength={80} error={errors.first_name} />
          <TextField label="Last name" name="last_name" autoComplete="family-name" required maxLength={80} error={errors.last_name} />
        </div>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          defaultValue={invitedEmail}
          error={errors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          hint={`Use ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters. A short sentence is easy to remember.`}
          error={errors.password}
        />
        <button type="submit" className={`${buttonClass.primary} w-full`} disabled={isPending} aria-busy={isPending}>
          {isPending ? (
            <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
          ) : null}
          Create account
        </button>
      </form>
    </AuthCard>
  );
}
