import type { InboxConversation, InboxQuery } from "@academy/contract/chat";
import { hasPermission, STAFF_ROLES, type StaffRole } from "@academy/contract/staff";
import type { Db } from "../../db/client.ts";
import { badRequest, forbidden, notFound } from "../../lib/http-error.ts";
import { can } from "../../lib/permissions.ts";
import type { Principal } from "../../plugins/auth.ts";
import { recordActivity } from "../activity/service.ts";
import * as repo from "./inbox-repo.ts";

// The shared inbox (decision 27): staff with `chat.all` (support, administrators) see every
// conversation of a candidate with staff, give each to a person to answer, and answer any of
// them. Rooms stay rooms of two people; an answer from the inbox is a message of the room sent by
// someone who is not its member, and says who sent it.

/** Staff roles whose members work the inbox, and so can be given any conversation. */
const INBOX_ROLES: readonly StaffRole[] = STAFF_ROLES.filter((role) => hasPermission(role, "chat.all"));

const nameOf = (name: string | null, email: string | null) => name?.trim() || email || "";

function conversationOut(r: repo.InboxRow): InboxConversation {
  return {
    room_id: r.roomId,
    candidate_id: r.candidateId,
    candidate_name: nameOf(r.candidateName, r.candidateEmail),
    candidate_email: r.candidateEmail,
    staff_id: r.staffId,
    staff_name: nameOf(r.staffName, r.staffEmail),
    staff_role: r.staffRole,
    assignee_id: r.assigneeId,
    assignee_name: r.assigneeId === null ? null : nameOf(r.assigneeName, r.assigneeEmail),
    assigned_at: r.assignedAt?.toISOString() ?? null,
    last_message: r.lastMessage,
    last_message_is_image: r.lastIsImage ?? false,
    last_message_at: r.lastMessageAt?.toISOString() ?? null,
    is_waiting: r.lastSenderId !== null && r.lastSenderId === r.candidateId,
  };
}

/** The rule every inbox call keeps, whatever guard the route has. */
function mustWorkInbox(who: Principal) {
  if (!can(who, "chat.all")) throw forbidden();
}

/** `GET inbox`: a page of conversations, unassigned first, then newest; who they can go to; your waiting count. */
export async function listInbox(db: Db, who: Principal, q: InboxQuery) {
  mustWorkInbox(who);
  const filter: repo.InboxFilter = {
    q: q.q || undefined,
    ...(q.assignee === "me" ? { assigneeId: who.id } : q.assignee === "unassigned" ? { isUnassigned: true } : {}),
  };
  const [page, staff, mineWaiting] = await Promise.all([
    repo.listInbox(db, filter, { limit: q.limit, offset: (q.page - 1) * q.limit }),
    repo.listStaffOf(db, INBOX_ROLES),
    repo.countWaitingFor(db, who.id),
  ]);
  return {
    list: page.rows.map(conversationOut),
    total: page.total,
    limit: q.limit,
    num_pages: Math.max(1, Math.ceil(page.total / q.limit)),
    page: q.page,
    assignees: staff.map((s) => ({ id: s.id, name: nameOf(s.name, s.email), staff_role: s.staffRole! })),
    mine_waiting: mineWaiting,
  };
}

/**
 * The inbox conversation a staff member may answer without being in the room (they hold
 * `chat.all`, and the room is a candidate's with staff); undefined otherwise.
 */
export async function answerableRoom(db: Db, who: Principal, roomId: number) {
  if (!can(who, "chat.all")) return undefined;
  const room = await repo.findInboxRoom(db, roomId);
  return room ? { candidateId: room.candidateId, staffId: room.staffId, assigneeId: room.assigneeId } : undefined;
}

const ASSIGNEE_FIELD = "assignee_id";

/** Who may be given the conversation: active staff who work the inbox, or the staff member in the room. */
async function assigneeFor(db: Db, room: repo.InboxRow, assigneeId: number) {
  const person = await repo.findPerson(db, assigneeId);
  if (!person) throw badRequest("There is no such person to assign the conversation to", { [ASSIGNEE_FIELD]: "No such person" });
  if (person.role !== "admin")
    throw badRequest("Conversations are assigned to staff, not to candidates", { [ASSIGNEE_FIELD]: "Not a staff member" });
  if (person.status !== "active")
    throw badRequest("That staff account is disabled: assign the conversation to someone else", { [ASSIGNEE_FIELD]: "Disabled account" });
  if (person.id !== room.staffId && !hasPermission(person.staffRole, "chat.all"))
    throw badRequest("A coach answers only their own conversations: assign this one to support or an administrator", {
      [ASSIGNEE_FIELD]: "Cannot answer this conversation",
    });
  return person;
}

/**
 * `POST inbox/assign`: gives the conversation to a staff member (or to nobody). The change and its
 * activity-log entry are one transaction; assigning it to whom it already has changes nothing.
 */
export async function assign(db: Db, who: Principal, body: { room_id: number; assignee_id: number | null }) {
  mustWorkInbox(who);
  const { row, message } = await db.transaction(async (tx) => {
    const room = await repo.findInboxRoom(tx, body.room_id, true);
    if (!room) {
      if (await repo.roomExists(tx, body.room_id))
        throw badRequest("Only conversations of a candidate with staff are in the inbox", { room_id: "Not an inbox conversation" });
      throw notFound("No such conversation");
    }
    const to = body.assignee_id === null ? null : await assigneeFor(tx, room, body.assignee_id);
    const message = to ? `Assigned to ${to.id === who.id ? "you" : nameOf(to.name, to.email)}` : "Unassigned";
    if (room.assigneeId === body.assignee_id) return { row: room, message };
    await repo.setAssignee(tx, room.roomId, body.assignee_id);
    const was = room.assigneeId === null ? null : nameOf(room.assigneeName, room.assigneeEmail);
    const now = to ? nameOf(to.name, to.email) : null;
    const about = `Conversation of ${nameOf(room.candidateName, room.candidateEmail)} with ${nameOf(room.staffName, room.staffEmail)}`;
    await recordActivity(tx, {
      actorId: who.id,
      kind: "chat.assign",
      record: { table: "chat_room", id: room.roomId },
      // Not the candidate's: their own account page lists changes to their account, not who answers them.
      subjectUserId: null,
      summary: now ? `${about} assigned to ${now}` : `${about} unassigned`,
      before: { assignee_id: room.assigneeId, assignee: was },
      after: { assignee_id: body.assignee_id, assignee: now },
    });
    return { row: (await repo.findInboxRoom(tx, room.roomId))!, message };
  });
  return { message, model: conversationOut(row) };
}
