import {
  ChannelOnlineResponse,
  ChannelPollResponse,
  ChannelQuery,
  ChannelRequest,
  ChannelSendRequest,
  ChannelSendResponse,
} from "@academy/contract/chat";
import { ErrorResponse, MessageResponse } from "@academy/contract/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sendJsonText } from "../../lib/json-text.ts";
import * as service from "./service.ts";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 408: ErrorResponse, 429: ErrorResponse };
const C = "/v2/api/lambda/subscription/channel";

/** Generic realtime channels: `user:<id>`, `room:<id>` and `announcements`, polled across instances. */
export const realtimeRoutes: FastifyPluginAsyncZod<{ hub: service.Hub }> = async (app, { hub }) => {
  const tags = ["realtime"];
  const signedIn = app.requireAuth();

  app.post(
    `${C}/room`,
    {
      schema: {
        tags,
        summary: "Subscribe to a channel (you show as online on it)",
        description: "Channels: your own `user:<id>`, `room:<id>` of a chat room you are in, and `announcements`. 403 for any other.",
        body: ChannelRequest,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => {
      await service.subscribe(hub, request.principal!, request.body.room);
      return { error: false as const, message: "subscribed" };
    },
  );

  app.get(
    `${C}/poll`,
    {
      schema: {
        tags,
        summary: "Wait for what is sent on a channel",
        description:
          'Answers at once with the events after `after` (an event id) when there are any; otherwise holds up to about 25 s for the next one, then 408 `{error:true, message:"TIMEOUT"}`. 429 when you (or the server) hold too many polls already.',
        querystring: ChannelQuery,
        response: { 200: ChannelPollResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request, reply) =>
      sendJsonText(reply, await service.poll(hub, request.principal!, request.query.room, request.query.after, service.clientGone(reply))),
  );

  app.get(
    `${C}/unsubscribe`,
    {
      schema: {
        tags,
        summary: "Leave a channel (you no longer show as online on it)",
        querystring: ChannelRequest,
        response: { 200: MessageResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => {
      await service.unsubscribe(hub, request.principal!, request.query.room);
      return { error: false as const, message: "unsubscribed" };
    },
  );

  app.get(
    `${C}/online`,
    {
      schema: {
        tags,
        summary: "Who is on a channel now (any instance)",
        querystring: ChannelRequest,
        response: { 200: ChannelOnlineResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => ({ error: false as const, list: await service.online(hub, request.principal!, request.query.room) }),
  );

  app.post(
    `${C}/send`,
    {
      schema: {
        tags,
        summary: "Send a payload (text or a JSON object) to everyone polling a channel",
        description: "Only staff send on `announcements`. At most 2000 characters; sends are rate limited per person (429).",
        body: ChannelSendRequest,
        response: { 200: ChannelSendResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => ({
      error: false as const,
      message: "sent",
      model: await service.send(hub, request.principal!, request.body.room, request.body.payload),
    }),
  );
};
