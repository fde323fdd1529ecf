import type { Booking, Coach, Credits, Slot } from "@academy/contract/coaching";
import { type ReactNode, useMemo, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { toFormError } from "../../../lib/api-client";
import { useAuth } from "../../../lib/auth-store";
import { Link } from "../../../lib/navigation";
import { useBookSession } from "../api/book-session";
import { useCancelSession } from "../api/cancel-session";
import { useCoaches } from "../api/coaches";
import { useDaySlots } from "../api/day-slots";
import { useMyCoaching } from "../api/my-coaching";
import { useOpenDates } from "../api/open-dates";
import { useRescheduleSession } from "../api/reschedule-session";
import { dayLabel, hoursText, monthGrid, monthLabel, shiftMonth, timeIn, todayIn, viewerZone, whenIn } from "../calendar";
import { hasCreditFor } from "../credits";

const card = "rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";
const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** /user/get-coaching: choose a coach, a day and a time; book with a note; manage upcoming sessions. */
/** `chat`: the messages with the coach, composed in by the app (features stay independent). */
export function GetCoachingPage({ chat }: { chat?: ReactNode } = {}) {
  const tz = useMemo(viewerZone, []);
  const my = useMyCoaching();
  const coaches = useCoaches();
  const [chosenCoach, setChosenCoach] = useState<number | null>(null);
  const [moving, setMoving] = useState<Booking | null>(null);
  const coachId = moving?.coach_id ?? chosenCoach ?? coaches.data?.[0]?.id ?? null;
  const coach = coaches.data?.find((c) => c.id === coachId) ?? null;

  if (my.isPending || coaches.isPending) return <Spinner label="Loading coaching…" />;
  if (my.isError || coaches.isError) return <Alert>{toFormError(my.error ?? coaches.error).message}</Alert>;
  const { credits, upcoming, past } = my.data;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Coaching"
        description={`One-to-one sessions with a coach who sees your weakest themes before you meet. Times are shown in your time zone, ${tz}.`}
      />
      <section aria-labelledby="credits-heading" className={card}>
        <h2 id="credits-heading" className="text-sm font-semibold uppercase tracking-wide text-slate-500">
          Sessions this month
        </h2>
        {credits.per_month === 0 ? (
          <p className="mt-1 text-slate-700">
            Coaching is not part of your {credits.package_name} plan.{" "}
            <Link to="/user/dashboard" className={linkClass}>
              Upgrade to Premium
            </Link>{" "}
            for two sessions a month.
          </p>
        ) : (
          <p className="mt-1 text-slate-800" data-testid="credits-left">
            <strong className="text-2xl">{credits.left}</strong> of {credits.per_month} left ({credits.package_name} plan)
          </p>
        )}
      </section>

      <UpcomingSessions sessions={upcoming} tz={tz} onMove={setMoving} />

      {chat}

      <section aria-labelledby="book-heading" className="space-y-4">
        <h2 id="book-heading" className="text-lg font-semibold text-slate-900">
          {moving ? `Choose a new time with ${moving.coach_name}` : "Book a session"}
        </h2>
        {moving ? (
          <Alert tone="info">
            Moving your session of {whenIn(moving.meeting_start, tz)}. It keeps its credit.{" "}
            <button type="button" className={linkClass} onClick={() => setMoving(null)}>
              Keep the current time
            </button>
          </Alert>
        ) : (
          <CoachChoice coaches={coaches.data} chosen={coachId} onChoose={setChosenCoach} />
        )}
        {coach ? (
          <SlotPicker
            key={`${coach.id}-${moving?.id ?? "new"}`}
            coach={coach}
            tz={tz}
            moving={moving}
            noteSuggestion={my.data.note_suggestion}
            credits={credits}
            onDone={() => {
              setMoving(null);
              // The pressed button is gone with the picker: the focus goes to the list that now holds the session.
              requestAnimationFrame(() => document.getElementById("upcoming-heading")?.focus());
            }}
          />
        ) : (
          <p className="text-slate-600">No coach is taking bookings right now. Please look again soon.</p>
        )}
      </section>

      <PastSessions sessions={past} tz={tz} />
    </div>
  );
}

