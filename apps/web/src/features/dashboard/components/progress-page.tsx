import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { linkClass } from "../../../components/ui/styles";
import { Link } from "../../../lib/navigation";
import { type ProgressPoint, useProgressQuery } from "../api/get-dashboard";
import { emptyTrendMessage } from "../guidance";

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** Readiness after each finished quiz as a line with its band, in plain SVG. */
function TrendChart({ points, passMark }: { points: ProgressPoint[]; passMark: number | null }) {
  const w = 600;
  const h = 200;
  const pad = 30;
  const x = (i: number) => pad + (points.length === 1 ? (w - 2 * pad) / 2 : (i * (w - 2 * pad)) / (points.length - 1));
  const y = (v: number) => h - pad - v * (h - 2 * pad);
  const line = points.map((p, i) => `${i ? "L" : "M"}${x(i)},${y(p.readiness)}`).join(" ");
  const band = `${points.map((p, i) => `${i ? "L" : "M"}${x(i)},${y(p.high)}`).join(" ")} ${points
    .map((p, i) => `L${x(i)},${y(p.low)}`)
    .reverse()
    .join(" ")} Z`;
  return (
    <svg
      viewBox={`0 0 ${w} ${h}`}
      className="w-full"
      role="img"
      aria-label={`Expected exam score after each quiz: ${points.map((p) => `${pct(p.readiness)} (chance to pass ${pct(p.passProbability)})`).join(", ")}`}
    >
      {[0, 0.25, 0.5, 0.75, 1].map((v) => (
        <g key={v}>
          <line x1={pad} x2={w - pad} y1={y(v)} y2={y(v)} stroke="#e2e8f0" />
          <text x="0" y={y(v) + 4} fontSize="10" fill="#64748b">
            {pct(v)}
          </text>
        </g>
      ))}
      {passMark !== null ? (
        <g>
          <line x1={pad} x2={w - pad} y1={y(passMark)} y2={y(passMark)} stroke="#15803d" strokeDasharray="4 3" />
          <text x={w - pad} y={y(passMark) - 4} fontSize="10" fill="#15803d" textAnchor="end">
            pass mark {pct(passMark)}
          </text>
        </g>
      ) : null}
      <path d={band} fill="#fecaca" opacity="0.7" />
      <path d={line} fill="none" stroke="#b91c1c" strokeWidth="2" />
      {points.map((p, i) => (
        <circle key={p.quizId} cx={x(i)} cy={y(p.readiness)} r="3.5" fill="#b91c1c" />
      ))}
    </svg>
  );
}

export function ProgressPage() {
  const progress = useProgressQuery();
  const finished = progress.data?.attempts.filter((a) => a.status !== "in_progress").length ?? 0;
  const empty = emptyTrendMessage(finished);
  return (
    <>
      <PageHeader title="Progress" description="How your readiness has moved with each finished quiz, and every attempt." />
      {progress.isPending ? <Spinner /> : null}
      {progress.isError ? <Alert>{progress.error.message}</Alert> : null}
      {progress.data ? (
        <>
          <section aria-labelledby="trend-heading" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="trend-heading" className="mb-2 font-semibold text-slate-900">
              Readiness trend
            </h2>
            {progress.data.trend.length ? (
              <>
                <TrendChart points={progress.data.trend} passMark={progress.data.passMark} />
                <p className="mt-2 text-sm text-slate-600">
                  Latest: expected score {pct(progress.data.trend.at(-1)!.readiness)} (likely {pct(progress.data.trend.at(-1)!.low)}–
                  {pct(progress.data.trend.at(-1)!.high)}), chance to pass {pct(progress.data.trend.at(-1)!.passProbability)}.
                </p>
              </>
            ) : (
              <p className="text-sm text-slate-600" data-testid="trend-empty">
                {empty.text}{" "}
                <Link to={empty.to} className={linkClass}>
                  {empty.link}
                </Link>
              </p>
            )}
          </section>
          <section
            aria-labelledby="attempts-heading"
            className="relative mt-5 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
          >
            <h2 id="attempts-heading" className="p-5 pb-2 font-semibold text-slate-900">
              Attempts
            </h2>
            {progress.data.attempts.length === 0 ? (
              <p className="px-5 pb-5 text-sm text-slate-600">You have not started a quiz yet.</p>
            ) : (
              <table className="w-full text-left text-sm">
                <thead className="text-slate-500">
                  <tr>
                    <th className="px-5 py-2 font-medium">Date</th>
                    <th className="px-5 py-2 font-medium">Quiz</th>
                    <th className="px-5 py-2 font-medium">Score</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {progress.data.attempts.map((a) => (
                    <tr key={a.id}>
                      <td className="px-5 py-2">{new Date(a.createdAt).toLocaleDateString()}</td>
                      <td className="px-5 py-2">
                        <Link
                          className={linkClass}
                          to={a.status === "in_progress" ? `/user/onboarding/quiz?id=${a.id}` : `/user/onboarding/singlequiz/${a.id}`}
                        >
                          {a.title}
                        </Link>
                      </td>
                      <td className="px-5 py-2">
                        {a.status === "in_progress"
                          ? "In progress"
                          : a.score !== null
                            ? `${pct(a.score)} (${a.correctCount}/${a.total})`
                            : "Not scored"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      ) : null}
    </>
  );
}
