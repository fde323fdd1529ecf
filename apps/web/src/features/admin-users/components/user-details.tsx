import { hasPermission, STAFF_ROLE_LABELS, type StaffRole } from "@academy/contract/staff";
import type { AdminUserOverview } from "@academy/contract/users";
import { type ReactNode, useId } from "react";
import { Alert } from "../../../components/ui/alert";
import type { Row } from "../../../components/ui/resource-table/types";
import { Spinner } from "../../../components/ui/spinner";
import { Badge, StatusBadge } from "../../../components/ui/status-badge";
import { useAuth } from "../../../lib/auth-store";
import { formatDate, formatDateTime, formatInterval, formatMoney, formatPercent } from "../../../lib/format";
import { useUserOverviewQuery } from "../api/get-user-overview";
import { AccommodationPanel } from "./accommodation-panel";
import { MarkEmailConfirmed, ResendConfirmation } from "./mark-email-confirmed";
import { ResetTwoFactor } from "./reset-two-factor";

function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <div className="mb-2 flex items-baseline justify-between gap-3">
        <h3 id={id} className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
          {title}
        </h3>
        {aside}
      </div>
      {children}
    </section>
  );
}

function Stat({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

function Plan({ plan }: { plan: AdminUserOverview["plan"] }) {
  const sub = plan.subscription;
  if (!sub)
    return (
      <div className="rounded-lg border border-slate-200 p-4">
        <p className="text-base font-semibold text-slate-900">{plan.package_name}</p>
        <p className="mt-0.5 text-slate-600">No subscription: the free plan applies.</p>
      </div>
    );
  const price =
    sub.amount !== null && sub.currency
      ? `${formatMoney(sub.amount, sub.currency)} ${formatInterval(sub.interval, sub.interval_count ?? 1)}`
      : null;
  const periodEnd = formatDate(sub.current_period_end);
  const isTrial = sub.status === "trialing" && sub.trial_end !== null;
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-base font-semibold text-slate-900">{sub.package_name ?? plan.package_name}</p>
        <StatusBadge status={sub.status} />
        {sub.cancel_at_period_end ? <Badge tone="warn">Cancels at period end</Badge> : null}
      </div>
      <p className="mt-0.5 text-slate-700">{[sub.plan_name, price].filter(Boolean).join(" · ")}</p>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-slate-600">
        {isTrial ? (
          <>
            <dt>{sub.cancel_at_period_end ? "Trial ends" : "Trial ends, first payment"}</dt>
            <dd className="text-slate-900">{formatDate(sub.trial_end)}</dd>
          </>
        ) : null}
        {periodEnd && !(isTrial && !sub.cancel_at_period_end) ? (
          <>
            <dt>{sub.cancel_at_period_end ? "Ends on" : "Renews on"}</dt>
            <dd className="text-slate-900">{periodEnd}</dd>
          </>
        ) : null}
        <dt>Subscribed since</dt>
        <dd className="text-slate-900">{formatDate(sub.create_at)}</dd>
      </dl>
      {plan.is_free ? <p className="mt-2 text-amber-800">Until it is paid, the free plan applies.</p> : null}
    </div>
  );
}

function QuizResult({ quiz }: { quiz: AdminUserOverview["quizzes"]["recent"][number] }) {
  if (quiz.status === "in_progress") return <Badge tone="info">In progress</Badge>;
  const score = quiz.score ?? 0;
  return (
    <span className="flex items-center gap-2">
      {quiz.status === "expired" ? <Badge tone="quiet">Time ran out</Badge> : null}
      <Badge tone={score >= 0.7 ? "good" : score >= 0.5 ? "warn" : "bad"}>
        {formatPercent(score)} · {quiz.correct_count ?? 0}/{quiz.total}
      </Badge>
    </span>
  );
}

/** When the person last signed in, from the overview (loaded once for the whole panel). */
function LastSignIn({ id }: { id: number }) {
  const overview = useUserOverviewQuery(id);
  if (overview.isPending) return <span className="text-slate-500">Loading…</span>;
  if (overview.isError) return <span className="text-slate-500">Not available</span>;
  const at = overview.data.last_sign_in_at;
  return at ? <time dateTime={at}>{formatDateTime(at)}</time> : <span>Never</span>;
}

function Activity({ id }: { id: number }) {
  const overview = useUserOverviewQuery(id);
  if (overview.isPending) return <Spinner label="Loading plan and activity…" />;
  if (overview.isError)
    return (
      <Alert>
        <p>
          We could not load this person's plan and activity.{" "}
          <button type="button" onClick={() => overview.refetch()} className="font-semibold underline">
            Try again
          </button>
        </p>
      </Alert>
    );
  const { plan, quizzes, payments } = overview.data;
  return (
    <>
      <Section title="Plan">
        <Plan plan={plan} />
      </Section>

      <Section title="Quizzes">
        <dl className="grid grid-cols-3 gap-2">
          <Stat label="Taken" value={quizzes.taken} />
          <Stat label="Average score" value={quizzes.average_score === null ? "—" : formatPercent(quizzes.average_score)} />
          <Stat label="In progress" value={quizzes.in_progress} />
        </dl>
        {quizzes.recent.length ? (
          <ul aria-label="Recent quizzes" className="mt-3 divide-y divide-slate-100 rounded-lg border border-slate-200">
            {quizzes.recent.map((q) => (
              <li key={q.id} className="flex items-center justify-between gap-3 px-3 py-2.5">
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{q.title}</span>
                  <span className="block text-xs text-slate-500">
                    {q.mode === "exam" ? "Exam" : "Practice"} · {formatDate(q.submitted_at ?? q.created_at)}
                  </span>
                </span>
                <QuizResult quiz={q} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-slate-600">No quizzes yet.</p>
        )}
      </Section>

      <Section
        title="Payments"
        aside={
          payments.paid.some((p) => p.amount > 0) ? (
            <span className="text-slate-600">
              Paid in total:{" "}
              <span className="font-semibold text-slate-900">
                {payments.paid
                  .filter((p) => p.amount > 0)
                  .map((p) => formatMoney(p.amount, p.currency))
                  .join(" + ")}
              </span>
            </span>
          ) : null
        }
      >
        {payments.invoices.length ? (
          <ul aria-label="Latest invoices" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {payments.invoices.map((invoice) => {
              return (
                <li key={invoice.id} className="flex items-center justify-between gap-3 px-3 py-2.5">
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900">{invoice.description || invoice.number || "Invoice"}</span>
                    <span className="block text-xs text-slate-500">
                      {[invoice.number, formatDate(invoice.create_at)].filter(Boolean).join(" · ")}
                    </span>
                  </span>
                  <span className="flex shrink-0 items-center gap-2">
                    <span className="font-medium text-slate-900 tabular-nums">
                      {formatMoney(invoice.status === "paid" ? invoice.amount_paid : invoice.amount_due, invoice.currency)}
                    </span>
                    <StatusBadge status={invoice.status} />
                  </span>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="text-slate-600">No payments yet.</p>
        )}
      </Section>
    </>
  );
}

const initialsOf = (row: Row) =>
  `${String(row.first_name ?? "").slice(0, 1)}${String(row.last_name ?? "").slice(0, 1)}`.toUpperCase() ||
  String(row.email ?? "?")
    .slice(0, 1)
    .toUpperCase();

/** The view panel of an account: who they are, and for a candidate their plan, quizzes and payments. */
export function UserDetails({ row }: { row: Row }) {
  const name = `${String(row.first_name ?? "")} ${String(row.last_name ?? "")}`.trim();
  const isCandidate = row.role === "user";
  // Your own two-factor sign-in is turned off from your profile, with a code.
  const { user: currentUserId, staffRole } = useAuth().state;
  const canVerify = hasPermission(staffRole, "users.verify");
  const canResetTwoFactor = hasPermission(staffRole, "users.reset-two-factor");
  const canAccommodate = isCandidate && hasPermission(staffRole, "users.accommodations");
  return (
    <div className="space-y-6 text-sm">
      <div className="flex items-center gap-4">
        {typeof row.photo === "string" && row.photo ? (
          <img src={row.photo} alt="" className="size-14 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-14 items-center justify-center rounded-full bg-red-50 text-lg font-semibold text-red-800"
          >
            {initialsOf(row)}
          </span>
        )}
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-slate-900">{name || "No name given"}</p>
          <p className="truncate text-slate-600">{String(row.email)}</p>
          <p className="mt-1 flex flex-wrap gap-1.5">
            <Badge tone={isCandidate ? "info" : "quiet"}>
              {isCandidate ? "Candidate" : `Staff: ${STAFF_ROLE_LABELS[row.staff_role as StaffRole] ?? "unknown role"}`}
            </Badge>
            <Badge tone={row.status === "active" ? "good" : "quiet"}>{row.status === "active" ? "Active" : "Disabled"}</Badge>
          </p>
        </div>
      </div>

      <Section title="Profile">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          <dt className="text-slate-600">Email verified</dt>
          <dd className="text-slate-900">
            {row.email_verified ? (
              "Yes"
            ) : (
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                Not yet
                {canVerify ? (
                  <>
                    <MarkEmailConfirmed
                      userId={row.id}
                      email={String(row.email)}
                      className="font-semibold text-red-800 underline underline-offset-2 hover:text-red-900 disabled:opacity-60"
                    />
                    <ResendConfirmation
                      userId={row.id}
                      email={String(row.email)}
                      className="font-semibold text-red-800 underline underline-offset-2 hover:text-red-900 disabled:opacity-60"
                    />
                  </>
                ) : null}
              </span>
            )}
          </dd>
          <dt className="text-slate-600">Two-factor sign-in</dt>
          <dd className="text-slate-900">
            {row.two_factor_enabled ? (
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                On
                {row.id !== currentUserId && canResetTwoFactor ? (
                  <ResetTwoFactor userId={row.id} email={String(row.email)} isStaff={!isCandidate} />
                ) : null}
              </span>
            ) : (
              "Off"
            )}
          </dd>
          <dt className="text-slate-600">Time zone</dt>
          <dd className="text-slate-900">{String(row.time_zone ?? "UTC")}</dd>
          <dt className="text-slate-600">Joined</dt>
          <dd className="text-slate-900">{formatDate(String(row.created_at))}</dd>
          <dt className="text-slate-600">Last signed in</dt>
          <dd className="text-slate-900">
            <LastSignIn id={row.id} />
          </dd>
        </dl>
      </Section>

      {canAccommodate ? (
        <Section title="Accommodations">
          <AccommodationPanel userId={row.id} />
        </Section>
      ) : null}

      {isCandidate ? (
        <Activity id={row.id} />
      ) : (
        <p className="rounded-lg bg-slate-50 p-3 text-slate-600">Staff accounts have no plan, quizzes or payments.</p>
      )}
    </div>
  );
}
