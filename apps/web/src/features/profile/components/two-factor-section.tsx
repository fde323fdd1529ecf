import type { Profile } from "@academy/contract/auth";
import { type FormEvent, useRef } from "react";
import { Alert } from "../../../components/ui/alert";
import { CodeField } from "../../../components/ui/form-field";
import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { disableTwoFactor } from "../api/profile";
import { submit, useFormState, useRefreshSession } from "../hooks/use-profile-form";
import { focusFirst, readForm, Section } from "./section";
import { TwoFactorSetup } from "./two-factor-setup";

export function TwoFactorSection({ profile }: { profile: Profile }) {
  const form = useFormState();
  const refresh = useRefreshSession();
  const formRef = useRef<HTMLFormElement>(null);

  const onTurnOff = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    const code = readForm(target, ["token"] as const).token.replace(/\s/g, "");
    if (!/^\d{6}$/.test(code)) {
      form.setErrors({ token: "Enter the 6-digit code from your authenticator app" });
      focusFirst(formRef.current, { token: "x" }, ["token"]);
      return;
    }
    const answer = await submit(form, () => disableTwoFactor(code), ["token"]);
    if (answer) {
      target.reset();
      await refresh({});
      showToast("Two-factor sign-in is off");
    }
  };

  const onEnabled = async () => {
    await refresh({});
    showToast("Two-factor sign-in is on");
  };

  return (
    <Section
      id="profile-two-factor"
      title="Two-factor sign-in"
      description="Besides your password, sign-in asks for a code from an authenticator app on your phone."
    >
      {profile.two_factor_enabled ? (
        <div className="space-y-4">
          <p className="inline-flex items-center gap-2 rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800">
            <span aria-hidden="true" className="size-2 rounded-full bg-emerald-600" /> On
          </p>
          {profile.two_factor_required ? (
            <p className="text-sm text-slate-600">Staff accounts keep two-factor sign-in on to protect candidates' data and payments.</p>
          ) : (
            <>
              {form.message ? <Alert>{form.message}</Alert> : null}
              <p className="text-sm text-slate-600">To turn it off, enter a current code from your app.</p>
              <form ref={formRef} noValidate onSubmit={onTurnOff} className="flex flex-col gap-3 sm:flex-row sm:items-start">
                <CodeField className="sm:w-56" label="6-digit code" name="token" error={form.errors.token} />
                <button type="submit" className={`${buttonClass.primary} sm:mt-6`} disabled={form.isPending} aria-busy={form.isPending}>
                  Turn off
                </button>
              </form>
            </>
          )}
        </div>
      ) : (
        <TwoFactorSetup onEnabled={onEnabled} />
      )}
    </Section>
  );
}
