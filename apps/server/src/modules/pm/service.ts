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
  type PmCardKind,
  type PmColumn,
  type PmWorkspace,
  type PmWorkspaceListQuery,
  type PmWorkspacePage,
} from "@academy/contract/pm";
import type { StaffRole } from "@academy/contract/staff";
import type { z } from "zod";
import type { Db } from "../../db/client.ts";
import { badRequest, forbidden, notFound } from "../../lib/http-error.ts";
import { can } from "../../lib/permissions.ts";
import { type PlanSession, sessionOfCandidate, sessionsOfCandidate } from "../coaching/service.ts";
import { sectionForReader, sectionsForThemes } from "../library/service.ts";
import { dashboard, getOnboarding, listTracks } from "../quiz/service.ts";
import * as repo from "./repo.ts";

export type Viewer = { id: number; role: Role; staffRole: StaffRole | null };
/** Staff who read learners' study plans (`users.read`); no staff member changes one. */
const isStaff = (v: Viewer) => can(v, "users.read");

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
  if (viewer.role === "admin") throw forbidden("Staff can see a learner's study plan; only the learner changes it");
  throw notFound(`${what} not found`);
}

// ---------------------------------------------------------------- the study plan

const pct = (x: number) => `${Math.round(x * 100)}%`;
/** How many of the weakest themes get library cards, and how many sections each. */
const WEAK_THEMES = 3;
const SECTIONS_PER_THEME = 2;

type PlanCard = { kind: PmCardKind; ref: string; title: string; note: string; column: PmColumn };

/** A library card's reference: the document's slug and the section's anchor. */
const sectionRef = (document: string, anchor: string) => `${document}#${anchor}`;

/** "Coaching with Dana Cole on Tue 1 Dec, 14:00 CET", in the time zone the learner booked from. */
function coachingTitle(session: PlanSession): string {
  const options: Intl.DateTimeFormatOptions = {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  };
  let when: string;
  try {
    when = new Intl.DateTimeFormat("en-GB", { ...options, timeZone: session.timeZone }).format(session.start);
  } catch {
    when = new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" }).format(session.start);
  }
  return `Coaching with ${session.coachName || "your coach"} on ${when}`;
}

/**
 * The cards a learner's plan holds, in order:
 * - a theme card for each theme of the onboarding answers (all of the track's when none were
 *   chosen), weakest first in "to study"; a theme already mastered with enough answers behind it
 *   starts in "ready";
 * - after each of the weakest themes still to study, the best library sections their plan opens
 *   for it;
 * - each upcoming coaching session they booked.
 * Also which sessions were cancelled (their cards leave the board) and the current title of each
 * booked session (a moved session's card follows it).
 */
async function studyPlanCards(db: Db, owner: Viewer, now = Date.now()) {
  const [profile, dash, sessions] = await Promise.all([
    getOnboarding(db, owner.id),
    dashboard(db, owner.id),
    sessionsOfCandidate(db, owner.id),
  ]);
  const chosen = new Set((profile as { themes?: string[] }).themes ?? []);
  const themes = dash.mastery
    .filter((m) => chosen.size === 0 || chosen.has(m.theme))
    .sort((a, b) => a.mastery - b.mastery || b.weight - a.weight)
    .map((m) => ({ ...m, column: (m.answered >= 20 && m.low >= 0.75 ? "ready" : "to_study") as PmColumn }));
  const weak = themes.filter((m) => m.column === "to_study").slice(0, WEAK_THEMES);
  const sections = await sectionsForThemes(
    db,
    owner,
    weak.map((m) => m.theme),
    SECTIONS_PER_THEME,
  );
  const cards: PlanCard[] = [];
  for (const m of themes) {
    cards.push({
      kind: "theme",
      ref: m.theme,
      title: m.themeName,
      note: m.answered ? `Mastery ${pct(m.mastery)} from ${m.answered} answers` : "Not practised yet",
      column: m.column,
    });
    for (const s of sections.filter((x) => x.theme === m.theme))
      cards.push({ kind: "library", ref: sectionRef(s.document, s.anchor), title: s.heading, note: s.documentTitle, column: "to_study" });
  }
  const booked = sessions.filter((x) => x.status === "booked");
  for (const x of booked.filter((b) => b.end.getTime() > now).sort((a, b) => a.start.getTime() - b.start.getTime()))
    cards.push({ kind: "coaching", ref: String(x.id), title: coachingTitle(x), note: "", column: "to_study" });
  return {
    cards,
    cancelled: new Set(sessions.filter((x) => x.status === "cancelled").map((x) => String(x.id))),
    sessionTitles: new Map(booked.map((x) => [String(x.id), coachingTitle(x)])),
  };
}

type Plan = Awaited<ReturnType<typeof studyPlanCards>>;

/** Renumbers each column of `cards` from 0 in its order, writing only the places that changed. */
async function closeUp(tx: repo.Tx, cards: repo.CardRow[]) {
  for (const key of PM_COLUMNS) {
    const list = cards.filter((c) => c.column === key).sort((a, b) => a.position - b.position || a.id - b.id);
    for (const [position, c] of list.entries()) if (c.position !== position) await repo.setCardPlace(tx, c.id, key, position, false);
  }
}

