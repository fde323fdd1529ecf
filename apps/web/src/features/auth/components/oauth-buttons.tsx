import type { Role } from "@academy/contract/common";
import { useEffect, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { buttonClass } from "../../../components/ui/styles";
import { isErrorBody } from "../../../lib/api-client";
import { listOAuthProviders, startOAuth } from "../api/oauth";

const label = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** "Continue with …" for each OpenID Connect provider the server has; nothing when there is none. */
export function OAuthButtons({ role }: { role: Role }) {
  const [providers, setProviders] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    listOAuthProviders().then(
      (list) => {
        if (isCurrent) setProviders(list);
      },
      () => {},
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  if (providers.length === 0) return null;

  const onClick = async (provider: string) => {
    setBusy(provider);
    setError(null);
    try {
      const answer = await startOAuth(provider, role);
      if (isErrorBody(answer)) throw new Error(answer.message);
      window.location.assign(answer.url);
    } catch (e) {
      setError(e instanceof Error ? e.message : "Sign-in with the provider failed. Try again.");
      setBusy(null);
    }
  };

  return (
    <div className="space-y-2">
      {error ? <Alert>{error}</Alert> : null}
      {providers.map((p) => (
        <button
          key={p}
          type="button"
          className={`${buttonClass.secondary} w-full`}
          onClick={() => onClick(p)}
          disabled={busy !== null}
          aria-busy={busy === p}
        >
          Continue with {label(p)}
        </button>
      ))}
    </div>
  );
}
