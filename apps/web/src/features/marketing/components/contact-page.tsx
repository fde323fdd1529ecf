import type { MessageResponse } from "@academy/contract/common";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { TextField } from "../../../components/ui/form-field";
import { PageHeader } from "../../../components/ui/page-header";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { api, type FieldErrors, isErrorBody, toFormError } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth-store";
import type { Answer } from "../../../lib/contract";
import { Link } from "../../../lib/navigation";

/** A message to the academy's staff; it reaches every admin by mail. */
function ContactForm() {
  const messageId = useId();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<{ tone: "error" | "success"; text: string } | null>(null);
  const [isSending, setSending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const body = {
      name: String(data.get("name") ?? "").trim(),
      email: String(data.get("email") ?? "").trim(),
      message: String(data.get("message") ?? "").trim(),
    };
    const found: FieldErrors = {};
    if (!body.name) found.name = "Tell us your name";
    if (!body.email.includes("@")) found.email = "Enter a valid email address";
    if (body.message.length < 10) found.message = "Write at least 10 characters";
    setErrors(found);
    setStatus(null);
    if (Object.keys(found).length) return;
    setSending(true);
    try {
      const answer = await api.post<Answer<typeof MessageResponse>>("/v2/api/lambda/contact", body, { auth: false });
      if (isErrorBody(answer)) throw answer;
      setStatus({ tone: "success", text: answer.message });
      form.reset();
    } catch (e) {
      const { message, fields } = toFormError(e);
      setErrors(fields);
      setStatus({ tone: "error", text: message });
    } finally {
      setSending(false);
    }
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      className="mt-8 space-y-4 rounded-xl border border-slate-200 bg-white p-5"
      aria-labelledby="contact-form-heading"
    >
      <h2 id="contact-form-heading" className="font-semibold text-slate-900">
        Write to us
      </h2>
      {status ? <Alert tone={status.tone}>{status.text}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Your name" name="name" autoComplete="name" required maxLength={120} error={errors.name} />
        <TextField label="Email" name="email" type="email" autoComplete="email" required maxLength={254} error={errors.email} />
      </div>
      <div>
        <label htmlFor={messageId} className="block text-sm font-medium text-slate-800">
          Message
        </label>
        <textarea
          id={messageId}
          name="message"
          rows={5}
          maxLength={5000}
          required
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${messageId}-error` : undefined}
          className={`mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700 sm:text-sm ${errors.message ? "border-red-600" : "border-slate-300"}`}
        />
        {errors.message ? (
          <p id={`${messageId}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {errors.message}
          </p>
        ) : null}
      </div>
      <button type="submit" className={buttonClass.primary} disabled={isSending}>
        {isSending ? "Sending…" : "Send message"}
      </button>
    </form>
  );
}

export function ContactPage() {
  const { state } = useAuth();
  const signedInAs = state.isAuthenticated ? state.role : null;
  return (
    <div className={signedInAs ? "max-w-3xl" : "mx-auto max-w-3xl px-4 py-10 sm:py-16"}>
      <PageHeader title="Contact us" description="Where to turn for help with your account, your plan or your preparation." />
      <ul className="grid gap-4 sm:grid-cols-2">
        <li className="rounded-xl border border-slate-200 bg-white p-5">
          <h2 className="font-semibold text-slate-900">Questions about your preparation</h2>
          <p className="mt-2 text-sm text-slate-600">
            Candidates can book a session with a coach and chat with them from the{" "}
            <Link to={signedInAs === "user" ? "/user/get-coaching" : "/user/login?redirect_uri=/user/get-coaching"} className={linkClass}>
              Coaching page
            </Link>
            .
          </p>
        </li>
        {signedInAs ? null : (
          <li className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 className="font-semibold text-slate-900">Trouble signing in</h2>
            <p className="mt-2 text-sm text-slate-600">
              You can{" "}
              <Link to="/user/forgot" className={linkClass}>
                reset your password
              </Link>{" "}
              or{" "}
              <Link to="/magic-login/user" className={linkClass}>
                sign in with a link sent to your email
              </Link>
              .
            </p>
          </li>
        )}
      </ul>
      <ContactForm />
      <p className="mt-6 text-sm text-slate-600">
        Looking for a quick answer? Read the{" "}
        <Link to="/faq" className={linkClass}>
          frequently asked questions
        </Link>
        .
      </p>
    </div>
  );
}
