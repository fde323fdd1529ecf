import type { Profile } from "@academy/contract/auth";
import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { TextField } from "../../../components/ui/form-field";
import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { isErrorBody, toFormError } from "../../../lib/api-client";
import { profileKeys } from "../../../lib/shared-api/profile";
import { resendVerification, updateEmail } from "../api/profile";
import { type Errors, submit, useFormState, useRefreshSession } from "../hooks/use-profile-form";
import { focusFirst, readForm, Section } from "./section";

export function EmailSection({ profile }: { profile: Profile }) {
  const form = useFormState();
  const formRef = useRef<HTMLFormElement>(null);
  const refresh = useRefreshSession();
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    const v = readForm(target, ["email", "current_password"] as const);
    const errors: Errors = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) errors.email = "Enter a valid email address";
    if (!v.current_password) errors.current_password = "Enter your current password";
    if (errors.email || errors.current_password) {
      form.setErrors(errors);
      focusFirst(formRef.current, errors, ["email", "current_password"]);
      return;
    }
    const newEmail = v.email.trim();
    const answer = await submit(form, () => updateEmail(newEmail, v.current_password), ["email", "current_password"]);
    if (answer) {
      target.reset();
      await refresh({});
      showToast(newEmail === profile.email ? "The change of email is withdrawn" : `Open the link we sent to ${newEmail} to switch to it`);
    }
  };
  return (
    <Section id="profile-email" title="Email" description={`You sign in with ${profile.email}.`}>
      <EmailStatus profile={profile} />
      {profile.pending_email ? (
        <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          Waiting for you to open the link we sent to <strong>{profile.pending_email}</strong>. Until then you keep signing in with{" "}
          {profile.email}. To withdraw the change, enter {profile.email} below.
        </p>
      ) : null}
      <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-6 space-y-4">
        {form.message ? <Alert>{form.message}</Alert> : null}
        <TextField label="New email" name="email" type="email" autoComplete="email" inputMode="email" error={form.errors.email} />
        <TextField
          label="Current password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          error={form.errors.current_password}
        />
        <button type="submit" className={buttonClass.primary} disabled={form.isPending} aria-busy={form.isPending}>
          Change email
        </button>
      </form>
    </Section>
  );
}

/** Whether the address is confirmed; when not, a way to get a new link. */
function EmailStatus({ profile }: { profile: Profile }) {
  const [state, setState] = useState<{ isPending: boolean; sentTo?: string; error?: string }>({ isPending: false });
  const queryClient = useQueryClient();

  if (profile.email_verified)
    return (
      <p className="inline-flex items-center gap-2 rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800">
        <span aria-hidden="true" className="size-2 rounded-full bg-emerald-600" /> Confirmed
      </p>
    );

  const onResend = async () => {
    setState({ isPending: true });
    try {
      const answer = await resendVerification();
      if (isErrorBody(answer)) {
        // Confirmed meanwhile (in another tab, say): show it rather than an error.
        if (answer.status === 409) await queryClient.invalidateQueries({ queryKey: profileKeys.mine });
        setState({ isPending: false, error: answer.message });
        return;
      }
      setState({ isPending: false, sentTo: profile.email });
    } catch (failure) {
      setState({ isPending: false, error: toFormError(failure).message });
    }
  };

  return (
    <div className="space-y-3">
      <p className="inline-flex items-center gap-2 rounded-full bg-amber-50 px-3 py-1 text-sm font-medium text-amber-900">
        <span aria-hidden="true" className="size-2 rounded-full bg-amber-500" /> Not confirmed yet
      </p>
      <p className="text-sm text-slate-600">
        Open the link in the email we sent to {profile.email} to confirm it is yours. No email? Check your spam folder, or get a new link.
      </p>
      {state.sentTo ? <Alert tone="success">We sent a new link to {state.sentTo}.</Alert> : null}
      {state.error ? <Alert>{state.error}</Alert> : null}
      <button type="button" className={buttonClass.secondary} onClick={onResend} disabled={state.isPending} aria-busy={state.isPending}>
        Send a new confirmation link
      </button>
    </div>
  );
}
