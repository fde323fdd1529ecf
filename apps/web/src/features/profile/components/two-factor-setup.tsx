import { type FormEvent, useEffect, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { CodeField } from "../../../components/ui/form-field";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { isErrorBody, toFormError } from "../../../lib/api-client";
import { confirmTwoFactor, startTwoFactor } from "../api/profile";
import { readForm } from "./section";

type Setup = { secret: string; qr_code: string };
type Stage = { kind: "idle" } | { kind: "starting" } | { kind: "scan"; setup: Setup } | { kind: "failed"; message: string };

/**
 * Turning two-factor sign-in on: a new secret as a QR code and as text, then a code from the
 * app to prove it was added. `autoStart` shows the QR code at once (the staff setup step);
 * otherwise a button starts it (the profile).
 */
export function TwoFactorSetup({ autoStart = false, onEnabled }: { autoStart?: boolean; onEnabled: () => Promise<void> | void }) {
  const [stage, setStage] = useState<Stage>({ kind: autoStart ? "starting" : "idle" });
  const [codeError, setCodeError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const [isSending, setIsSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const startedRef = useRef(false);
  const codeInput = () => formRef.current?.querySelector<HTMLInputElement>('[name="token"]');

  const start = async () => {
    setStage({ kind: "starting" });
    setMessage(undefined);
    try {
      const answer = await startTwoFactor();
      if (isErrorBody(answer)) {
        // Turned on meanwhile (in another tab, say): nothing left to set up.
        if (answer.status === 409) return await onEnabled();
        throw answer;
      }
      setStage({ kind: "scan", setup: { secret: answer.secret, qr_code: answer.qr_code } });
    } catch (failure) {
      setStage({ kind: "failed", message: toFormError(failure).message });
    }
  };

  // Each start makes a new secret, so the automatic one runs once, however often the effect does.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once on mount by design
  useEffect(() => {
    if (!autoStart || startedRef.current) return;
    startedRef.current = true;
    void start();
  }, []);

  // The code field takes the focus once the QR code shows.
  useEffect(() => {
    if (stage.kind === "scan") formRef.current?.querySelector<HTMLInputElement>('[name="token"]')?.focus();
  }, [stage.kind]);

  const onCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = readForm(event.currentTarget, ["token"] as const).token.replace(/\s/g, "");
    setMessage(undefined);
    if (!/^\d{6}$/.test(code)) {
      setCodeError("Enter the 6-digit code from your authenticator app");
      codeInput()?.focus();
      return;
    }
    setIsSending(true);
    try {
      const answer = await confirmTwoFactor(code);
      if (isErrorBody(answer)) throw answer;
      setCodeError(undefined);
      await onEnabled();
    } catch (failure) {
      const { message: general, fields } = toFormError(failure);
      setCodeError(fields.token && fields.token !== general ? fields.token : undefined);
      setMessage(general);
      codeInput()?.select();
    } finally {
      setIsSending(false);
    }
  };

  if (stage.kind === "idle")
    return (
      <div className="space-y-4">
        <p className="inline-flex items-center gap-2 rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-700">
          <span aria-hidden="true" className="size-2 rounded-full bg-slate-400" /> Off
        </p>
        <div>
          <button type="button" className={buttonClass.primary} onClick={start}>
            Set up two-factor sign-in
          </button>
        </div>
      </div>
    );
  if (stage.kind === "starting") return <Spinner label="Preparing your QR code…" />;
  if (stage.kind === "failed")
    return (
      <Alert>
        <p>{stage.message}</p>
        <button type="button" className={`${buttonClass.secondary} mt-3`} onClick={start}>
          Try again
        </button>
      </Alert>
    );
  return (
    <div className="space-y-4">
      {message ? <Alert>{message}</Alert> : null}
      <ol className="list-decimal space-y-2 pl-5 text-sm text-slate-700">
        <li>Scan this QR code with an authenticator app (for example Google Authenticator, Microsoft Authenticator or 1Password).</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <img
          src={stage.setup.qr_code}
          alt="QR code to add Rescue Academy to your authenticator app"
          className="size-44 rounded-lg border border-slate-200"
        />
        <div className="text-sm text-slate-600">
          <p>Cannot scan? Type this key into the app:</p>
          <code className="mt-1 block break-all rounded bg-slate-100 px-2 py-1 font-mono text-slate-900" data-testid="two-factor-secret">
            {stage.setup.secret}
          </code>
        </div>
      </div>
      <form ref={formRef} noValidate onSubmit={onCode} className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <CodeField className="sm:w-56" label="6-digit code" name="token" error={codeError} />
        <button type="submit" className={`${buttonClass.primary} sm:mt-6`} disabled={isSending} aria-busy={isSending}>
          Turn on
        </button>
      </form>
    </div>
  );
}