/**
 * Adds the plan's cards a board lacks (by kind and reference), after the cards already in each
 * column; the cards already there stay where the learner put them. The plan is worked out before
 * the transaction opens: the embedded database has one connection, which the transaction holds.
 */
async function addStudyPlanCards(tx: repo.Tx, boardId: number, cards: PlanCard[], onBoard: repo.CardRow[]) {
  const have = new Set(onBoard.map((c) => `${c.kind}:${c.ref}`));
  const next = new Map<PmColumn, number>(PM_COLUMNS.map((k) => [k, onBoard.filter((c) => c.column === k).length]));
  const fresh = cards
    .filter((c) => !have.has(`${c.kind}:${c.ref}`))
    .map((c) => {
      const position = next.get(c.column)!;
      next.set(c.column, position + 1);
      return { ...c, position };
    });
  return repo.insertCards(tx, boardId, fresh);
}

/** Brings a board up to the plan: cancelled sessions leave, moved sessions are retitled, missing cards are added. */
async function applyPlan(tx: repo.Tx, boardId: number, plan: Plan) {
  const cards = await repo.lockBoardCards(tx, boardId);
  const gone = cards.filter((c) => c.kind === "coaching" && plan.cancelled.has(c.ref));
  for (const c of gone) await repo.deleteCard(tx, c.id);
  const kept = cards.filter((c) => !gone.includes(c));
  if (gone.length) await closeUp(tx, kept);
  for (const c of kept) {
    const title = c.kind === "coaching" ? plan.sessionTitles.get(c.ref) : undefined;
    if (title && title !== c.title) await repo.setCardTitle(tx, c.id, title);
  }
  const added = await addStudyPlanCards(tx, boardId, plan.cards, await repo.lockBoardCards(tx, boardId));
  return { added, removed: gone.length };
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
  const plan = body.template === "study_plan" ? await studyPlanCards(db, viewer) : null;
  const id = await db.transaction(async (tx) => {
    const wsId = await repo.insertWorkspace(tx, { ownerId: viewer.id, name: body.name, description: body.description.trim() });
    if (plan) {
      const boardId = await repo.insertBoard(tx, wsId, "Study plan");
      await applyPlan(tx, boardId, plan);
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
  const plan = body.template === "study_plan" ? await studyPlanCards(db, viewer) : null;
  const boardId = await db.transaction(async (tx) => {
    const id = await repo.insertBoard(tx, workspaceId, body.name);
    if (plan) await applyPlan(tx, id, plan);
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

/**
 * Brings the learner's board up to their plan: adds the theme, library section and coaching cards
 * it lacks, takes off the cards of cancelled sessions and retitles moved ones. Cards the learner
 * moved stay where they are.
 */
export async function refreshStudyPlan(db: Db, viewer: Viewer, boardId: number) {
  await writableBoard(db, viewer, boardId);
  const plan = await studyPlanCards(db, viewer);
  const { added, removed } = await db.transaction(async (tx) => {
    const result = await applyPlan(tx, boardId, plan);
    if (result.added || result.removed) await repo.touchBoard(tx, boardId);
    return result;
  });
  return { added, removed, board: await boardAnswer(db, boardId) };
}

// ---------------------------------------------------------------- cards

/**
 * What a card added by hand holds, checked against what it points at: a theme of the question bank,
 * a library section the learner's plan opens (its heading becomes the title, its document the
 * note), or one of the learner's booked sessions (titled with its coach and time).
 */
async function checkedCard(db: Db, viewer: Viewer, body: z.output<typeof CreatePmCardRequest>) {
  const card = { title: body.title, note: body.note.trim() };
  switch (body.kind) {
    case "theme": {
      const known = new Set((await listTracks(db)).flatMap((t) => t.themes.map((th) => th.slug)));
      if (!known.has(body.ref)) throw badRequest(`Unknown theme: ${body.ref}`, { ref: "Unknown theme" });
      return { ...card, ref: body.ref };
    }
    case "library": {
      const [document, anchor, ...rest] = body.ref.split("#");
      if (!document || !anchor || rest.length)
        throw badRequest("A library card's reference is <document>#<section>", { ref: "Use <document>#<section>" });
      const section = await sectionForReader(db, viewer, document, anchor);
      return { ref: sectionRef(section.document, section.anchor), title: section.heading, note: card.note || section.documentTitle };
    }
    case "coaching": {
      if (!/^[1-9][0-9]{0,9}$/.test(body.ref))
        throw badRequest("A coaching card's reference is the number of your booking", { ref: "Use the booking number" });
      const session = await sessionOfCandidate(db, viewer.id, Number(body.ref));
      if (session.status !== "booked") throw badRequest("This coaching session is cancelled", { ref: "Session cancelled" });
      return { ...card, ref: String(session.id), title: coachingTitle(session) };
    }
    default:
      return { ...card, ref: body.ref };
  }
}

export async function addCard(db: Db, viewer: Viewer, boardId: number, body: z.output<typeof CreatePmCardRequest>): Promise<PmBoard> {
  await writableBoard(db, viewer, boardId);
  const card = await checkedCard(db, viewer, body);
  await db.transaction(async (tx) => {
    await repo.lockBoardCards(tx, boardId);
    const sizes = await repo.columnSizes(tx, boardId);
    const added = await repo.insertCards(tx, boardId, [
      {
        kind: body.kind,
        ...card,
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
