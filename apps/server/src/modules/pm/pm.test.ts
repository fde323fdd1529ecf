import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pmCards } from "../../db/schema/pm.ts";
import { createTestApp, TEST_ENV } from "../../test/app.ts";

const t = await createTestApp();
const P = "/v2/api/lambda/pm";
const Q = `/v3/api/custom/${TEST_ENV.PROJECT_ID}`;
const admin = await t.signUp("admin");

type Board = {
  id: number;
  columns: { key: string; cards: { id: number; ref: string; title: string; kind: string; position: number }[] }[];
};
const column = (board: Board, key: string) => board.columns.find((c) => c.key === key)!.cards;

async function learnerWithPlan(themes = ["airway-breathing", "circulation-cpr", "trauma-bleeding"]) {
  const u = await t.signUp("user");
  expect((await t.call("PUT", `${Q}/onboarding`, { token: u.token, body: { track: "ems", themes } })).statusCode).toBe(200);
  const ws = await t.call("POST", `${P}/workspaces`, { token: u.token, body: { name: "Study plan", template: "study_plan" } });
  expect(ws.statusCode, ws.body).toBe(200);
  const workspace = ws.json().model as { id: number };
  const boards = await t.call("GET", `${P}/workspaces/${workspace.id}/boards`, {
    token: u.token,
    query: { page: "1", limit: "10", sortId: "id", direction: "asc" },
  });
  expect(boards.statusCode).toBe(200);
  return { u, workspace, board: boards.json().list[0] as Board };
}

const countCards = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(pmCards))[0]!.n;

