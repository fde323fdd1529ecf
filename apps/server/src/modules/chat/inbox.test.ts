import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { chatRooms } from "../../db/schema/chat.ts";
import { schedule } from "../../db/schema/content.ts";
import { users } from "../../db/schema/users.ts";
import { createTestApp } from "../../test/app.ts";
import { whileActivityLogRefuses } from "../../test/refused-activity.ts";

const t = await createTestApp();
const R = "/v3/api/lambda/realtime";
const INBOX = `${R}/inbox`;
const ASSIGN = `${R}/inbox/assign`;

type Person = { token: string; user_id: number };
type Conversation = {
  room_id: number;
  candidate_id: number;
  candidate_name: string;
  staff_id: number;
  staff_name: string;
  staff_role: string | null;
  assignee_id: number | null;
  assignee_name: string | null;
  is_waiting: boolean;
  last_message: string | null;
};

const founder = await t.signUp("admin", { first_name: "Avery", last_name: "Admin" });
const support = await t.staffMember(founder.token, "support");
const support2 = await t.staffMember(founder.token, "support");
const coach = await t.staffMember(founder.token, "coach");
const editor = await t.staffMember(founder.token, "editor");
const ann = await t.signUp("user", { first_name: "Ann", last_name: "Candidate" });
const ben = await t.signUp("user", { first_name: "Ben", last_name: "Candidate" });
const cleo = await t.signUp("user", { first_name: "Cleo", last_name: "Candidate" });
const supportName = "Sam Support";

