import { EXTRA_TIME_FACTORS, type ExtraTimeFactor, formatFactor, MAX_BREAK_MINUTES } from "@academy/contract/accommodation-terms";
import type { Accommodation } from "@academy/contract/accommodations";
import { type FormEvent, useId, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { TextField } from "../../../components/ui/form-field";
import { Spinner } from "../../../components/ui/spinner";
import { Badge } from "../../../components/ui/status-badge";
import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { type FormError, toFormError } from "../../../lib/api-client";
import { formatDay } from "../../../lib/format";
import { useAccommodationQuery, useSaveAccommodation } from "../api/accommodation";

const selectClass =
  "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700 sm:text-sm";

/** The fields of the grant form, labelled, each with its error from the server. */
export function AccommodationFields({ current, fields }: { current: Accommodation | null; fields: Record<string, string> }) {
  const factorId = useId();
  const noteId = useId();
  return (
    <>
      <div>
        <label htmlFor={factorId} className="block text-sm font-medium text-slate-800">
          Extra time
        </label>
        <select id={factorId} name="extra_time_factor" defaultValue={String(current?.extra_time_factor ?? 1.5)} className={selectClass}>
          {EXTRA_TIME_FACTORS.map((f) => (
            <option key={f} value={f}>
              {formatFactor(f)} the time limit
            </option>
          ))}
        </select>
      </div>
      <TextField
        label="Breaks (minutes, optional)"
        name="break_minutes"
        type="number"
        min={1}
        max={MAX_BREAK_MINUTES}
        inputMode="numeric"
        defaultValue={current?.break_minutes ?? ""}
        hint="Added to each timed quiz and mock exam, on top of the extra time. Leave empty for none."
        error={fields.break_minutes}
      />
      <TextField
        label="Last day it applies"
        name="ends_on"
        type="date"
        required
        defaultValue={current?.ends_on ?? ""}
        error={fields.ends_on}
      />
      <div>
        <label htmlFor={noteId} className="block text-sm font-medium text-slate-800">
          Note for staff (optional)
        </label>
        <textarea
          id={noteId}
          name="note"
          maxLength={500}
          rows={2}
          defaultValue={current?.note ?? ""}
          aria-describedby={`${noteId}-hint`}
          className={selectClass}
        />
        <p id={`${noteId}-hint`} className="mt-1 text-xs text-slate-500">
          The candidate never sees it, and the activity log keeps only that it changed.
        </p>
        {fields.note ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {fields.note}
          </p>
        ) : null}
      </div>
      {fields.extra_time_factor ? (
        <p role="alert" className="text-sm text-red-700">
          {fields.extra_time_factor}
        </p>
      ) : null}
    </>
  );
}

function AccommodationForm({ userId, current, onDone }: { userId: number; current: Accommodation | null; onDone: () => void }) {
  const { save } = useSaveAccommodation(userId);
  const [error, setError] = useState<FormError | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const breaks = String(data.get("break_minutes") ?? "").trim();
    const body = {
      extra_time_factor: Number(data.get("extra_time_factor")) as ExtraTimeFactor,
      break_minutes: breaks === "" ? null : Number(breaks),
      note: String(data.get("note") ?? ""),
      ends_on: String(data.get("ends_on") ?? ""),
    };
    save.mutate(body, {
      onSuccess: () => {
        showToast(current ? "Accommodation changed" : "Accommodation granted");
        onDone();
      },
      onError: (e) => setError(toFormError(e)),
    });
  };
  const fields = error?.fields ?? {};
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-slate-200 p-4" aria-label="Exam accommodation">
      {error && !Object.keys(fields).length ? <Alert>{error.message}</Alert> : null}
      <AccommodationFields current={current} fields={fields} />
      <div className="flex gap-2">
        <button type="submit" className={buttonClass.primary} disabled={save.isPending}>
          {save.isPending ? "Saving…" : current ? "Save changes" : "Grant accommodation"}
        </button>
        <button type="button" className={buttonClass.secondary} onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The "Accommodations" section of a candidate's view panel: extra time and breaks, granted until an end date. */
export function AccommodationPanel({ userId }: { userId: number }) {
  const query = useAccommodationQuery(userId);
  const { withdraw } = useSaveAccommodation(userId);
  const [isEditing, setEditing] = useState(false);
  const [isAsking, setAsking] = useState(false);
  if (query.isPending) return <Spinner label="Loading accommodations…" />;
  if (query.isError) return <Alert>We could not load this candidate's accommodations.</Alert>;
  const current = query.data;
  if (isEditing) return <AccommodationForm userId={userId} current={current} onDone={() => setEditing(false)} />;
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      {current ? (
        <>
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            Extra time {formatFactor(current.extra_time_factor)}
            {current.break_minutes ? `, ${current.break_minutes} minutes of breaks` : ""}
            <Badge tone={current.in_force ? "good" : "quiet"}>{current.in_force ? "In force" : "Ended"}</Badge>
          </p>
          <p className="mt-0.5 text-slate-600">Until {formatDay(current.ends_on, true)}, the last day it applies</p>
          {current.note ? <p className="mt-1 text-slate-700">{current.note}</p> : null}
        </>
      ) : (
        <p className="text-slate-600">No accommodation: timed quizzes and mock exams run to their usual time.</p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={buttonClass.secondary} onClick={() => setEditing(true)}>
          {current ? "Change accommodation" : "Grant accommodation"}
        </button>
        {current ? (
          <button type="button" className={buttonClass.ghost} onClick={() => setAsking(true)}>
            Withdraw
          </button>
        ) : null}
      </div>
      {isAsking ? (
        <ConfirmModal
          title="Withdraw this accommodation?"
          confirmLabel="Withdraw"
          pendingLabel="Withdrawing…"
          isPending={withdraw.isPending}
          onCancel={() => setAsking(false)}
          onConfirm={() =>
            withdraw.mutate(undefined, {
              onSuccess: () => {
                setAsking(false);
                showToast("Accommodation withdrawn");
              },
              onError: (e) => showToast(toFormError(e).message, "error"),
            })
          }
        >
          <p>Quizzes and mock exams the candidate starts from now on run to their usual time; ones already started keep theirs.</p>
        </ConfirmModal>
      ) : null}
    </div>
  );
}