describe("study plan boards", () => {
  it("makes a study plan from the onboarding themes: one theme card each, in 'to study'", async () => {
    const { u, workspace, board } = await learnerWithPlan();
    expect(
      column(board, "to_study")
        .map((c) => c.ref)
        .sort(),
    ).toEqual(["airway-breathing", "circulation-cpr", "trauma-bleeding"]);
    expect(column(board, "to_study").map((c) => c.position)).toEqual([0, 1, 2]);
    expect(column(board, "to_study")[0]).toMatchObject({ kind: "theme", title: expect.any(String) });
    const list = await t.call("GET", `${P}/workspaces`, { token: u.token, query: { limit: "99999" } });
    expect(list.json()).toMatchObject({
      error: false,
      total: 1,
      limit: 99999,
      list: [{ id: workspace.id, name: "Study plan", board_count: 1 }],
    });
    expect((await t.call("GET", `${P}/workspaces/${workspace.id}`, { token: u.token })).json().model.name).toBe("Study plan");
  });

  it("moves a card between columns and within one, closing up the gaps", async () => {
    const { u, board } = await learnerWithPlan();
    const [first, second, third] = column(board, "to_study");
    let res = await t.call("POST", `${P}/cards/${second!.id}/move`, { token: u.token, body: { column: "studying", position: 0 } });
    expect(res.statusCode).toBe(200);
    let moved = res.json().model as Board;
    expect(column(moved, "studying").map((c) => c.id)).toEqual([second!.id]);
    expect(column(moved, "to_study").map((c) => [c.id, c.position])).toEqual([
      [first!.id, 0],
      [third!.id, 1],
    ]);
    res = await t.call("POST", `${P}/cards/${third!.id}/move`, { token: u.token, body: { column: "to_study", position: 0 } });
    moved = res.json().model;
    expect(column(moved, "to_study").map((c) => c.id)).toEqual([third!.id, first!.id]);
    res = await t.call("POST", `${P}/cards/${first!.id}/move`, { token: u.token, body: { column: "ready", position: 99 } });
    moved = res.json().model;
    expect(column(moved, "ready").map((c) => [c.id, c.position])).toEqual([[first!.id, 0]]);
  });

  it("adds generic cards (a kind, a reference and a title), checks theme references, and refreshes from onboarding", async () => {
    const { u, board } = await learnerWithPlan(["airway-breathing"]);
    const lib = await t.call("POST", `${P}/boards/${board.id}/cards`, {
      token: u.token,
      body: { kind: "library", ref: "doc:airway-adjuncts#opa", title: "Airway adjuncts: sizing an OPA" },
    });
    expect(lib.statusCode).toBe(200);
    expect(column(lib.json().model, "to_study").map((c) => c.kind)).toEqual(["theme", "library"]);
    const bad = await t.call("POST", `${P}/boards/${board.id}/cards`, {
      token: u.token,
      body: { kind: "theme", ref: "juggling", title: "Juggling" },
    });
    expect(bad.statusCode).toBe(400);
    const twice = await t.call("POST", `${P}/boards/${board.id}/cards`, {
      token: u.token,
      body: { kind: "library", ref: "doc:airway-adjuncts#opa", title: "Again" },
    });
    expect(twice.statusCode).toBe(400);

    expect(
      (await t.call("PUT", `${Q}/onboarding`, { token: u.token, body: { themes: ["airway-breathing", "trauma-bleeding"] } })).statusCode,
    ).toBe(200);
    const refreshed = await t.call("POST", `${P}/boards/${board.id}/refresh`, { token: u.token });
    expect(refreshed.json().added).toBe(1);
    expect(column(refreshed.json().model, "to_study").map((c) => c.ref)).toEqual([
      "airway-breathing",
      "doc:airway-adjuncts#opa",
      "trauma-bleeding",
    ]);
    expect((await t.call("POST", `${P}/boards/${board.id}/refresh`, { token: u.token })).json().added).toBe(0);
  });

  it("keeps boards to their owner: another candidate gets 404 and changes nothing; staff see but do not change", async () => {
    const { u, workspace, board } = await learnerWithPlan();
    const other = await t.signUp("user");
    const card = column(board, "to_study")[0]!;
    const before = await countCards();
    const attempts = [
      ["GET", `${P}/workspaces/${workspace.id}`, undefined],
      ["GET", `${P}/workspaces/${workspace.id}/boards`, undefined],
      ["POST", `${P}/workspaces/${workspace.id}/boards`, { name: "Mine now" }],
      ["POST", `${P}/boards/${board.id}/cards`, { kind: "note", ref: "x", title: "x" }],
      ["POST", `${P}/boards/${board.id}/refresh`, undefined],
      ["POST", `${P}/cards/${card.id}/move`, { column: "ready", position: 0 }],
      ["DELETE", `${P}/cards/${card.id}`, undefined],
    ] as const;
    for (const [method, url, body] of attempts) {
      const res = await t.call(method, url, { token: other.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain(card.title);
    }
    const theirs = await t.call("GET", `${P}/workspaces`, { token: other.token, query: { limit: "99999", user_id: String(u.user_id) } });
    expect(theirs.json()).toMatchObject({ total: 0, list: [] });
    expect((await t.call("GET", `${P}/workspaces`, { query: { limit: "99999" } })).statusCode).toBe(401);

    // A coach or staff member reads the learner's board, but moving their cards is the learner's.
    const staffList = await t.call("GET", `${P}/workspaces`, { token: admin.token, query: { limit: "99999", user_id: String(u.user_id) } });
    expect(staffList.json().list).toEqual([
      expect.objectContaining({ id: workspace.id, owner: expect.objectContaining({ id: u.user_id }) }),
    ]);
    const staffBoards = await t.call("GET", `${P}/workspaces/${workspace.id}/boards`, { token: admin.token });
    expect(column(staffBoards.json().list[0], "to_study").map((c) => c.id)).toContain(card.id);
    expect(
      (await t.call("POST", `${P}/cards/${card.id}/move`, { token: admin.token, body: { column: "ready", position: 0 } })).statusCode,
    ).toBe(403);

    expect(await countCards()).toBe(before);
    const after = await t.call("GET", `${P}/workspaces/${workspace.id}/boards`, { token: u.token });
    expect(column(after.json().list[0], "to_study").map((c) => c.id)).toEqual(column(board, "to_study").map((c) => c.id));
  });

  it("refuses page sizes beyond the limit and malformed moves", async () => {
    const { u, workspace, board } = await learnerWithPlan();
    expect((await t.call("GET", `${P}/workspaces`, { token: u.token, query: { limit: "100000" } })).statusCode).toBe(400);
    expect((await t.call("GET", `${P}/workspaces/${workspace.id}/boards`, { token: u.token, query: { limit: "101" } })).statusCode).toBe(
      400,
    );
    expect(
      (await t.call("GET", `${P}/workspaces/${workspace.id}/boards`, { token: u.token, query: { sortId: "owner_id;drop" } })).statusCode,
    ).toBe(400);
    const card = column(board, "to_study")[0]!;
    for (const body of [
      { column: "done", position: 0 },
      { column: "ready", position: -1 },
      { column: "ready" },
      { column: "ready", position: 0, extra: 1 },
    ])
      expect((await t.call("POST", `${P}/cards/${card.id}/move`, { token: u.token, body })).statusCode, JSON.stringify(body)).toBe(400);
    expect((await t.call("POST", `${P}/cards/999999/move`, { token: u.token, body: { column: "ready", position: 0 } })).statusCode).toBe(
      404,
    );
  });
});
