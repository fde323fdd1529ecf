import type { Role } from "@academy/contract/common";
import {
  type CreatePmBoardRequest,
  type CreatePmCardRequest,
  type CreatePmWorkspaceRequest,
  type MovePmCardRequest,
  PM_COLUMN_TITLES,
  PM_COLUMNS,
  type PmBoard,
  type PmBoardListQuery,
  type PmBoardPage,
  type PmColumn,
  type PmWorkspace,
  type PmWorkspaceListQuery,
  type PmWorkspacePage,
} from "@academy/contract/pm";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { badRequest, forbidden, notFound } from "../../lib/http-error.ts";
import { dashboard, getOnboarding, listTracks } from "../quiz/service.ts";
import * as repo from "./repo.ts";

export type Viewer = { id: number; role: Role };
const isStaff = (v: Viewer) => v.role === "admin";

// ---------------------------------------------------------------- shapes

function toWorkspace(row: repo.WorkspaceRow): PmWorkspace {
  return {
    id: row.id,
    owner: { id: row.ownerId, name: `${row.ownerFirstName} ${row.ownerLastName}`.trim() || row.ownerEmail, email: row.ownerEmail },
    name: row.name,
    description: row.description,
    board_count: row.boardCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toBoard(board: repo.BoardRow, cards: repo.CardRow[]): PmBoard {
  return {
    id: board.id,
    workspace_id: board.workspaceId,
    name: board.name,
    columns: PM_COLUMNS.map((key) => ({
      key,
      title: PM_COLUMN_TITLES[key],
      cards: cards
        .filter((c) => c.boardId === board.id && c.column === key)
        .sort((a, b) => a.position - b.position || a.id - b.id)
        .map((c) => ({
          id: c.id,
          board_id: c.boardId,
          column: c.column,
          position: c.position,
          kind: c.kind,
          ref: c.ref,
          title: c.title,
          note: c.note,
          updated_at: c.updatedAt.toISOString(),
        })),
    })),
    created_at: board.createdAt.toISOString(),
    updated_at: board.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------- access

/** The owner and staff see a workspace; to anyone else it does not exist (404). */
async function readableWorkspace(db: Db, viewer: Viewer, id: number) {
  const ws = await repo.findWorkspace(db, id);
  if (!ws || (ws.ownerId !== viewer.id && !isStaff(viewer))) throw notFound("Workspace not found");
  return ws;
}

/** Only the owner changes a board; staff who can see it get 403, others 404. */
function checkWriter(ownerId: number, viewer: Viewer, what: string) {
  if (ownerId === viewer.id) return;
  if (isStaff(viewer)) throw forbidden("Staff can see a learner's study plan; only the learner changes it");
  throw notFound(`${what} not found`);
}

// ---------------------------------------------------------------- the study plan

const pct = (x: number) => `${Math.round(x * 100)}%`;

/**
 * Theme cards from the onboarding answers and the learner's mastery: the chosen themes (all of the
 * track's when none were chosen), weakest first in "to study"; a theme already mastered with
 * enough answers behind it starts in "ready".
 */
async function studyPlanCards(db: Db, userId: number) {
  const [profile, dash] = await Promise.all([getOnboarding(db, userId), dashboard(db, userId)]);
  const chosen = new Set((profile as { themes?: string[] }).themes ?? []);
  const themes = dash.mastery
    .filter((m) => chosen.size === 0 || chosen.has(m.theme))
    .sort((a, b) => a.mastery - b.mastery || b.weight - a.weight);
  const place = { to_study: 0, studying: 0, ready: 0 };
  return themes.map((m) => {
    const column: PmColumn = m.answered >= 20 && m.low >= 0.75 ? "ready" : "to_study";
    return {
      kind: "theme" as const,
      ref: m.theme,
      title: m.themeName,
      note: m.answered ? `Mastery ${pct(m.mastery)} from ${m.answered} answers` : "Not practised yet",
      column,
      position: place[column]++,
    };
  });
}

type PlanCards = Awaited<ReturnType<typeof studyPlanCards>>;

/**
 * Adds the plan's theme cards a board lacks, after the cards already in each column. The cards are
 * worked out before the transaction opens: the embedded database has one connection, which the
 * transaction holds.
 */
async function addStudyPlanCards(tx: repo.Tx, boardId: number, cards: PlanCards) {
  const sizes = await repo.columnSizes(tx, boardId);
  return repo.insertCards(
    tx,
    boardId,
    cards.map((c) => ({ ...c, position: c.position + (sizes.get(c.column) ?? 0) })),
  );
}

// ---------------------------------------------------------------- workspaces

export async function listWorkspaces(db: Db, viewer: Viewer, q: z.output<typeof PmWorkspaceListQuery>): Promise<PmWorkspacePage> {
  // A candidate asking for someone else's workspaces gets an empty list, as for a filter that matches nothing.
  const ownerId = isStaff(viewer) ? q.user_id : q.user_id && q.user_id !== viewer.id ? -1 : viewer.id;
  const { rows, total } = await repo.pageWorkspaces(db, ownerId, q.limit, (q.page - 1) * q.limit);
  return { error: false, list: rows.map(toWorkspace), total, limit: q.limit, num_pages: Math.ceil(total / q.limit), page: q.page };
}

export async function getWorkspace(db: Db, viewer: Viewer, id: number): Promise<PmWorkspace> {
  return toWorkspace(await readableWorkspace(db, viewer, id));
}

export async function createWorkspace(db: Db, viewer: Viewer, body: z.output<typeof CreatePmWorkspaceRequest>): Promise<PmWorkspace> {
  const cards = body.template === "study_plan" ? await studyPlanCards(db, viewer.id) : null;
  const id = await db.transaction(async (tx) => {
    const wsId = await repo.insertWorkspace(tx, { ownerId: viewer.id, name: body.name, description: body.description.trim() });
    if (cards) {
      const boardId = await repo.insertBoard(tx, wsId, "Study plan");
      await addStudyPlanCards(tx, boardId, cards);
    }
    return wsId;
  });
  return getWorkspace(db, viewer, id);
}

// ---------------------------------------------------------------- boards

export async function listBoards(db: Db, viewer: Viewer, workspaceId: number, q: z.output<typeof PmBoardListQuery>): Promise<PmBoardPage> {
  await readableWorkspace(db, viewer, workspaceId);
  const { rows, total } = await repo.pageBoards(db, workspaceId, {
    sort: q.sortId,
    direction: q.direction.toLowerCase() as "asc" | "desc",
    limit: q.limit,
    offset: (q.page - 1) * q.limit,
  });
  const cards = await repo.cardsOfBoards(
    db,
    rows.map((b) => b.id),
  );
  return {
    error: false,
    list: rows.map((b) => toBoard(b, cards)),
    total,
    limit: q.limit,
    num_pages: Math.ceil(total / q.limit),
    page: q.page,
  };
}

async function boardAnswer(db: Db, boardId: number): Promise<PmBoard> {
  const found = await repo.findBoard(db, boardId);
  if (!found) throw notFound("Board not found");
  return toBoard(found.board, await repo.cardsOfBoards(db, [boardId]));
}

export async function createBoard(
  db: Db,
  viewer: Viewer,
  workspaceId: number,
  body: z.output<typeof CreatePmBoardRequest>,
): Promise<PmBoard> {
  const ws = await readableWorkspace(db, viewer, workspaceId);
  checkWriter(ws.ownerId, viewer, "Workspace");
  const cards = body.template === "study_plan" ? await studyPlanCards(db, viewer.id) : null;
  const boardId = await db.transaction(async (tx) => {
    const id = await repo.insertBoard(tx, workspaceId, body.name);
    if (cards) await addStudyPlanCards(tx, id, cards);
    return id;
  });
  return boardAnswer(db, boardId);
}

async function writableBoard(db: Db, viewer: Viewer, boardId: number) {
  const found = await repo.findBoard(db, boardId);
  if (!found || (found.ownerId !== viewer.id && !isStaff(viewer))) throw notFound("Board not found");
  checkWriter(found.ownerId, viewer, "Board");
  return found;
}

/** Adds the theme cards of the learner's current onboarding answers and weak themes that the board lacks. */
export async function refreshStudyPlan(db: Db, viewer: Viewer, boardId: number) {
  await writableBoard(db, viewer, boardId);
  const cards = await studyPlanCards(db, viewer.id);
  const added = await db.transaction(async (tx) => {
    await repo.lockBoardCards(tx, boardId);
    return addStudyPlanCards(tx, boardId, cards);
  });
  return { added, board: await boardAnswer(db, boardId) };
}

// ---------------------------------------------------------------- cards

export async function addCard(db: Db, viewer: Viewer, boardId: number, body: z.output<typeof CreatePmCardRequest>): Promise<PmBoard> {
  await writableBoard(db, viewer, boardId);
  if (body.kind === "theme") {
    const known = new Set((await listTracks(db)).flatMap((t) => t.themes.map((th) => th.slug)));
    if (!known.has(body.ref)) throw badRequest(`Unknown theme: ${body.ref}`, { ref: "Unknown theme" });
  }
  await db.transaction(async (tx) => {
    await repo.lockBoardCards(tx, boardId);
    const sizes = await repo.columnSizes(tx, boardId);
    const added = await repo.insertCards(tx, boardId, [
      {
        kind: body.kind,
        ref: body.ref,
        title: body.title,
        note: body.note.trim(),
        column: body.column,
        position: sizes.get(body.column) ?? 0,
      },
    ]);
    if (!added) throw badRequest("This board already has that card", { ref: "Already on the board" });
    await repo.touchBoard(tx, boardId);
  });
  return boardAnswer(db, boardId);
}

/** Moves a card to a column and a place in it; the other cards of both columns close up around it. */
export async function moveCard(db: Db, viewer: Viewer, cardId: number, body: z.output<typeof MovePmCardRequest>): Promise<PmBoard> {
  const found = await repo.findCard(db, cardId);
  if (!found || (found.ownerId !== viewer.id && !isStaff(viewer))) throw notFound("Card not found");
  checkWriter(found.ownerId, viewer, "Card");
  const boardId = found.card.boardId;
  await db.transaction(async (tx) => {
    const cards = await repo.lockBoardCards(tx, boardId);
    const card = cards.find((c) => c.id === cardId);
    if (!card) throw notFound("Card not found");
    const columns = new Map<repo.ColumnKey, repo.CardRow[]>(
      PM_COLUMNS.map((k) => [k, cards.filter((c) => c.column === k && c.id !== cardId)]),
    );
    const target = columns.get(body.column)!;
    target.splice(Math.min(body.position, target.length), 0, { ...card, column: body.column });
    for (const key of new Set([card.column, body.column])) {
      const list = columns.get(key)!;
      for (const [position, c] of list.entries()) {
        const before = cards.find((x) => x.id === c.id)!;
        if (before.column !== key || before.position !== position) await repo.setCardPlace(tx, c.id, key, position, c.id === cardId);
      }
    }
    await repo.touchBoard(tx, boardId);
  });
  return boardAnswer(db, boardId);
}

export async function deleteCard(db: Db, viewer: Viewer, cardId: number): Promise<PmBoard> {
  const found = await repo.findCard(db, cardId);
  if (!found || (found.ownerId !== viewer.id && !isStaff(viewer))) throw notFound("Card not found");
  checkWriter(found.ownerId, viewer, "Card");
  const boardId = found.card.boardId;
  await db.transaction(async (tx) => {
    const cards = await repo.lockBoardCards(tx, boardId);
    await repo.deleteCard(tx, cardId);
    const rest = cards.filter((c) => c.column === found.card.column && c.id !== cardId);
    for (const [position, c] of rest.entries()) if (c.position !== position) await repo.setCardPlace(tx, c.id, c.column, position, false);
    await repo.touchBoard(tx, boardId);
  });
  return boardAnswer(db, boardId);
}