const open = async (who: Person, other: Person) => {
  const res = await t.call("POST", `${R}/room`, { token: who.token, body: { user_id: who.user_id, other_user_id: other.user_id } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().room_id as number;
};
const send = (who: Person, room: number, message: string) =>
  t.call("POST", `${R}/send`, { token: who.token, body: { room_id: room, message } });
const inbox = (who: Person, query: Record<string, string> = {}) => t.call("GET", INBOX, { token: who.token, query });
const assign = (who: Person, room: number, assigneeId: number | null) =>
  t.call("POST", ASSIGN, { token: who.token, body: { room_id: room, assignee_id: assigneeId } });

let roomAnn: number;
let roomBen: number;
let roomCleo: number;
let staffRoom: number;
/** The inbox's rooms of this file, in the order listed (other files' rooms never share this database, but be sure). */
const ours = (list: Conversation[]) => list.filter((c) => [roomAnn, roomBen, roomCleo, staffRoom].includes(c.room_id));
const idsOf = async (who: Person, query: Record<string, string> = {}) => {
  const res = await inbox(who, query);
  expect(res.statusCode, res.body).toBe(200);
  return ours(res.json().list).map((c) => c.room_id);
};

beforeAll(async () => {
  await t.db.update(users).set({ firstName: "Sam", lastName: "Support" }).where(eq(users.id, support.user_id));
  await t.db.update(users).set({ firstName: "Sky", lastName: "Support" }).where(eq(users.id, support2.user_id));
  await t.db.update(users).set({ firstName: "Dana", lastName: "Coach" }).where(eq(users.id, coach.user_id));
  for (const candidate of [ann, cleo]) {
    const start = new Date(Date.now() + 3 * 86_400_000);
    await t.db.insert(schedule).values({
      userId: candidate.user_id,
      coachId: coach.user_id,
      meetingStart: start,
      meetingEnd: new Date(start.getTime() + 45 * 60_000),
    });
  }
  roomAnn = await open(ann, coach);
  expect((await send(ann, roomAnn, "Hello coach, a question about my plan")).statusCode).toBe(200);
  roomBen = await open(support, ben);
  expect((await send(support, roomBen, "Welcome to the academy")).statusCode).toBe(200);
  expect((await send(ben, roomBen, "Thanks! How do I pay by invoice?")).statusCode).toBe(200);
  roomCleo = await open(cleo, coach);
  expect((await send(coach, roomCleo, "See you on Thursday")).statusCode).toBe(200);
  staffRoom = await open(coach, support2);
  expect((await send(coach, staffRoom, "Colleague question")).statusCode).toBe(200);
});

describe("the shared inbox", () => {
  it("lists every conversation of a candidate with staff, newest first, and no room of two staff members", async () => {
    const res = await inbox(support);
    expect(res.statusCode, res.body).toBe(200);
    const list = ours(res.json().list as Conversation[]);
    expect(list.map((c) => c.room_id)).toEqual([roomCleo, roomBen, roomAnn]);
    expect(list[0]).toMatchObject({
      candidate_id: cleo.user_id,
      candidate_name: "Cleo Candidate",
      staff_id: coach.user_id,
      staff_role: "coach",
      assignee_id: null,
      is_waiting: false,
      last_message: "See you on Thursday",
    });
    expect(list[1]).toMatchObject({ staff_id: support.user_id, staff_role: "support", is_waiting: true });
    expect(list[2]).toMatchObject({ candidate_name: "Ann Candidate", is_waiting: true });
    // Who a conversation can go to: the staff who work the inbox, not coaches or editors.
    const assignees = res.json().assignees as { id: number; staff_role: string }[];
    expect(assignees.map((a) => a.id)).toEqual(expect.arrayContaining([founder.user_id, support.user_id, support2.user_id]));
    expect(assignees.map((a) => a.id)).not.toContain(coach.user_id);
    expect(assignees.map((a) => a.id)).not.toContain(editor.user_id);
    // An administrator sees the same inbox; a search narrows it.
    expect(await idsOf(founder)).toEqual([roomCleo, roomBen, roomAnn]);
    expect(await idsOf(founder, { q: "ben cand" })).toEqual([roomBen]);
  });

  it("puts unassigned conversations first, and filters by assignee", async () => {
    const res = await assign(support, roomCleo, support.user_id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      error: false,
      message: "Assigned to you",
      model: { room_id: roomCleo, assignee_id: support.user_id },
    });
    expect(res.json().model.assignee_name).toBe(supportName);
    expect(await idsOf(support)).toEqual([roomBen, roomAnn, roomCleo]);
    expect(await idsOf(support, { assignee: "anyone" })).toEqual([roomBen, roomAnn, roomCleo]);
    expect(await idsOf(support, { assignee: "unassigned" })).toEqual([roomBen, roomAnn]);
    expect(await idsOf(support, { assignee: "me" })).toEqual([roomCleo]);
    expect(await idsOf(support2, { assignee: "me" })).toEqual([]);
    // The assignee sees what waits for them: Cleo's coach wrote last, Ann's question waits.
    expect((await inbox(support)).json().mine_waiting).toBe(0);
    expect((await assign(founder, roomAnn, support.user_id)).json().message).toBe(`Assigned to ${supportName}`);
    expect((await inbox(support)).json().mine_waiting).toBe(1);
    expect(await idsOf(support, { assignee: "me" })).toEqual([roomCleo, roomAnn]);
    expect((await inbox(support, { assignee: "someone" })).statusCode).toBe(400);
  });

  it("writes each assignment to the activity log, and only a change", async () => {
    const history = async () => {
      const res = await t.call("GET", "/v2/api/lambda/admin/activity", {
        token: founder.token,
        query: { record_table: "chat_room", record_id: String(roomCleo) },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().list as {
        kind: string;
        actor_id: number;
        summary: string;
        before: unknown;
        after: unknown;
        subject_user_id: number | null;
      }[];
    };
    const [entry] = await history();
    expect(entry).toMatchObject({
      kind: "chat.assign",
      actor_id: support.user_id,
      subject_user_id: null,
      summary: `Conversation of Cleo Candidate with Dana Coach assigned to ${supportName}`,
      before: { assignee_id: null, assignee: null },
      after: { assignee_id: support.user_id, assignee: supportName },
    });
    // The same assignee again changes nothing and logs nothing.
    expect((await assign(support, roomCleo, support.user_id)).statusCode).toBe(200);
    expect(await history()).toHaveLength(1);
    const unassigned = await assign(support2, roomCleo, null);
    expect(unassigned.json()).toMatchObject({ message: "Unassigned", model: { assignee_id: null, assignee_name: null } });
    const [latest] = await history();
    expect(latest).toMatchObject({
      actor_id: support2.user_id,
      after: { assignee_id: null },
      summary: expect.stringContaining("unassigned"),
    });
    // Not on the candidate's own account page: it is not a change to their account.
    const own = await t.call("GET", "/v2/api/lambda/profile/activity", { token: cleo.token });
    expect(own.json().list).toEqual([]);
  });

  it("keeps the assignment and its log entry together: a refused entry undoes the assignment", async () => {
    await whileActivityLogRefuses(t.db, async () => {
      expect((await assign(support, roomBen, support2.user_id)).statusCode).toBe(500);
    });
    const [row] = await t.db.select({ assigneeId: chatRooms.assigneeId }).from(chatRooms).where(eq(chatRooms.id, roomBen));
    expect(row!.assigneeId).toBeNull();
  });

  it("answers bad assignments with a clear 4xx", async () => {
    const refused = async (room: number, assignee: number | null, status: number, message: string) => {
      const res = await assign(support, room, assignee);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ error: true, message });
      return res.json();
    };
    const toCandidate = await refused(roomBen, ben.user_id, 400, "Conversations are assigned to staff, not to candidates");
    expect(toCandidate.validation).toEqual({ assignee_id: "Not a staff member" });
    await refused(roomBen, 999_999, 400, "There is no such person to assign the conversation to");
    await refused(999_999, support.user_id, 404, "No such conversation");
    await refused(staffRoom, support.user_id, 400, "Only conversations of a candidate with staff are in the inbox");
    await refused(
      roomBen,
      coach.user_id,
      400,
      "A coach answers only their own conversations: assign this one to support or an administrator",
    );
    await refused(
      roomBen,
      editor.user_id,
      400,
      "A coach answers only their own conversations: assign this one to support or an administrator",
    );
    // A coach can be given their own conversation.
    expect((await assign(support, roomAnn, coach.user_id)).json().model.assignee_id).toBe(coach.user_id);
    const disabled = await t.staffMember(founder.token, "support");
    await t.db.update(users).set({ status: "disabled" }).where(eq(users.id, disabled.user_id));
    await refused(roomBen, disabled.user_id, 400, "That staff account is disabled: assign the conversation to someone else");
    const missing = await t.call("POST", ASSIGN, { token: support.token, body: { room_id: roomBen } });
    expect(missing.statusCode).toBe(400);
    const [row] = await t.db.select({ assigneeId: chatRooms.assigneeId }).from(chatRooms).where(eq(chatRooms.id, roomBen));
    expect(row!.assigneeId).toBeNull();
  });

  it("is closed to coaches, editors and candidates (403) and to visitors (401)", async () => {
    for (const who of [coach, editor, ann]) {
      for (const res of [await inbox(who), await assign(who, roomAnn, who.user_id)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ error: true, message: "Invalid Access" });
      }
    }
    expect((await t.call("GET", INBOX)).statusCode).toBe(401);
    // A coach still sees their own conversations, and only those.
    const mine = await t.call("GET", `${R}/room/my`, { token: coach.token });
    expect(
      mine
        .json()
        .list.map((r: { room_id: number }) => r.room_id)
        .sort(),
    ).toEqual([roomAnn, roomCleo, staffRoom].sort());
  });
});

