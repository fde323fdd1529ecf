import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { toFormError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { type SessionItem, useSessionsQuery, useSignOutSessions } from "../api/sessions";
import { Section } from "./section";

/** Where the account is signed in, with a way to end any other session (a lost phone, a shared computer). */
export function SessionsSection() {
  const query = useSessionsQuery();
  const { one, others } = useSignOutSessions();
  const failure = one.error ?? others.error;

  const signOut = (id: number) => one.mutate(id, { onSuccess: () => showToast("That device was signed out") });
  const signOutOthers = () =>
    others.mutate(undefined, {
      onSuccess: (answer) =>
        showToast(answer.count === 1 ? "1 other device was signed out" : `${answer.count} other devices were signed out`),
    });

  return (
    <Section
      id="profile-sessions"
      title="Where you're signed in"
      description="Each browser or device you signed in on. Sign out any you don't recognise or no longer use."
    >
      {failure ? (
        <div className="mb-4">
          <Alert>{toFormError(failure).message}</Alert>
        </div>
      ) : null}
      {query.isPending ? (
        <Spinner label="Loading your sessions…" />
      ) : query.isError ? (
        <Alert>
          <p>Your sessions could not be loaded.</p>
          <button type="button" className={`${buttonClass.secondary} mt-3`} onClick={() => query.refetch()}>
            Try again
          </button>
        </Alert>
      ) : (
        <SessionsList
          sessions={query.data}
          pendingId={one.isPending ? one.variables : undefined}
          isSigningOutOthers={others.isPending}
          onSignOut={signOut}
          onSignOutOthers={signOutOthers}
        />
      )}
    </Section>
  );
}

/** The list itself: this device first as it is, every other one with its own "Sign out". */
export function SessionsList({
  sessions,
  pendingId,
  isSigningOutOthers,
  onSignOut,
  onSignOutOthers,
}: {
  sessions: SessionItem[];
  pendingId?: number | undefined;
  isSigningOutOthers: boolean;
  onSignOut: (id: number) => void;
  onSignOutOthers: () => void;
}) {
  const hasOthers = sessions.some((s) => !s.is_current);
  const ordered = [...sessions.filter((s) => s.is_current), ...sessions.filter((s) => !s.is_current)];
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
        {ordered.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {s.device}
                {s.is_current ? (
                  <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800">This device</span>
                ) : null}
              </p>
              <p className="text-sm text-slate-600">
                Last seen {formatDateTime(s.last_seen_at)} · signed in {formatDateTime(s.created_at)}
              </p>
            </div>
            {s.is_current ? null : (
              <button
                type="button"
                className={buttonClass.secondary}
                disabled={pendingId === s.id}
                aria-busy={pendingId === s.id}
                aria-label={`Sign out ${s.device}, last seen ${formatDateTime(s.last_seen_at)}`}
                onClick={() => onSignOut(s.id)}
              >
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
      {hasOthers ? (
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={isSigningOutOthers}
          aria-busy={isSigningOutOthers}
          onClick={onSignOutOthers}
        >
          Sign out everywhere else
        </button>
      ) : (
        <p className="text-sm text-slate-600">You're signed in on this device only.</p>
      )}
    </div>
  );
}
