import type { Profile } from "@academy/contract/auth";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "@academy/contract/constants";
import { useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useMemo, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { CodeField, TextField } from "../../../components/ui/form-field";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { isErrorBody, toFormError } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth-store";
import {
  disableTwoFactor,
  profileQueryKey,
  resendVerification,
  updateEmail,
  updatePassword,
  updateProfile,
  uploadPhoto,
  useProfileQuery,
} from "../api/profile";
import { focusFirst, readForm, Section } from "./section";
import { TwoFactorSetup } from "./two-factor-setup";

type Errors = Record<string, string | undefined>;
const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"];

function useFormState() {
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | undefined>();
  const [isPending, setIsPending] = useState(false);
  return { errors, setErrors, message, setMessage, isPending, setIsPending };
}

/** Runs a call that answers success or an error body, and spreads the failure into the form. */
async function submit<T>(
  state: ReturnType<typeof useFormState>,
  call: () => Promise<T>,
  fields: readonly string[],
): Promise<Exclude<T, { error: true }> | undefined> {
  state.setIsPending(true);
  state.setMessage(undefined);
  try {
    const answer = await call();
    if (isErrorBody(answer)) throw answer;
    state.setErrors({});
    return answer as Exclude<T, { error: true }>;
  } catch (failure) {
    const { message, fields: byField } = toFormError(failure);
    const placed = Object.fromEntries(fields.map((f) => [f, byField[f] && byField[f] !== message ? byField[f] : undefined]));
    state.setErrors(placed);
    state.setMessage(message);
    return undefined;
  } finally {
    state.setIsPending(false);
  }
}

/** /user/profile and /admin/profile: name, photo, email, password, two-factor sign-in, time zone. */
/** `recordingSection`: the session-recording choice and recordings, composed in by the app. */
export function ProfilePage({ recordingSection }: { recordingSection?: ReactNode } = {}) {
  const query = useProfileQuery();
  if (query.isPending) return <Spinner label="Loading your profile…" />;
  if (query.isError)
    return (
      <Alert>
        <p>Your profile could not be loaded.</p>
        <button type="button" className={`${buttonClass.secondary} mt-3`} onClick={() => query.refetch()}>
          Try again
        </button>
      </Alert>
    );
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Your profile" description="How you appear in the academy, and how you sign in." />
      <div className="space-y-6">
        <DetailsSection profile={query.data} />
        <PhotoSection profile={query.data} />
        <EmailSection profile={query.data} />
        <PasswordSection />
        <TwoFactorSection profile={query.data} />
        {recordingSection}
      </div>
    </div>
  );
}

function useRefreshSession() {
  const { state, dispatch } = useAuth();
  const queryClient = useQueryClient();
  return (change: { token?: string; firstName?: string; lastName?: string; photo?: string | null }) => {
    if (state.user !== null && state.role && state.token) {
      const details = state.userDetails ?? { firstName: "", lastName: "", photo: null };
      dispatch({
        type: "LOGIN",
        payload: {
          user: state.user,
          role: state.role,
          token: change.token ?? state.token,
          userDetails: {
            firstName: change.firstName ?? details.firstName,
            lastName: change.lastName ?? details.lastName,
            photo: change.photo !== undefined ? change.photo : details.photo,
          },
        },
      });
    }
    return queryClient.invalidateQueries({ queryKey: profileQueryKey });
  };
}

function DetailsSection({ profile }: { profile: Profile }) {
  const form = useFormState();
  const formRef = useRef<HTMLFormElement>(null);
  const refresh = useRefreshSession();
  const zones = useMemo(() => {
    const all = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    return all.includes(profile.time_zone) ? all : [profile.time_zone, ...all];
  }, [profile.time_zone]);
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

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

function PhotoSection({ profile }: { profile: Profile }) {
  const refresh = useRefreshSession();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const inputId = useId();
  const initials = `${profile.first_name.at(0) ?? ""}${profile.last_name.at(0) ?? ""}`.toUpperCase() || "?";

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    setError(undefined);
    if (!file) return;
    if (!PHOTO_TYPES.includes(file.type)) {
      setError("Choose a JPEG, PNG, WebP or GIF image");
      input.value = "";
      return;
    }
    if (file.size > PHOTO_MAX_BYTES) {
      setError("Choose an image of at most 5 MB");
      input.value = "";
      return;
    }
    setProgress(0);
    try {
      const uploaded = await uploadPhoto(file, setProgress);
      if (isErrorBody(uploaded)) throw uploaded;
      const saved = await updateProfile({ photo: uploaded.url });
      if (isErrorBody(saved)) throw saved;
      await refresh({ photo: uploaded.url });
      showToast("Your photo is updated");
    } catch (failure) {
      const { message, fields } = toFormError(failure);
      setError(fields.file ?? fields.photo ?? message);
    } finally {
      setProgress(null);
      input.value = "";
    }
  };

  const onRemove = async () => {
    const saved = await updateProfile({ photo: null });
    if (isErrorBody(saved)) setError(saved.message);
    else await refresh({ photo: null });
  };

  return (
    <Section
      id="profile-photo"
      title="Photo"
      description="A clear photo of your face helps your coach recognise you. JPEG, PNG, WebP or GIF, up to 5 MB."
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        {profile.photo ? (
          <img src={profile.photo} alt="Your profile" className="size-20 rounded-full border border-slate-200 object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-20 items-center justify-center rounded-full bg-red-100 text-2xl font-semibold text-red-800"
          >
            {initials}
          </span>
        )}
        <div className="flex-1 space-y-3">
          <div className="flex flex-wrap gap-2">
            <label
              htmlFor={inputId}
              className={`${buttonClass.secondary} cursor-pointer focus-within:outline-2 focus-within:outline-red-700`}
            >
              {profile.photo ? "Change photo" : "Upload photo"}
              <input
                id={inputId}
                type="file"
                accept={PHOTO_TYPES.join(",")}
                className="sr-only"
                onChange={onChoose}
                disabled={progress !== null}
                aria-describedby={error ? `${inputId}-error` : undefined}
              />
            </label>
            {profile.photo ? (
              <button type="button" className={buttonClass.ghost} onClick={onRemove} disabled={progress !== null}>
                Remove photo
              </button>
            ) : null}
          </div>
          {progress !== null ? (
            <div>
              <progress
                className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-red-700"
                max={100}
                value={Math.round(progress * 100)}
                aria-label="Upload progress"
              />
              <p className="mt-1 text-xs text-slate-600" aria-live="polite">
                Uploading… {Math.round(progress * 100)}%
              </p>
            </div>
          ) : null}
          {error ? (
            <p id={`${inputId}-error`} role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
        </div>
      </div>
    </Section>
  );
}

function EmailSection({ profile }: { profile: Profile }) {
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
    const answer = await submit(form, () => updateEmail(v.email.trim(), v.current_password), ["email", "current_password"]);
    if (answer) {
      target.reset();
      await refresh({});
      showToast("Your email is changed: sign in with the new one, and open the link we sent to it");
    }
  };
  return (
    <Section id="profile-email" title="Email" description={`You sign in with ${profile.email}.`}>
      <EmailStatus profile={profile} />
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
        if (answer.status === 409) await queryClient.invalidateQueries({ queryKey: profileQueryKey });
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

function PasswordSection() {
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
      await refresh({ token: answer.token });
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

function TwoFactorSection({ profile }: { profile: Profile }) {
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