describe("answering from the inbox", () => {
  it("lets support read and answer a candidate's conversation with a coach, and the message says who sent it", async () => {
    const read = await t.call("POST", `${R}/chat`, { token: support2.token, body: { room_id: roomAnn } });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().model.map((m: { message: string }) => m.message)).toEqual(["Hello coach, a question about my plan"]);
    expect(read.json().model[0].sender_name).toBe("Ann Candidate");
    const sent = await send(support2, roomAnn, "Support here: your plan is on its way");
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().model).toMatchObject({ user_id: support2.user_id, sender_name: "Sky Support" });
    // The candidate and the coach both see it, from support, in their room.
    for (const member of [ann, coach]) {
      const page = await t.call("POST", `${R}/chat`, { token: member.token, body: { room_id: roomAnn } });
      expect(page.json().model.at(-1)).toMatchObject({ message: "Support here: your plan is on its way", sender_name: "Sky Support" });
    }
    const annRooms = await t.call("GET", `${R}/room/my`, { token: ann.token });
    expect(annRooms.json().list[0]).toMatchObject({ room_id: roomAnn, other_user_id: coach.user_id });
    // The inbox shows the conversation answered.
    const listed = ours((await inbox(support2)).json().list).find((c) => c.room_id === roomAnn);
    expect(listed).toMatchObject({ is_waiting: false, last_message: "Support here: your plan is on its way" });
  });

  it("never opens a room of two staff members, or any room to a coach who is not in it", async () => {
    expect((await t.call("POST", `${R}/chat`, { token: support.token, body: { room_id: staffRoom } })).statusCode).toBe(403);
    expect((await send(support, staffRoom, "Reading along")).statusCode).toBe(403);
    expect((await t.call("POST", `${R}/chat`, { token: coach.token, body: { room_id: roomBen } })).statusCode).toBe(403);
    expect((await send(coach, roomBen, "Hi")).statusCode).toBe(403);
    expect((await send(ann, roomBen, "Hi")).statusCode).toBe(403);
  });
});
