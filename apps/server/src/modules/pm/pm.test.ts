import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { libraryDocuments } from "../../db/schema/library.ts";
import { packages } from "../../db/schema/packages.ts";
import { pmCards } from "../../db/schema/pm.ts";
import { questions } from "../../db/schema/quiz.ts";
import { users } from "../../db/schema/users.ts";
import { DEMO_COACHES, seedCoaches } from "../../db/seed/coaches.ts";
import { createTestApp, TEST_ENV } from "../../test/app.ts";

const t = await createTestApp();
const P = "/v2/api/lambda/pm";
const Q = `/v3/api/custom/${TEST_ENV.PROJECT_ID}`;
const admin = await t.signUp("admin");

type Board = {
  id: number;
  columns: { key: string; cards: { id: number; ref: string; title: string; kind: string; note: string; position: number }[] }[];
};
const column = (board: Board, key: string) => board.columns.find((c) => c.key === key)!.cards;
const cardsOf = (board: Board, kind: string) => board.columns.flatMap((c) => c.cards).filter((c) => c.kind === kind);

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
      cardsOf(board, "theme")
        .map((c) => c.ref)
        .sort(),
    ).toEqual(["airway-breathing", "circulation-cpr", "trauma-bleeding"]);
    expect(cardsOf(board, "theme").every((c) => c.title && board.columns[0]!.cards.includes(c))).toBe(true);
    expect(column(board, "to_study").map((c) => c.position)).toEqual(column(board, "to_study").map((_, i) => i));
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
    // Themes whose documents the free plan does not open: theme cards only.
    const { u, board } = await learnerWithPlan(["trauma-bleeding", "patient-assessment", "medical-emergencies"]);
    expect(column(board, "to_study").map((c) => c.kind)).toEqual(["theme", "theme", "theme"]);
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

  it("adds cards by hand, checking what they point at, and refreshes from onboarding", async () => {
    const { u, workspace, board } = await learnerWithPlan(["airway-breathing"]);
    const add = (body: Record<string, unknown>) => t.call("POST", `${P}/boards/${board.id}/cards`, { token: u.token, body });
    const lib = await add({ kind: "library", ref: "circulation-cpr#using-an-aed", title: "whatever the browser says" });
    expect(lib.statusCode, lib.body).toBe(200);
    // The section's heading is the title and its document the note, whatever the request said.
    expect(column(lib.json().model, "to_study").at(-1)).toMatchObject({
      kind: "library",
      ref: "circulation-cpr#using-an-aed",
      title: "Using an AED",
      note: "Circulation and CPR",
    });
    const note = await add({ kind: "note", ref: "flashcards", title: "Make flashcards" });
    expect(note.statusCode).toBe(200);

    const refused: [Record<string, unknown>, number, RegExp][] = [
      [{ kind: "theme", ref: "juggling", title: "Juggling" }, 400, /Unknown theme/],
      [{ kind: "library", ref: "circulation-cpr", title: "No section" }, 400, /<document>#<section>/],
      [{ kind: "library", ref: "doc:airway-adjuncts#opa", title: "Made up" }, 404, /No such document/],
      [{ kind: "library", ref: "circulation-cpr#no-such-section", title: "Made up" }, 404, /No such section/],
      // A core document: the free plan does not open it.
      [{ kind: "library", ref: "trauma-bleeding#controlling-catastrophic-bleeding", title: "Locked" }, 403, /core library/],
      [{ kind: "coaching", ref: "next tuesday", title: "Coaching" }, 400, /number of your booking/],
      [{ kind: "coaching", ref: "999999", title: "Coaching" }, 404, /No such coaching session/],
      [{ kind: "library", ref: "circulation-cpr#using-an-aed", title: "Again" }, 400, /already has that card/],
      [{ kind: "note", ref: "flashcards", title: "Again" }, 400, /already has that card/],
    ];
    for (const [body, status, message] of refused) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toMatch(message);
    }

    expect(
      (await t.call("PUT", `${Q}/onboarding`, { token: u.token, body: { themes: ["airway-breathing", "circulation-cpr"] } })).statusCode,
    ).toBe(200);
    const before = await t.call("GET", `${P}/workspaces/${workspace.id}/boards`, { token: u.token });
    const kept = column(before.json().list[0], "to_study").map((c) => [c.id, c.position]);
    const refreshed = await t.call("POST", `${P}/boards/${board.id}/refresh`, { token: u.token });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const after = refreshed.json().model as Board;
    // The new theme and its sections come after the cards already there, which keep their places;
    // the AED section added by hand is not added twice.
    expect(
      column(after, "to_study")
        .slice(0, kept.length)
        .map((c) => [c.id, c.position]),
    ).toEqual(kept);
    const added = column(after, "to_study").slice(kept.length);
    expect(added.map((c) => c.kind)).toEqual(["theme", "library"]);
    expect(added[0]!.ref).toBe("circulation-cpr");
    expect(added[1]!.ref).toMatch(/^circulation-cpr#/);
    expect(refreshed.json()).toMatchObject({ added: 2, removed: 0 });
    expect(cardsOf(after, "library").filter((c) => c.ref === "circulation-cpr#using-an-aed")).toHaveLength(1);
    expect((await t.call("POST", `${P}/boards/${board.id}/refresh`, { token: u.token })).json()).toMatchObject({ added: 0, removed: 0 });
  });

  it("suggests the sections the weak themes' questions cite most, after each theme, never a locked one", async () => {
    // The sections of the airway document its active questions cite most, in reading order on a tie.
    const cites = await t.db
      .select({ anchor: sql<string>`${questions.reference}->>'section'`, n: sql<number>`count(*)::int` })
      .from(questions)
      .where(and(eq(questions.status, "active"), sql`${questions.reference}->>'document' = 'airway-breathing'`))
      .groupBy(sql`1`);
    const most = Math.max(...cites.map((c) => c.n));
    const top = cites.filter((c) => c.n === most).map((c) => c.anchor);

    const { board } = await learnerWithPlan(["airway-breathing", "circulation-cpr", "trauma-bleeding"]);
    const toStudy = column(board, "to_study");
    const library = cardsOf(board, "library");
    // Two sections for each weak theme whose document the free plan opens; the trauma document is core.
    expect(library.map((c) => c.ref.split("#")[0]).sort()).toEqual([
      "airway-breathing",
      "airway-breathing",
      "circulation-cpr",
      "circulation-cpr",
    ]);
    expect(top.some((a) => library.some((c) => c.ref === `airway-breathing#${a}`))).toBe(true);
    expect(library.find((c) => c.ref.startsWith("airway-breathing#"))).toMatchObject({ note: "Airway and breathing" });
    // Each theme's sections follow its theme card.
    for (const theme of ["airway-breathing", "circulation-cpr"]) {
      const at = toStudy.findIndex((c) => c.kind === "theme" && c.ref === theme);
      expect(toStudy.slice(at + 1, at + 3).map((c) => c.ref.split("#")[0])).toEqual([theme, theme]);
    }

    // Staff lock the best airway section for the core plan: a new plan no longer suggests it.
    const best = library.find((c) => c.ref.startsWith("airway-breathing#"))!.ref.split("#")[1]!;
    const [doc] = await t.db.select().from(libraryDocuments).where(eq(libraryDocuments.slug, "airway-breathing"));
    const lock = (tier: string | null) =>
      t.call("PUT", `/v2/api/library/admin/documents/${doc!.id}`, { token: admin.token, body: { sectionTiers: { [best]: tier } } });
    expect((await lock("core")).statusCode).toBe(200);
    try {
      const later = await learnerWithPlan(["airway-breathing"]);
      const refs = cardsOf(later.board, "library").map((c) => c.ref);
      expect(refs).toHaveLength(2);
      expect(refs).not.toContain(`airway-breathing#${best}`);
      const byHand = await t.call("POST", `${P}/boards/${later.board.id}/cards`, {
        token: later.u.token,
        body: { kind: "library", ref: `airway-breathing#${best}`, title: "Locked" },
      });
      expect(byHand.statusCode).toBe(403);
    } finally {
      expect((await lock(null)).statusCode).toBe(200);
    }
  });

  it("puts the learner's upcoming coaching sessions on the board, and takes a cancelled one off", async () => {
    await seedCoaches(t.db);
    await t.db.update(packages).set({ coachingSessionsPerMonth: 2 });
    const [dana] = await t.db.select().from(users).where(eq(users.email, DEMO_COACHES[0]!.email));
    const { u, workspace, board } = await learnerWithPlan(["airway-breathing"]);
    await t.db.update(users).set({ timeZone: "America/New_York" }).where(eq(users.id, u.user_id));
    const today = new Date().toISOString().slice(0, 10);
    const until = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    const slots = await t.call("POST", "/v2/api/lambda/scheduling/tz-month-schedules", {
      token: u.token,
      body: { userId: dana!.id, rangeStart: today, rangeEnd: until, tz: "UTC" },
    });
    const open = (slots.json() as { list: { slots: { start: string; end: string }[] }[] }).list
      .flatMap((d) => d.slots)
      .filter((x) => Date.parse(x.start) > Date.now() + 48 * 3_600_000);
    const [slot, later] = [open[0]!, open.at(-1)!];
    const booked = await t.call("POST", "/v2/api/lambda/scheduling/POST", {
      token: u.token,
      body: { user_id: u.user_id, coach_id: dana!.id, meeting_start: slot.start, meeting_end: slot.end },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const sessionId = String(booked.json().model.id);

    const refreshed = await t.call("POST", `${P}/boards/${board.id}/refresh`, { token: u.token });
    expect(refreshed.json()).toMatchObject({ added: 1, removed: 0 });
    const when = (iso: string) =>
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "America/New_York",
        weekday: "short",
        day: "numeric",
        month: "short",
        hour: "2-digit",
        minute: "2-digit",
        timeZoneName: "short",
      }).format(new Date(iso));
    expect(cardsOf(refreshed.json().model, "coaching")).toEqual([
      expect.objectContaining({ ref: sessionId, title: `Coaching with Dana Okafor on ${when(slot.start)}` }),
    ]);
    const card = cardsOf(refreshed.json().model, "coaching")[0]!;

    // Moved to another time, the session keeps its card, retitled at the next refresh.
    const moved = await t.call("POST", `/v2/api/lambda/scheduling/${sessionId}/reschedule`, {
      token: u.token,
      body: { meeting_start: later.start, meeting_end: later.end },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const retitled = await t.call("POST", `${P}/boards/${board.id}/refresh`, { token: u.token });
    expect(retitled.json()).toMatchObject({ added: 0, removed: 0 });
    expect(cardsOf(retitled.json().model, "coaching")).toEqual([
      expect.objectContaining({ id: card.id, title: `Coaching with Dana Okafor on ${when(later.start)}` }),
    ]);
    // By hand it is already there.
    const twice = await t.call("POST", `${P}/boards/${board.id}/cards`, {
      token: u.token,
      body: { kind: "coaching", ref: sessionId, title: "Coaching" },
    });
    expect(twice.statusCode).toBe(400);

    // Another learner's plan holds no card for it, cannot add it, and cannot read or move it.
    const other = await learnerWithPlan(["airway-breathing"]);
    expect(cardsOf(other.board, "coaching")).toEqual([]);
    const theirs = await t.call("POST", `${P}/boards/${other.board.id}/cards`, {
      token: other.u.token,
      body: { kind: "coaching", ref: sessionId, title: "Someone else's" },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain("Dana");
    expect(
      cardsOf((await t.call("POST", `${P}/boards/${other.board.id}/refresh`, { token: other.u.token })).json().model, "coaching"),
    ).toEqual([]);
    const peek = await t.call("GET", `${P}/workspaces/${workspace.id}/boards`, { token: other.u.token });
    expect(peek.statusCode).toBe(404);
    expect(peek.body).not.toContain("Dana");
    const grab = await t.call("POST", `${P}/cards/${card.id}/move`, { token: other.u.token, body: { column: "ready", position: 0 } });
    expect(grab.statusCode).toBe(404);
    // Staff see it on the learner's board.
    const staff = await t.call("GET", `${P}/workspaces/${workspace.id}/boards`, { token: admin.token });
    expect(cardsOf(staff.json().list[0], "coaching").map((c) => c.id)).toEqual([card.id]);

    // The learner moves it, then cancels the session: the next refresh takes it off and closes the gap.
    await t.call("POST", `${P}/cards/${card.id}/move`, { token: u.token, body: { column: "studying", position: 0 } });
    const library = cardsOf(refreshed.json().model, "library")[0]!;
    await t.call("POST", `${P}/cards/${library.id}/move`, { token: u.token, body: { column: "studying", position: 1 } });
    const cancelled = await t.call("POST", `/v2/api/lambda/scheduling/${sessionId}/cancel`, { token: u.token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await t.call("POST", `${P}/boards/${board.id}/refresh`, { token: u.token });
    expect(after.json()).toMatchObject({ added: 0, removed: 1 });
    expect(cardsOf(after.json().model, "coaching")).toEqual([]);
    expect(column(after.json().model, "studying").map((c) => [c.id, c.position])).toEqual([[library.id, 0]]);
    const again = await t.call("POST", `${P}/boards/${board.id}/cards`, {
      token: u.token,
      body: { kind: "coaching", ref: sessionId, title: "Coaching" },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/cancelled/);
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
