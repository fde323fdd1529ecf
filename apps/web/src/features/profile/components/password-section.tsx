import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@academy/contract/constants";
import { type FormEvent, useRef } from "react";
import { Alert } from "../../../components/ui/alert";
import { TextField } from "../../../components/ui/form-field";
import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { updatePassword } from "../api/profile";
import { type Errors, submit, useFormState, useRefreshSession } from "../hooks/use-profile-form";
import { focusFirst, readForm, Section } from "./section";

export function PasswordSection() {
  const form = useFormState();
  const formRef = useRef<HTMLFormElement>(null);
  const refresh = useRefreshSession();
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    const v = readForm(target, ["current_password", "password", "confirm"] as const);
    const errors: Errors = {};
    if (!v.current_password) errors.current_password = "Enter your current password";
    if (v.password.length < PASSWORD_MIN_LENGTH) errors.password = `Use at least ${PASSWORD_MIN_LENGTH} characters`;
    else if (v.password.length > PASSWORD_MAX_LENGTH) errors.password = `Use at most ${PASSWORD_MAX_LENGTH} characters`;
    else if (v.confirm !== v.password) errors.confirm = "The two passwords differ";
    if (Object.values(errors).some(Boolean)) {
      form.setErrors(errors);
      focusFirst(formRef.current, errors, ["current_password", "password", "confirm"]);
      return;
    }
    const answer = await submit(form, () => updatePassword(v.password, v.current_password), ["current_password", "password"]);
    if (answer) {
      target.reset();
      await refresh({ token: answer.token, refreshToken: answer.refresh_token });
      showToast("Password changed. Other devices were signed out.");
    }
  };
  return (
    <Section id="profile-password" title="Password" description="Changing it signs you out on every other device.">
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
        {form.message ? <Alert>{form.message}</Alert> : null}
        <TextField
          label="Current password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          error={form.errors.current_password}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
            error={form.errors.password}
          />
          <TextField label="Repeat new password" name="confirm" type="password" autoComplete="new-password" error={form.errors.confirm} />
        </div>
        <button type="submit" className={buttonClass.primary} disabled={form.isPending} aria-busy={form.isPending}>
          Change password
        </button>
      </form>
    </Section>
  );
}
