import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass } from "../../../components/ui/styles";
import { toFormError } from "../../../lib/api-client";
import { setQuestionStatus, useStatsQuery } from "../api/question-bank";
/** How each question performs, and the ones flagged for review. */
export function StatsTab() {
  const stats = useStatsQuery();
  const [sent, setSent] = useState<Record<number, string>>({});
  async function sendToReview(id: number) {
    try {
      await setQuestionStatus(id, "review");
      setSent((m) => ({ ...m, [id]: "In review: candidates no longer get it" }));
    } catch (failure) {
      setSent((m) => ({ ...m, [id]: toFormError(failure).message }));
    }
  }
  if (stats.isPending) return <Spinner />;
  if (stats.isError) return <Alert>{stats.error.message}</Alert>;
  const { list, reliability, queue } = stats.data;
  return (
    <div className="space-y-4">
      <section aria-labelledby="queue-heading" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <h2 id="queue-heading" className="font-semibold text-slate-900">
          Review queue ({queue.length})
        </h2>
        <p className="text-xs text-slate-500">
          Questions in review are not asked. The statistics send a question here on their own once 10 answers show a problem; edit it, then
          set it active again (it is not sent back for the same reason).
        </p>
        {queue.length ? (
          <ul className="mt-2 divide-y divide-slate-100 text-sm">
            {queue.map((q) => (
              <li key={q.id} className="py-2">
                <span className="block font-mono text-xs text-slate-500">{q.contentId}</span>
                {q.stem}
                {q.reason ? <span className="block text-xs text-amber-800">Sent by the statistics: {q.reason}</span> : null}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-slate-600">Nothing waits for review.</p>
        )}
        <p className="mt-3 text-sm text-slate-700">
          Reliability of the timed mock exams (KR-20):{" "}
          {reliability.kr20 === null
            ? `needs 5 finished mock exams (${reliability.exams} so far)`
            : `${reliability.kr20.toFixed(2)} over ${reliability.exams} exams (0.8 or more is good)`}
        </p>
      </section>
      {list.length === 0 ? <Alert tone="info">No answers yet: statistics appear once candidates finish quizzes.</Alert> : null}
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <p className="p-3 text-xs text-slate-500">
          Discrimination is the correlation between getting this question right and doing well on the rest (above 0.2 is good). Options show
          the share who picked each, overall and among the strongest / weakest 27%. Questions are judged after 10 answers.
        </p>
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              <th className="px-3 py-2 font-medium">Question</th>
              <th className="px-3 py-2 font-medium">Answered</th>
              <th className="px-3 py-2 font-medium">Right</th>
              <th className="px-3 py-2 font-medium">Discrimination</th>
              <th className="px-3 py-2 font-medium">Flag</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {list.map((s) => (
              <tr key={s.id} className={s.doubtful ? "bg-amber-50" : ""}>
                <td className="max-w-md px-3 py-2">
                  <span className="block font-mono text-xs text-slate-500">{s.contentId}</span>
                  {s.stem}
                  {s.distractors.length ? (
                    <ul className="mt-1 text-xs text-slate-600">
                      {s.distractors.map((d) => (
                        <li key={d.id}>
                          {d.id}
                          {d.correct ? " (key)" : ""}: {Math.round(d.share * 100)}% · strong {Math.round(d.upper * 100)}% / weak{" "}
                          {Math.round(d.lower * 100)}%{d.note ? ` · ${d.note}` : ""}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
                <td className="px-3 py-2">{s.answered}</td>
                <td className="px-3 py-2">{Math.round(s.shareRight * 100)}%</td>
                <td className="px-3 py-2">{s.discrimination === null ? "–" : s.discrimination.toFixed(2)}</td>
                <td className="px-3 py-2 text-amber-800">
                  {s.reason ?? ""}
                  {s.doubtful ? (
                    sent[s.id] ? (
                      <span role="status" className="block text-xs text-slate-700">
                        {sent[s.id]}
                      </span>
                    ) : (
                      <button type="button" className={`${buttonClass.ghost} mt-1`} onClick={() => sendToReview(s.id)}>
                        Send to review
                      </button>
                    )
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
