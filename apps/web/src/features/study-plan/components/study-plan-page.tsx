import type { PmBoard } from "@academy/contract/pm";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { PageHeader } from "../../../components/ui/page-header";
import { Spinner } from "../../../components/ui/spinner";
import { buttonClass, linkClass } from "../../../components/ui/styles";
import { showToast } from "../../../components/ui/toast";
import { toFormError } from "../../../lib/api-client";
import { Link } from "../../../lib/navigation";
import { listBoards, moveCard, refreshBoard } from "../api/boards";
import { createStudyPlan, listWorkspaces, planKeys } from "../api/workspaces";
import { BoardView } from "./board-view";
import { applyMove, type MoveRequest } from "./move";

/**
 * /user/study-plan: the candidate's themes, the library sections to read for the weakest and their
 * booked coaching sessions in three columns, made from their onboarding answers and weak themes.
 */
export function StudyPlanPage() {
  const queryClient = useQueryClient();
  const workspaces = useQuery({ queryKey: planKeys.workspaces(), queryFn: () => listWorkspaces() });
  const create = useMutation({
    mutationFn: createStudyPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: planKeys.workspaces() }),
  });
  // The first visit makes the plan.
  const hasNone = workspaces.data?.length === 0;
  const { mutate: createPlan, isIdle } = create;
  useEffect(() => {
    if (hasNone && isIdle) createPlan();
  }, [hasNone, isIdle, createPlan]);

  const workspaceId = workspaces.data?.[0]?.id;
  const boards = useQuery({
    queryKey: planKeys.boards(workspaceId ?? 0),
    queryFn: () => listBoards(workspaceId!),
    enabled: !!workspaceId,
  });
  const board = boards.data?.[0];
  const [focusCardId, setFocusCardId] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState("");

  const setBoard = (next: PmBoard) =>
    queryClient.setQueryData<PmBoard[]>(planKeys.boards(workspaceId ?? 0), (old) =>
      old ? old.map((b) => (b.id === next.id ? next : b)) : [next],
    );

  const move = useMutation({
    mutationFn: (m: MoveRequest) => moveCard(m.card.id, m.column, m.position),
    onMutate: (m) => {
      const previous = board;
      if (board) setBoard(applyMove(board, m));
      return { previous };
    },
    onSuccess: (next, m) => {
      setBoard(next);
      const title = next.columns.find((c) => c.key === m.column)?.title ?? "";
      setAnnouncement(
        `${m.card.title} is in ${title}, position ${Math.min(m.position, (next.columns.find((c) => c.key === m.column)?.cards.length ?? 1) - 1) + 1}.`,
      );
    },
    onError: (e, _m, context) => {
      if (context?.previous) setBoard(context.previous);
      showToast(toFormError(e).message, "error");
    },
  });

  const refresh = useMutation({
    mutationFn: () => refreshBoard(board!.id),
    onSuccess: ({ model, added, removed }) => {
      setBoard(model);
      const parts = [
        added ? `added ${added} ${added === 1 ? "card" : "cards"}` : "",
        removed ? `took off ${removed} cancelled ${removed === 1 ? "session" : "sessions"}` : "",
      ].filter(Boolean);
      showToast(
        parts.length ? `Your plan is up to date: ${parts.join(" and ")}` : "Your plan already holds everything it suggests",
        "info",
      );
    },
    onError: (e) => showToast(toFormError(e).message, "error"),
  });

  const failure = workspaces.error ?? create.error ?? boards.error;
  const cardCount = board?.columns.reduce((n, c) => n + c.cards.length, 0) ?? 0;
  return (
    <div>
      <PageHeader
        title="Study plan"
        description="Your themes from onboarding, weakest first, with the library sections to read for the weakest and your booked coaching sessions. Move a card to Studying when you start on it, and to Ready once your practice scores hold up."
        actions={
          board ? (
            <button type="button" className={buttonClass.secondary} onClick={() => refresh.mutate()} disabled={refresh.isPending}>
              {refresh.isPending ? "Updating…" : "Update my plan"}
            </button>
          ) : null
        }
      />
      {failure ? <Alert>{toFormError(failure).message}</Alert> : null}
      {!failure && !board ? <Spinner label="Preparing your study plan…" /> : null}
      {board && cardCount === 0 ? (
        <div className="mb-4">
          <Alert tone="info">
            Your plan fills from your onboarding answers.{" "}
            <Link to="/user/onboarding/form" className={linkClass}>
              Choose your track and themes
            </Link>
            , then come back and press “Update my plan”.
          </Alert>
        </div>
      ) : null}
      {board ? (
        <>
          <p className="sr-only" role="status" aria-live="polite">
            {announcement}
          </p>
          <p className="mb-3 text-sm text-slate-600">
            Drag a card onto a column, or use its arrow buttons (they work from the keyboard too).
          </p>
          <BoardView
            board={board}
            focusCardId={focusCardId}
            onMove={(m) => {
              setFocusCardId(m.card.id);
              move.mutate(m);
            }}
          />
        </>
      ) : null}
    </div>
  );
}
