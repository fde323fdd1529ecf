import { useEffect, useRef, useState } from "react";
import { isErrorBody } from "../../../lib/api-client";
import { useSearchParams } from "../../../lib/navigation";

export type LinkCheck<T> = { kind: "checking" } | { kind: "failed"; message: string } | { kind: "accepted"; answer: T };

/**
 * The `token` of an emailed link (magic sign-in, email confirmation), sent to the server once:
 * such links work a single time, so the call never repeats (Strict Mode runs effects twice).
 */
export function useLinkToken<T>(send: (token: string) => Promise<T>): LinkCheck<Exclude<T, { error: true }>> {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const [check, setCheck] = useState<LinkCheck<Exclude<T, { error: true }>>>(
    token ? { kind: "checking" } : { kind: "failed", message: "This link is incomplete. Open the link from the email again." },
  );
  const isSent = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the link works once, so it is sent once per token
  useEffect(() => {
    if (!token || isSent.current) return;
    isSent.current = true;
    send(token).then(
      (answer) =>
        setCheck(
          isErrorBody(answer)
            ? { kind: "failed", message: answer.message }
            : { kind: "accepted", answer: answer as Exclude<T, { error: true }> },
        ),
      () => setCheck({ kind: "failed", message: "Could not reach the server. Check your connection and open the link again." }),
    );
  }, [token]);

  return check;
}
