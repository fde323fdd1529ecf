import type { DashboardModel } from "@academy/contract/quiz";
import { linkClass } from "../../../components/ui/styles";
import { Link } from "../../../lib/navigation";

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** The candidate's latest quizzes, each opening where it stands (in progress, or its results). */
export function RecentQuizzes({ recent }: { recent: DashboardModel["recent"] }) {
  return (
    <section aria-labelledby="recent-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="recent-heading" className="mb-2 font-semibold text-slate-900">
        Recent quizzes
      </h2>
      <ul className="divide-y divide-slate-100">
        {recent.map((q) => (
          <li key={q.id} className="flex items-center justify-between gap-3 py-2 text-sm">
            <Link
              className={linkClass}
              to={q.status === "in_progress" ? `/user/onboarding/quiz?id=${q.id}` : `/user/onboarding/singlequiz/${q.id}`}
            >
              {q.title}
            </Link>
            <span className="text-slate-600">
              {new Date(q.createdAt).toLocaleDateString()} · {q.score !== null ? pct(q.score) : "in progress"}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
