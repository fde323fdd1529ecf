import type { PmBoard, PmCard, PmColumn } from "@academy/contract/pm";

export type MoveRequest = { card: PmCard; column: PmColumn; position: number };

/** The board after a move, as the server will answer it: for showing the move at once. */
export function applyMove(board: PmBoard, { card, column, position }: MoveRequest): PmBoard {
  const columns = board.columns.map((c) => ({ ...c, cards: c.cards.filter((x) => x.id !== card.id) }));
  const target = columns.find((c) => c.key === column)!;
  target.cards.splice(Math.min(position, target.cards.length), 0, { ...card, column });
  return { ...board, columns: columns.map((c) => ({ ...c, cards: c.cards.map((x, i) => ({ ...x, position: i })) })) };
}
