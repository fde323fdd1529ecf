import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { PageSteps } from "../../../components/ui/page-steps";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { toFormError } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth-store";
import { formatDateTime } from "../../../lib/format";
import { useConsentQuery, useDeleteSessions, useSessionQuery, useSessionsQuery, useSetConsent } from "../api/analytics";
import { SessionTimeline } from "./session-timeline";

/** On the candidate's profile: the recording choice, and every session recorded of them to look at and delete. */
export function MySessionsSection() {
  const { state } = useAuth();
  if (state.role !== "user") return null;
  return (
    <section aria-labelledby="my-sessions" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="my-sessions" className="text-lg font-semibold text-slate-900">
        Session recordings
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        When you allow it, we record pages, clicks and scrolling to improve the academy. What you type is never recorded.
      </p>
      <div className="mt-5 space-y-5">
        <ConsentChoice />
        <SessionList />
      </div>
    </section>
  );
}

function ConsentChoice() {
  const consent = useConsentQuery();
  const setConsent = useSetConsent();
  if (consent.isPending) return <Spinner label="Loading your choice…" />;
  if (consent.isError) return <Alert>{toFormError(consent.error).message}</Alert>;
  const granted = consent.data.granted === true;
  const change = (next: boolean) =>
    setConsent.mutate(next, {
      onSuccess: () => showToast(next ? "Session recording is on" : "Session recording is off; nothing more is recorded"),
      onError: (e) => showToast(toFormError(e).message, "error"),
    });
  return (
    <div className="flex flex-col gap-3 rounded-xl bg-slate-50 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-800" aria-live="polite">
        {consent.data.granted === null
          ? "You have not decided yet whether your sessions may be recorded."
          : granted
            ? "Recording is on: your sessions are recorded, with every field masked."
            : "Recording is off: nothing is recorded."}
      </p>
      <button
        type="button"
        className={granted ? buttonClass.secondary : buttonClass.primary}
        disabled={setConsent.isPending}
        aria-busy={setConsent.isPending}
        onClick={() => change(!granted)}
      >
        {granted ? "Stop recording" : "Allow recording"}
      </button>
    </div>
  );
}

function SessionList() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const [confirmAll, setConfirmAll] = useState(false);
  const sessions = useSessionsQuery("mine", page);
  const remove = useDeleteSessions();

  const deleteOne = (id: number) =>
    remove.mutate(id, {
      onSuccess: () => {
        if (open === id) setOpen(null);
        showToast("Recording deleted");
      },
      onError: (e) => showToast(toFormError(e).message, "error"),
    });
  const deleteAll = () =>
    remove.mutate("all", {
      onSuccess: (answer) => {
        setConfirmAll(false);
        setOpen(null);
        setPage(1);
        showToast(answer.message);
      },
      onError: (e) => showToast(toFormError(e).message, "error"),
    });

  if (sessions.isPending) return <Spinner label="Loading your recordings…" />;
  if (sessions.isError)
    return (
      <Alert>
        <p>Your recordings could not be loaded.</p>
        <button type="button" className={`${buttonClass.secondary} mt-3`} onClick={() => sessions.refetch()}>
          Try again
        </button>
      </Alert>
    );
  const { list, total, num_pages } = sessions.data;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">Your recorded sessions ({total})</h3>
        {total > 0 ? (
          <button type="button" className={buttonClass.secondary} onClick={() => setConfirmAll(true)}>
            Delete all recordings
          </button>
        ) : null}
      </div>
      {list.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No sessions are recorded of you.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
          {list.map((s) => (
            <li key={s.id} className="p-3 sm:p-4">
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                <div className="text-sm">
                  <p className="font-medium text-slate-900">{formatDateTime(s.start_time)}</p>
                  <p className="text-slate-600">
                    {s.page_count} {s.page_count === 1 ? "page" : "pages"} · {s.event_count} events · {s.screen_width} × {s.screen_height}
                  </p>
                </div>
                <div className="flex gap-2">
                  <button
                    type="button"
                    className={buttonClass.ghost}
                    aria-expanded={open === s.id}
                    aria-controls={`session-${s.id}`}
                    onClick={() => setOpen(open === s.id ? null : s.id)}
                  >
                    {open === s.id ? "Hide events" : "Show events"}
                  </button>
                  <button
                    type="button"
                    className={buttonClass.ghost}
                    disabled={remove.isPending}
                    aria-label={`Delete the recording of ${formatDateTime(s.start_time)}`}
                    onClick={() => deleteOne(s.id)}
                  >
                    Delete
                  </button>
                </div>
              </div>
              {open === s.id ? (
                <div id={`session-${s.id}`} className="mt-3">
                  <SessionDetail id={s.id} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {num_pages > 1 ? (
        <nav aria-label="Recorded sessions pages" className="mt-3 text-sm">
          <PageSteps page={page} numPages={num_pages} onPage={setPage} />
        </nav>
      ) : null}
      {confirmAll ? (
        <ConfirmModal
          title="Delete all your recordings?"
          confirmLabel="Delete all"
          pendingLabel="Deleting…"
          isPending={remove.isPending}
          onConfirm={deleteAll}
          onCancel={() => setConfirmAll(false)}
        >
          <p>Every recorded session of yours is deleted for good. Recording stays as you set it above.</p>
        </ConfirmModal>
      ) : null}
    </div>
  );
}

function SessionDetail({ id }: { id: number }) {
  const session = useSessionQuery(id);
  if (session.isPending) return <Spinner label="Loading the events…" />;
  if (session.isError) return <Alert>{toFormError(session.error).message}</Alert>;
  return <SessionTimeline session={session.data} />;
}