function CoachChoice({ coaches, chosen, onChoose }: { coaches: Coach[]; chosen: number | null; onChoose: (id: number) => void }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">Your coach</legend>
      <div className="grid gap-3 md:grid-cols-2">
        {coaches.map((c) => (
          <label
            key={c.id}
            className={`flex cursor-pointer gap-3 rounded-xl border bg-white p-4 shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-red-700 ${
              chosen === c.id ? "border-red-600 ring-1 ring-red-600" : "border-slate-200"
            }`}
          >
            <input type="radio" name="coach" className="mt-1 accent-red-700" checked={chosen === c.id} onChange={() => onChoose(c.id)} />
            <span className="min-w-0">
              <span className="block font-semibold text-slate-900">
                {c.first_name} {c.last_name}
              </span>
              <span className="block text-sm text-slate-600">{c.bio}</span>
              <span className="mt-1 block text-xs text-slate-500">
                {c.session_minutes}-minute sessions · {c.languages.join(", ")} · {c.meeting_link ? "video call" : (c.meeting_place ?? "")}
              </span>
              {c.themes.length ? (
                <span className="mt-1 block text-xs text-slate-500">Themes: {c.themes.map((t) => t.replaceAll("-", " ")).join(", ")}</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function SlotPicker(props: {
  coach: Coach;
  tz: string;
  moving: Booking | null;
  noteSuggestion: string;
  credits: Credits;
  onDone: () => void;
}) {
  const { coach, tz, moving } = props;
  const [month, setMonth] = useState(() => todayIn(tz).slice(0, 7));
  const [date, setDate] = useState<string | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [note, setNote] = useState(props.noteSuggestion);
  const dates = useOpenDates(coach.id, month, tz);
  const slots = useDaySlots(coach.id, date, tz);
  const { state: session } = useAuth();
  const book = useBookSession();
  const move = useRescheduleSession();
  const open = new Set(dates.data ?? []);
  const thisMonth = todayIn(tz).slice(0, 7);
  const action = moving ? move : book;
  // A move keeps its credit; a new booking needs one of its own month.
  const canBook = moving !== null || (slot !== null && hasCreditFor(props.credits, slot.start));

  const submit = () => {
    if (!slot) return;
    const done = () => {
      setSlot(null);
      setDate(null);
      props.onDone();
    };
    if (moving)
      move.mutate(
        { id: moving.id, start: slot.start, end: slot.end },
        {
          onSuccess: () => {
            showToast(`Your session moved to ${whenIn(slot.start, tz)}`);
            done();
          },
        },
      );
    else
      book.mutate(
        { user_id: session.user ?? 0, coach_id: coach.id, meeting_start: slot.start, meeting_end: slot.end, meeting_details: note },
        {
          onSuccess: () => {
            showToast(`Booked: ${whenIn(slot.start, tz)} with ${coach.first_name}`);
            done();
          },
        },
      );
  };

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <div className={card}>
        <div className="mb-3 flex items-center justify-between">
          <button
            type="button"
            className={buttonClass.ghost}
            onClick={() => setMonth(shiftMonth(month, -1))}
            disabled={month <= thisMonth}
            aria-label="Previous month"
          >
            ‹
          </button>
          <h3 className="font-semibold text-slate-900" aria-live="polite">
            {monthLabel(month)}
          </h3>
          <button type="button" className={buttonClass.ghost} onClick={() => setMonth(shiftMonth(month, 1))} aria-label="Next month">
            ›
          </button>
        </div>
        <table className="w-full table-fixed text-center text-sm">
          <thead>
            <tr>
              {WEEKDAYS.map((d) => (
                <th key={d} scope="col" className="pb-1 text-xs font-medium text-slate-500">
                  {d}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {monthGrid(month).map((week) => (
              <tr key={week.find(Boolean) ?? "pad"}>
                {week.map((day, i) => (
                  <td key={day ?? `pad-${i}`} className="p-0.5">
                    {day ? (
                      <button
                        type="button"
                        disabled={!open.has(day)}
                        aria-pressed={date === day}
                        aria-label={`${dayLabel(day)}${open.has(day) ? ", open" : ", no open times"}`}
                        onClick={() => {
                          setDate(day);
                          setSlot(null);
                        }}
                        className={`h-9 w-full rounded-md ${
                          date === day
                            ? "bg-red-700 font-semibold text-white"
                            : open.has(day)
                              ? "bg-red-50 font-semibold text-red-900 hover:bg-red-100"
                              : "text-slate-400"
                        } focus-visible:outline-2 focus-visible:outline-red-700`}
                      >
                        {Number(day.slice(8))}
                      </button>
                    ) : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {dates.isPending ? <p className="mt-2 text-sm text-slate-500">Finding open days…</p> : null}
        {dates.isSuccess && open.size === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No open times this month: try the next one.</p>
        ) : null}
      </div>

      <div className={`${card} space-y-4`}>
        {date === null ? (
          <p className="text-slate-600">Choose a highlighted day to see its times.</p>
        ) : (
          <>
            <h3 className="font-semibold text-slate-900">{dayLabel(date)}</h3>
            {slots.isPending ? <Spinner label="Loading times…" /> : null}
            {slots.isSuccess && slots.data.length === 0 ? <p className="text-slate-600">This day just filled up. Choose another.</p> : null}
            <fieldset className="flex flex-wrap gap-2">
              <legend className="sr-only">Open times</legend>
              {(slots.data ?? []).map((s) => (
                <button
                  key={s.start}
                  type="button"
                  aria-pressed={slot?.start === s.start}
                  onClick={() => setSlot(s)}
                  className={slot?.start === s.start ? buttonClass.primary : buttonClass.secondary}
                >
                  {timeIn(s.start, tz)}
                </button>
              ))}
            </fieldset>
          </>
        )}
        {slot ? (
          <div className="space-y-3 border-t border-slate-100 pt-4">
            <p className="text-slate-800">
              {whenIn(slot.start, tz)}–{timeIn(slot.end, tz)} with {coach.first_name} {coach.last_name}
            </p>
            {moving ? null : (
              <label className="block text-sm font-medium text-slate-700">
                Note for your coach
                <textarea
                  className="mt-1 block w-full rounded-lg border border-slate-300 p-2 text-sm"
                  rows={5}
                  maxLength={4000}
                  value={note}
                  onChange={(e) => setNote(e.target.value)}
                />
                <span className="mt-1 block text-xs font-normal text-slate-500">
                  {props.noteSuggestion
                    ? "Filled in from your weakest themes and recent quizzes; change it as you like."
                    : "Tell your coach what you would like to work on. After your first quizzes, this starts from your weakest themes."}
                </span>
              </label>
            )}
            {action.isError ? <Alert>{toFormError(action.error).message}</Alert> : null}
            {canBook ? null : (
              <Alert tone="info">
                {props.credits.per_month === 0 ? "Coaching is not part of your plan." : "You have used this month's sessions."}
              </Alert>
            )}
            <button type="button" className={buttonClass.primary} disabled={action.isPending || !canBook} onClick={submit}>
              {action.isPending ? "Saving…" : moving ? `Move to ${timeIn(slot.start, tz)}` : `Book ${timeIn(slot.start, tz)}`}
            </button>
            <p className="text-xs text-slate-500">
              You can cancel up to {hoursText(coach.cancel_notice_hours)} before (your credit comes back) and move it up to{" "}
              {hoursText(coach.reschedule_notice_hours)} before.
            </p>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function UpcomingSessions({ sessions, tz, onMove }: { sessions: Booking[]; tz: string; onMove: (b: Booking) => void }) {
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const cancel = useCancelSession();
  return (
    <section aria-labelledby="upcoming-heading" className="space-y-3">
      <h2
        id="upcoming-heading"
        tabIndex={-1}
        className="rounded text-lg font-semibold text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700"
      >
        Upcoming sessions
      </h2>
      {sessions.length === 0 ? <p className="text-slate-600">Nothing booked yet.</p> : null}
      <ul className="space-y-3">
        {sessions.map((b) => (
          <li
            key={b.id}
            className={`${card} flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between`}
            data-testid="upcoming-session"
          >
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                {whenIn(b.meeting_start, tz)}–{timeIn(b.meeting_end, tz)}
              </p>
              <p className="text-sm text-slate-700">with {b.coach_name}</p>
              {b.meeting_link ? (
                <a href={b.meeting_link} className={`${linkClass} break-all text-sm`} target="_blank" rel="noreferrer">
                  Join the call
                </a>
              ) : b.meeting_place ? (
                <p className="text-sm text-slate-700">{b.meeting_place}</p>
              ) : null}
              <p className="mt-1 text-xs text-slate-500">
                {b.can_cancel && b.cancel_until
                  ? `Cancel until ${whenIn(b.cancel_until, tz)} for your credit back. `
                  : "Cancelling has closed. "}
                {b.can_reschedule && b.reschedule_until ? `Move it until ${whenIn(b.reschedule_until, tz)}.` : "Moving has closed."}
              </p>
            </div>
            <div className="flex shrink-0 gap-2">
              <button type="button" className={buttonClass.secondary} disabled={!b.can_reschedule} onClick={() => onMove(b)}>
                Reschedule
              </button>
              <button type="button" className={buttonClass.secondary} disabled={!b.can_cancel} onClick={() => setCancelling(b)}>
                Cancel
              </button>
            </div>
          </li>
        ))}
      </ul>
      {cancelling ? (
        <ConfirmModal
          title="Cancel this session?"
          confirmLabel="Cancel session"
          pendingLabel="Cancelling…"
          isPending={cancel.isPending}
          onCancel={() => setCancelling(null)}
          onConfirm={() =>
            cancel.mutate(cancelling.id, {
              onSuccess: () => {
                showToast("Session cancelled; your credit is back");
                setCancelling(null);
              },
              onError: (e) => showToast(toFormError(e).message, "error"),
            })
          }
        >
          <p>
            {whenIn(cancelling.meeting_start, tz)} with {cancelling.coach_name}. You get the session's credit back.
          </p>
        </ConfirmModal>
      ) : null}
    </section>
  );
}

function PastSessions({ sessions, tz }: { sessions: Booking[]; tz: string }) {
  if (sessions.length === 0) return null;
  return (
    <section aria-labelledby="past-heading" className="space-y-3">
      <h2 id="past-heading" className="text-lg font-semibold text-slate-900">
        Past and cancelled sessions
      </h2>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
        {sessions.map((b) => (
          <li key={b.id} className="flex flex-col gap-1 p-3 text-sm sm:flex-row sm:justify-between">
            <span>
              {whenIn(b.meeting_start, tz)} with {b.coach_name}
            </span>
            <span className={b.status === "cancelled" ? "text-slate-500" : "text-emerald-800"}>
              {b.status === "cancelled" ? "Cancelled" : "Held"}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
