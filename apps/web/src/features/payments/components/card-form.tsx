import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { TextField } from "../../../components/ui/form-field";
import { buttonClass } from "../../../components/ui/styles";
import { ApiError, toFormError } from "../../../lib/api-client";
import { tokeniseCard } from "../api/billing";
import { type CardInput, formatCardNumber, formatExpiry, parseExpiry, validateCard } from "../format";

const FIELD_OF_CODE: Record<string, keyof CardInput> = { incorrect_number: "number", expired_card: "expiry", invalid_cvc: "cvc" };

/** After a render that marks fields invalid, the first of them takes the focus (and its message is read with it). */
function focusFirstInvalid(form: HTMLFormElement) {
  requestAnimationFrame(() => form.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus());
}

/**
 * Card number, expiry and CVC. On submit the card goes to the tokenisation call and only the
 * single-use token is handed to `onToken`; the number is never sent anywhere else.
 */
export function CardForm({
  submitLabel,
  busyLabel,
  onToken,
  onCancel,
}: {
  submitLabel: string;
  busyLabel: string;
  onToken: (token: string) => Promise<void>;
  onCancel?: () => void;
}) {
  const [input, setInput] = useState<CardInput>({ number: "", expiry: "", cvc: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof CardInput, string>>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (field: keyof CardInput) => (event: { target: { value: string } }) => {
    const typed = event.target.value;
    setInput((prev) => ({
      ...prev,
      [field]: field === "number" ? formatCardNumber(typed) : field === "expiry" ? formatExpiry(typed, prev.expiry) : typed,
    }));
    setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setMessage(null);
    const found = validateCard(input);
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstInvalid(form);
      return;
    }
    setBusy(true);
    try {
      const token = await tokeniseCard({ number: input.number.replace(/[\s-]/g, ""), cvc: input.cvc.trim(), ...parseExpiry(input.expiry) });
      await onToken(token.id);
      setInput({ number: "", expiry: "", cvc: "" });
    } catch (failure) {
      const field = failure instanceof ApiError && failure.code ? FIELD_OF_CODE[failure.code] : undefined;
      if (field) {
        setErrors({ [field]: toFormError(failure).message });
        focusFirstInvalid(form);
      } else {
        setMessage(toFormError(failure).message);
        // The pay button was disabled while busy, which took the focus from it: the message takes it.
        requestAnimationFrame(() => form.querySelector<HTMLElement>("[data-form-message]")?.focus());
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Card">
      {message ? (
        <div data-form-message tabIndex={-1} className="rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700">
          <Alert>{message}</Alert>
        </div>
      ) : null}
      <TextField
        label="Card number"
        name="cardnumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        maxLength={23}
        value={input.number}
        onChange={set("number")}
        error={errors.number}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label="Expiry"
          name="exp-date"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          maxLength={9}
          value={input.expiry}
          onChange={set("expiry")}
          error={errors.expiry}
        />
        <TextField
          label="CVC"
          name="cvc"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={4}
          value={input.cvc}
          onChange={set("cvc")}
          error={errors.cvc}
        />
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel ? (
          <button type="button" className={buttonClass.secondary} onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        ) : null}
        <button type="submit" className={buttonClass.primary} disabled={busy} aria-busy={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}
