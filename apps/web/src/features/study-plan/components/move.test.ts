import type { PmBoard, PmCard } from "@academy/contract/pm";
import { describe, expect, it } from "vitest";
import { applyMove } from "./move";

const card = (id: number, column: PmCard["column"], position: number): PmCard => ({
  id,
  board_id: 1,
  column,
  position,
  kind: "theme",
  ref: `t${id}`,
  title: `Theme ${id}`,
  note: "",
  updated_at: "2026-01-01T00:00:00.000Z",
});
const board: PmBoard = {
  id: 1,
  workspace_id: 1,
  name: "Study plan",
  created_at: "",
  updated_at: "",
  columns: [
    { key: "to_study", title: "To study", cards: [card(1, "to_study", 0), card(2, "to_study", 1), card(3, "to_study", 2)] },
    { key: "studying", title: "Studying", cards: [card(4, "studying", 0)] },
    { key: "ready", title: "Ready", cards: [] },
  ],
};
const ids = (b: PmBoard, i: number) => b.columns[i]!.cards.map((c) => [c.id, c.position]);

describe("applyMove (what the board shows before the server answers)", () => {
  it("moves a card to another column at a place, closing the gap it left", () => {
    const next = applyMove(board, { card: board.columns[0]!.cards[1]!, column: "studying", position: 0 });
    expect(ids(next, 0)).toEqual([
      [1, 0],
      [3, 1],
    ]);
    expect(ids(next, 1)).toEqual([
      [2, 0],
      [4, 1],
    ]);
    expect(next.columns[1]!.cards[0]!.column).toBe("studying");
  });

  it("reorders within a column and puts a card past the end last", () => {
    expect(ids(applyMove(board, { card: board.columns[0]!.cards[2]!, column: "to_study", position: 0 }), 0)).toEqual([
      [3, 0],
      [1, 1],
      [2, 2],
    ]);
    expect(ids(applyMove(board, { card: board.columns[0]!.cards[0]!, column: "ready", position: 99 }), 2)).toEqual([[1, 0]]);
  });

  it("leaves the board it was given as it was", () => {
    applyMove(board, { card: board.columns[0]!.cards[0]!, column: "ready", position: 0 });
    expect(ids(board, 0)).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
    ]);
  });
});
