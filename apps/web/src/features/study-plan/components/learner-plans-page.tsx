import { useQuery } from "@tanstack/react-query";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { toFormError } from "../../../lib/api-client";
import { useSearchParams } from "../../../lib/navigation";
import { listBoards } from "../api/boards";
import { listWorkspaces, planKeys } from "../api/workspaces";
import { BoardView } from "./board-view";

/** /admin/study-plans: a coach or staff member looks at a learner's study plan (read-only). */
export function LearnerPlansPage() {
  const [params, setParams] = useSearchParams();
  const workspaces = useQuery({ queryKey: planKeys.workspaces(-1), queryFn: () => listWorkspaces() });
  const chosen = Number(params.get("workspace")) || workspaces.data?.[0]?.id;
  const boards = useQuery({ queryKey: planKeys.boards(chosen ?? 0), queryFn: () => listBoards(chosen!), enabled: !!chosen });
  const failure = workspaces.error ?? boards.error;
  return (
    <div>
      <PageHeader title="Study plans" description="Each learner's study plan board as they keep it. Only the learner moves their cards." />
      {failure ? <Alert>{toFormError(failure).message}</Alert> : null}
      {workspaces.isPending ? <Spinner /> : null}
      {workspaces.data?.length === 0 ? (
        <p className="text-slate-600">No learner has a study plan yet. Plans appear once a candidate opens theirs.</p>
      ) : null}
      {workspaces.data?.length ? (
        <div className="mb-6 max-w-md">
          <label htmlFor="learner-plan" className="block text-sm font-medium text-slate-800">
            Learner
          </label>
          <select
            id="learner-plan"
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base sm:text-sm"
            value={chosen ?? ""}
            onChange={(e) => setParams({ workspace: e.target.value }, { replace: true })}
          >
            {workspaces.data.map((w) => (
              <option key={w.id} value={w.id}>
                {w.owner.name} ({w.owner.email}): {w.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {boards.data?.map((b) => (
        <section key={b.id} className="mb-8" aria-label={b.name}>
          <BoardView board={b} readOnly />
        </section>
      ))}
    </div>
  );
}
