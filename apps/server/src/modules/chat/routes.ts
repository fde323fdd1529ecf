import {
  ChatPageRequest,
  ChatPageResponse,
  InboxAssignRequest,
  InboxAssignResponse,
  InboxQuery,
  InboxResponse,
  MyRoomsQuery,
  MyRoomsResponse,
  OpenRoomRequest,
  OpenRoomResponse,
  RoomPollQuery,
  RoomPollResponse,
  RoomQuery,
  RoomResponse,
  SendMessageRequest,
  SendMessageResponse,
} from "@academy/contract/chat";
import { ErrorResponse } from "@academy/contract/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendJsonText } from "../../lib/json-text.ts";
import { clientGone } from "../realtime/service.ts";
import * as inbox from "./inbox-service.ts";
import * as service from "./service.ts";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 408: ErrorResponse, 429: ErrorResponse };
const R = "/v3/api/lambda/realtime";

/** Chat between two people: rooms, messages paged by date, unread counts, and a long poll across instances. */
export const chatRoutes: FastifyPluginAsyncZod<{ deps: service.Deps }> = async (app, { deps }) => {
  const tags = ["chat"];
  const signedIn = app.requireAuth();

  app.get(
    `${R}/room/my`,
    {
      schema: {
        tags,
        summary: "Your rooms: unread first, then newest; `messages` is your unread total",
        querystring: MyRoomsQuery,
        response: { 200: MyRoomsResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => ({ error: false as const, ...(await service.myRooms(deps, request.principal!, request.query.q)) }),
  );

  app.post(
    `${R}/room`,
    {
      schema: {
        tags,
        summary: "Open the room of you (`user_id`) and another person",
        description:
          "Answers the existing room of the pair, or makes it. Staff open a room with anyone; a candidate with a coach they booked (403 otherwise).",
        body: OpenRoomRequest,
        response: { 200: OpenRoomResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => ({ error: false as const, ...(await service.openRoom(deps, request.principal!, request.body)) }),
  );

  app.get(
    `${R}/room`,
    {
      schema: {
        tags,
        summary: "One of your rooms, with the other person and your unread count",
        querystring: RoomQuery,
        response: { 200: RoomResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => ({ error: false as const, model: await service.getRoom(deps, request.principal!, request.query.room_id) }),
  );

  app.post(
    `${R}/chat`,
    {
      schema: {
        tags,
        summary: "A page of a room's messages older than `date` (the newest page without it), oldest first",
        description: "Reading the newest page marks the room read. `before_id` breaks ties between messages of one instant.",
        body: ChatPageRequest,
        response: { 200: ChatPageResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => ({ error: false as const, ...(await service.page(deps, request.principal!, request.body)) }),
  );

  app.post(
    `${R}/send`,
    {
      schema: {
        tags,
        summary: "Send a message to a room",
        description:
          "Text of 1 to 2000 characters, or (`is_image`) the address of an image you uploaded with `POST /v2/api/lambda/upload`. Rate limited per person (429).",
        body: SendMessageRequest,
        response: { 200: SendMessageResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => ({
      error: false as const,
      message: "updated" as const,
      model: await service.send(deps, request.principal!, request.body),
    }),
  );

  app.get(
    `${R}/room/poll`,
    {
      schema: {
        tags,
        summary: "Wait for a message to you (`user_id` is you)",
        description:
          'Answers at once with the messages to you after `after` (a message id) when there are any; otherwise holds up to about 25 s for the next one (sent to any instance), then 408 `{error:true, message:"TIMEOUT"}`. 429 when you hold too many polls already.',
        querystring: RoomPollQuery,
        response: { 200: RoomPollResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request, reply) => sendJsonText(reply, await service.poll(deps, request.principal!, request.query, clientGone(reply))),
  );

  // The shared inbox: support and administrators (`chat.all`); coaches keep their own rooms above.
  const inboxStaff = app.requireStaff("chat.all");

  app.get(
    `${R}/inbox`,
    {
      schema: {
        tags,
        summary: "The shared inbox: every conversation of a candidate with staff, unassigned first, then by latest message",
        description:
          "`assignee`: `anyone` (default), `me` or `unassigned`; `q` matches the candidate's or the staff member's name or email. Paged (`page`, `limit` up to 100, default 50). `assignees` lists who a conversation can be given to; `mine_waiting` counts the conversations assigned to you whose newest message is the candidate's. Open one with `POST chat` and answer it with `POST send` (your messages carry your name) without being in the room.",
        querystring: InboxQuery,
        response: { 200: InboxResponse, ...errors },
      },
      preHandler: inboxStaff,
    },
    async (request) => ({ error: false as const, ...(await inbox.listInbox(deps.db, request.principal!, request.query)) }),
  );

  app.post(
    `${R}/inbox/assign`,
    {
      schema: {
        tags,
        summary: "Give an inbox conversation to a staff member to answer, or unassign it (`assignee_id: null`)",
        description:
          "The assignee is active staff who works the inbox (support, an administrator) or the staff member in the room; anyone else is 400 with `validation.assignee_id`. An unknown room is 404; a room of two staff members is 400. The change is written to the activity log with it (kind `chat.assign`).",
        body: InboxAssignRequest,
        response: { 200: InboxAssignResponse, ...errors },
      },
      preHandler: inboxStaff,
    },
    async (request) => ({ error: false as const, ...(await inbox.assign(deps.db, request.principal!, request.body)) }),
  );
};
