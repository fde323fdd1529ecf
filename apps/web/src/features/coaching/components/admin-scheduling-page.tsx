import type { Booking } from "@academy/contract/coaching";
import { type ReactNode, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { ConfirmModal } from "../../../components/ui/confirm-modal";
import { ResourceTable } from "../../../components/ui/resource-table/resource-table";
import { adminRoutesOf, useAdminPanel } from "../../../components/ui/resource-table/route-mode";
import type { ResourceColumn } from "../../../components/ui/resource-table/types";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { toFormError } from "../../../lib/api-client";
import { useCan } from "../../../lib/auth-store";
import { bookingsSource } from "../api/bookings";
import { useCancelSession } from "../api/cancel-session";
import { useCoachSettings } from "../api/coach-settings";
import { useCoaches } from "../api/coaches";
import { BOOKINGS } from "../api/keys";
import { useLearnerBrief } from "../api/learner-brief";
import { readinessText } from "../brief-text";
import { AvailabilityEditor } from "./availability-editor";
import { CoachWeek } from "./coach-week";
import { bookingsZoneText, SessionTime } from "./session-time";

const routes = adminRoutesOf("scheduling", ["view"]);
const TABS = [
  { id: "bookings", label: "All bookings" },
  { id: "week", label: "My week" },
  { id: "availability", label: "My availability" },
] as const;
type Tab = (typeof TABS)[number]["id"];

const pct = (share: number) => `${Math.round(share * 100)}%`;

/**
 * /admin/scheduling: every booking (with the learner before a session), a coach's own week and
 * availability. `learnerChat`: a conversation with the session's learner, composed in by the app.
 */
export function AdminSchedulingPage({ learnerChat }: { learnerChat?: (userId: number, name: string) => ReactNode } = {}) {
  const [tab, setTab] = useState<Tab>("bookings");
  // The signed-in staff member's zone is their coach profile's (what their availability and mails
  // use), never the browser's: a session reads the same on every screen and in every mail.
  const settings = useCoachSettings();
  const tz = settings.data?.time_zone;
  // Arrow keys move between the tabs, as in any tab list; Tab moves on to the panel.
  const onKeyDown = (e: React.KeyboardEvent<HTMLDivElement>) => {
    const by = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (!by) return;
    e.preventDefault();
    const next = TABS[(TABS.findIndex((t) => t.id === tab) + by + TABS.length) % TABS.length]!;
    setTab(next.id);
    requestAnimationFrame(() => document.getElementById(`scheduling-tab-${next.id}`)?.focus());
  };
  const tabs = (
    <div role="tablist" aria-label="Scheduling" className="mb-4 flex flex-wrap gap-2" onKeyDown={onKeyDown}>
      {TABS.map((t) => (
        <button
          key={t.id}
          id={`scheduling-tab-${t.id}`}
          type="button"
          role="tab"
          aria-selected={tab === t.id}
          aria-controls={tab === t.id && t.id !== "bookings" ? "scheduling-panel" : undefined}
          tabIndex={tab === t.id ? 0 : -1}
          className={tab === t.id ? buttonClass.primary : buttonClass.secondary}
          onClick={() => setTab(t.id)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
  if (tab === "bookings") return <BookingsTable toolbar={tabs} tz={tz} learnerChat={learnerChat} />;
  return (
    <div>
      <h1 className="mb-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Scheduling</h1>
      {tabs}
      <div role="tabpanel" id="scheduling-panel" aria-labelledby={`scheduling-tab-${tab}`}>
        {tab === "availability" ? (
          <AvailabilityEditor />
        ) : tz ? (
          <CoachWeek tz={tz} />
        ) : settings.isError ? (
          <Alert>{toFormError(settings.error).message}</Alert>
        ) : (
          <Spinner label="Loading your week…" />
        )}
      </div>
    </div>
  );
}

function BookingsTable({
  toolbar,
  tz,
  learnerChat,
}: {
  toolbar: React.ReactNode;
  /** The signed-in staff member's own zone (undefined while it loads). */
  tz: string | undefined;
  learnerChat?: (userId: number, name: string) => ReactNode;
}) {
  const coaches = useCoaches();
  const columns: ResourceColumn<Booking>[] = [
    {
      key: "meeting_start",
      label: "When",
      sortable: true,
      render: (b) => <SessionTime booking={b} />,
    },
    { key: "candidate_name", label: "Candidate", render: (b) => b.candidate_name || b.candidate_email },
    { key: "coach_name", label: "Coach", hideOnMobile: true },
    { key: "status", label: "Status", render: (b) => (b.status === "booked" ? "Booked" : "Cancelled") },
  ];
  const seesEveryCoach = useCan("coaching.all");
  const filters = [
    {
      name: "when",
      label: "When",
      options: [
        { value: "upcoming", label: "Upcoming" },
        { value: "past", label: "Past" },
      ],
    },
    {
      name: "status",
      label: "Status",
      options: [
        { value: "booked", label: "Booked" },
        { value: "cancelled", label: "Cancelled" },
      ],
    },
    // A coach sees their own sessions only: choosing a coach is for those who see every coach's.
    ...(seesEveryCoach
      ? [
          {
            name: "coach_id",
            label: "Coach",
            options: (coaches.data ?? []).map((c) => ({ value: String(c.id), label: `${c.first_name} ${c.last_name}` })),
          },
        ]
      : []),
  ];
  return (
    <ResourceTable<Booking>
      title="Scheduling"
      description={`${seesEveryCoach ? "Every coaching session" : "Your coaching sessions"}, ${bookingsZoneText(seesEveryCoach, tz)}. Open one to read about the learner before the call.`}
      singular="booking"
      resourceKey={BOOKINGS}
      source={bookingsSource}
      columns={columns}
      filters={filters}
      searchLabel="Search by candidate or coach"
      defaultSort={{ field: "meeting_start", direction: "desc" }}
      toolbar={toolbar}
      {...useAdminPanel(routes)}
      rowLabel={(b) => `session of ${b.candidate_name || b.candidate_email}`}
      renderView={(b) => <LearnerPanel booking={b} chat={learnerChat?.(b.user_id, b.candidate_name || b.candidate_email)} />}
    />
  );
}

/** Before a session: the candidate's readiness, weakest themes, latest quizzes and missed questions, and the note. */
function LearnerPanel({ booking, chat }: { booking: Booking; chat?: ReactNode }) {
  const brief = useLearnerBrief(booking.id);
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSession();
  return (
    <div className="space-y-4">
      <div>
        <h2 className="text-lg font-semibold text-slate-900">{booking.candidate_name || booking.candidate_email}</h2>
        <p className="text-sm text-slate-600">
          <SessionTime booking={booking} className="" /> with {booking.coach_name} · {booking.status === "booked" ? "booked" : "cancelled"}
        </p>
      </div>
      <section>
        <h3 className="text-sm font-semibold text-slate-700">Their note</h3>
        <p className="whitespace-pre-line text-sm text-slate-800">{booking.meeting_details || "No note."}</p>
      </section>
      {chat}
      {brief.isPending ? <Spinner label="Loading the learner…" /> : null}
      {brief.isError ? <Alert>{toFormError(brief.error).message}</Alert> : null}
      {brief.data ? (
        <>
          <section>
            <h3 className="text-sm font-semibold text-slate-700">Readiness</h3>
            <p className="text-sm text-slate-800">{readinessText(brief.data)}</p>
          </section>
          <section>
            <h3 className="text-sm font-semibold text-slate-700">
              Weakest themes{brief.data.track_name ? "" : " (from the answers so far)"}
            </h3>
            {brief.data.weakest_themes.length === 0 ? <p className="text-sm text-slate-600">Not enough answers yet.</p> : null}
            <ul className="list-disc pl-5 text-sm text-slate-800">
              {brief.data.weakest_themes.map((t) => (
                <li key={t.theme}>
                  {t.theme_name}: {pct(t.mastery)}
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h3 className="text-sm font-semibold text-slate-700">Recent quizzes</h3>
            {brief.data.recent_quizzes.length === 0 ? <p className="text-sm text-slate-600">No quizzes yet.</p> : null}
            <ul className="list-disc pl-5 text-sm text-slate-800">
              {brief.data.recent_quizzes.map((q) => (
                <li key={q.id}>
                  {q.title}: {q.score === null ? q.status.replace("_", " ") : pct(q.score)}
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h3 className="text-sm font-semibold text-slate-700">Recently missed</h3>
            {brief.data.missed_questions.length === 0 ? <p className="text-sm text-slate-600">Nothing missed lately.</p> : null}
            <ul className="list-disc pl-5 text-sm text-slate-800">
              {brief.data.missed_questions.map((q) => (
                <li key={q.stem}>{q.stem}</li>
              ))}
            </ul>
          </section>
        </>
      ) : null}
      {booking.status === "booked" && Date.parse(booking.meeting_start) > Date.now() ? (
        <button type="button" className={buttonClass.secondary} onClick={() => setConfirming(true)}>
          Cancel session…
        </button>
      ) : null}
      {confirming ? (
        <ConfirmModal
          title="Cancel this session?"
          confirmLabel="Cancel session"
          pendingLabel="Cancelling…"
          isPending={cancel.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            cancel.mutate(booking.id, {
              onSuccess: () => {
                showToast("Session cancelled; both people were told and the credit is back");
                setConfirming(false);
              },
              onError: (e) => showToast(toFormError(e).message, "error"),
            })
          }
        >
          <p>The candidate and the coach get a cancellation with the calendar update, and the candidate's credit comes back.</p>
        </ConfirmModal>
      ) : null}
    </div>
  );
}
