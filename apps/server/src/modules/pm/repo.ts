import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { pmBoards, pmCards, pmWorkspaces } from "../../db/schema/pm.ts";
import { users } from "../../db/schema/users.ts";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Conn = Db | Tx;
export type CardRow = typeof pmCards.$inferSelect;
export type BoardRow = typeof pmBoards.$inferSelect;
export type ColumnKey = CardRow["column"];

const workspaceColumns = {
  id: pmWorkspaces.id,
  ownerId: pmWorkspaces.ownerId,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  ownerEmail: users.email,
  name: pmWorkspaces.name,
  description: pmWorkspaces.description,
  createdAt: pmWorkspaces.createdAt,
  updatedAt: pmWorkspaces.updatedAt,
  boardCount: sql<number>`(select count(*) from ${pmBoards} where ${pmBoards.workspaceId} = ${pmWorkspaces.id})::int`,
};

/** Workspaces, of one owner or of everyone, oldest first. */
export async function pageWorkspaces(db: Db, ownerId: number | undefined, limit: number, offset: number) {
  const where = ownerId ? eq(pmWorkspaces.ownerId, ownerId) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(workspaceColumns)
      .from(pmWorkspaces)
      .innerJoin(users, eq(users.id, pmWorkspaces.ownerId))
      .where(where)
      .orderBy(asc(pmWorkspaces.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(pmWorkspaces).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
export type WorkspaceRow = Awaited<ReturnType<typeof pageWorkspaces>>["rows"][number];

export async function findWorkspace(db: Conn, id: number): Promise<WorkspaceRow | undefined> {
  const [row] = await db
    .select(workspaceColumns)
    .from(pmWorkspaces)
    .innerJoin(users, eq(users.id, pmWorkspaces.ownerId))
    .where(eq(pmWorkspaces.id, id));
  return row;
}

export async function insertWorkspace(tx: Tx, values: { ownerId: number; name: string; description: string }): Promise<number> {
  const [row] = await tx.insert(pmWorkspaces).values(values).returning({ id: pmWorkspaces.id });
  return row!.id;
}

export async function insertBoard(tx: Tx, workspaceId: number, name: string): Promise<number> {
  const [row] = await tx.insert(pmBoards).values({ workspaceId, name }).returning({ id: pmBoards.id });
  return row!.id;
}

const BOARD_SORTS = { id: pmBoards.id, name: pmBoards.name, created_at: pmBoards.createdAt, updated_at: pmBoards.updatedAt } as const;

export async function pageBoards(
  db: Db,
  workspaceId: number,
  opts: { sort: keyof typeof BOARD_SORTS; direction: "asc" | "desc"; limit: number; offset: number },
) {
  const column = BOARD_SORTS[opts.sort];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(pmBoards)
      .where(eq(pmBoards.workspaceId, workspaceId))
      .orderBy(opts.direction === "asc" ? asc(column) : desc(column), asc(pmBoards.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(pmBoards).where(eq(pmBoards.workspaceId, workspaceId)),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findBoard(db: Conn, id: number) {
  const [row] = await db
    .select({ board: pmBoards, ownerId: pmWorkspaces.ownerId })
    .from(pmBoards)
    .innerJoin(pmWorkspaces, eq(pmWorkspaces.id, pmBoards.workspaceId))
    .where(eq(pmBoards.id, id));
  return row;
}

export async function cardsOfBoards(db: Conn, boardIds: number[]): Promise<CardRow[]> {
  if (!boardIds.length) return [];
  return db
    .select()
    .from(pmCards)
    .where(inArray(pmCards.boardId, boardIds))
    .orderBy(asc(pmCards.column), asc(pmCards.position), asc(pmCards.id));
}

/** A card with the owner of its board. */
export async function findCard(db: Conn, id: number) {
  const [row] = await db
    .select({ card: pmCards, ownerId: pmWorkspaces.ownerId })
    .from(pmCards)
    .innerJoin(pmBoards, eq(pmBoards.id, pmCards.boardId))
    .innerJoin(pmWorkspaces, eq(pmWorkspaces.id, pmBoards.workspaceId))
    .where(eq(pmCards.id, id));
  return row;
}

/** The board's cards, locked for a move (concurrent moves on one board take turns). */
export async function lockBoardCards(tx: Tx, boardId: number): Promise<CardRow[]> {
  await tx.select({ id: pmBoards.id }).from(pmBoards).where(eq(pmBoards.id, boardId)).for("update");
  return tx.select().from(pmCards).where(eq(pmCards.boardId, boardId)).orderBy(asc(pmCards.position), asc(pmCards.id));
}

export async function setCardPlace(tx: Tx, id: number, column: ColumnKey, position: number, touched: boolean) {
  await tx
    .update(pmCards)
    .set(touched ? { column, position, updatedAt: new Date() } : { column, position })
    .where(eq(pmCards.id, id));
}

export async function touchBoard(tx: Tx, boardId: number) {
  await tx.update(pmBoards).set({ updatedAt: new Date() }).where(eq(pmBoards.id, boardId));
}

/** Adds cards a board does not hold yet (same kind and reference); answers how many were added. */
export async function insertCards(
  tx: Tx,
  boardId: number,
  cards: { kind: CardRow["kind"]; ref: string; title: string; note: string; column: ColumnKey; position: number }[],
): Promise<number> {
  if (!cards.length) return 0;
  const rows = await tx
    .insert(pmCards)
    .values(cards.map((c) => ({ ...c, boardId })))
    .onConflictDoNothing()
    .returning({ id: pmCards.id });
  return rows.length;
}

export async function columnSizes(tx: Tx, boardId: number): Promise<Map<ColumnKey, number>> {
  const rows = await tx
    .select({ column: pmCards.column, n: count() })
    .from(pmCards)
    .where(eq(pmCards.boardId, boardId))
    .groupBy(pmCards.column);
  return new Map(rows.map((r) => [r.column, r.n]));
}

export async function deleteCard(tx: Tx, id: number) {
  await tx.delete(pmCards).where(and(eq(pmCards.id, id)));
}

export async function setCardTitle(tx: Tx, id: number, title: string) {
  await tx.update(pmCards).set({ title, updatedAt: new Date() }).where(eq(pmCards.id, id));
}
