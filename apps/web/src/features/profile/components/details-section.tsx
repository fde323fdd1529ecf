import type { Profile } from "@academy/contract/auth";
import { type FormEvent, useId, useMemo, useRef } from "react";
import { Alert } from "../../../components/ui/alert";
import { TextField } from "../../../components/ui/form-field";
import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { browserTimeZone } from "../../../lib/browser-zone";
import { updateProfile } from "../api/profile";
import { type Errors, submit, useFormState, useRefreshSession } from "../hooks/use-profile-form";
import { focusFirst, readForm, Section } from "./section";

export function DetailsSection({ profile }: { profile: Profile }) {
  const form = useFormState();
  const formRef = useRef<HTMLFormElement>(null);
  const refresh = useRefreshSession();
  const zones = useMemo(() => {
    const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    return all.includes(profile.time_zone) ? all : [profile.time_zone, ...all];
  }, [profile.time_zone]);
  const browserZone = browserTimeZone();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const v = readForm(event.currentTarget, ["first_name", "last_name", "time_zone"] as const);
    const errors: Errors = {};
    if (!v.first_name.trim()) errors.first_name = "Enter your first name";
    if (!v.last_name.trim()) errors.last_name = "Enter your last name";
    if (errors.first_name || errors.last_name) {
      form.setErrors(errors);
      focusFirst(formRef.current, errors, ["first_name", "last_name"]);
      return;
    }
    const payload = { first_name: v.first_name.trim(), last_name: v.last_name.trim(), time_zone: v.time_zone };
    const answer = await submit(form, () => updateProfile(payload), ["first_name", "last_name", "time_zone"]);
    if (answer) {
      await refresh({ firstName: payload.first_name, lastName: payload.last_name });
      showToast("Your details are saved");
    }
  };

  const zoneId = useId();
  return (
    <Section
      id="profile-details"
      title="Your details"
      description="Your name shows to coaches; your time zone sets the times of your coaching slots."
    >
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4">
        {form.message ? <Alert>{form.message}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            name="first_name"
            autoComplete="given-name"
            maxLength={80}
            defaultValue={profile.first_name}
            error={form.errors.first_name}
          />
          <TextField
            label="Last name"
            name="last_name"
            autoComplete="family-name"
            maxLength={80}
            defaultValue={profile.last_name}
            error={form.errors.last_name}
          />
        </div>
        <div>
          <label htmlFor={zoneId} className="block text-sm font-medium text-slate-800">
            Time zone
          </label>
          <select
            id={zoneId}
            name="time_zone"
            defaultValue={profile.time_zone}
            aria-invalid={form.errors.time_zone ? true : undefined}
            aria-describedby={form.errors.time_zone ? `${zoneId}-error` : `${zoneId}-hint`}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700 sm:text-sm"
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll("_", " ")}
              </option>
            ))}
          </select>
          {form.errors.time_zone ? (
            <p id={`${zoneId}-error`} role="alert" className="mt-1 text-sm text-red-700">
              {form.errors.time_zone}
            </p>
          ) : (
            <p id={`${zoneId}-hint`} className="mt-1 text-xs text-slate-500">
              This device is set to {browserZone.replaceAll("_", " ")}.
            </p>
          )}
        </div>
        <button type="submit" className={buttonClass.primary} disabled={form.isPending} aria-busy={form.isPending}>
          Save details
        </button>
      </form>
    </Section>
  );
}
