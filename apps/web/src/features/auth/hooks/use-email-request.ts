import { type FormEvent, useRef, useState } from "react";
import { type ApiErrorBody, isErrorBody, toFormError } from "../../../lib/api-client";
import { checkEmail } from "../validation";
import { usePending } from "./use-pending";

/**
 * A form that asks for one email and sends something to it (a reset link, a magic link):
 * checks the address, sends once at a time, and shows the server's answer beside the field.
 */
export function useEmailRequest(send: (email: string) => Promise<unknown | ApiErrorBody>) {
  const { isPending, run } = usePending();
  const [error, setError] = useState<string | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    const invalid = checkEmail(email);
    setError(invalid);
    setMessage(undefined);
    if (invalid) {
      formRef.current?.querySelector<HTMLInputElement>('[name="email"]')?.focus();
      return;
    }
    try {
      const answer = await run(() => send(email));
      if (!answer) return;
      if (isErrorBody(answer)) throw answer;
      setSentTo(email);
    } catch (failure) {
      const { message: general, fields } = toFormError(failure);
      setError(fields.email);
      setMessage(general);
    }
  };

  return { isPending, error, message, sentTo, formRef, onSubmit };
}
