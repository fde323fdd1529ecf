import {
  AdminBookingListQuery,
  AdminBookingListResponse,
  BookingIdParams,
  BookSessionRequest,
  BookSessionResponse,
  CalendarEventRequest,
  CalendarEventResponse,
  CoachListResponse,
  CoachSettings,
  CoachSettingsResponse,
  CoachWeekQuery,
  CoachWeekResponse,
  LearnerBriefResponse,
  MyCoachingResponse,
  RescheduleRequest,
  SchedulingDatesRequest,
  SchedulingDatesResponse,
  SchedulingSchedulesRequest,
  SchedulingSchedulesResponse,
  TzMonthSchedulesRequest,
  TzMonthSchedulesResponse,
} from "@academy/contract/coaching";
import { ErrorResponse } from "@academy/contract/common";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as service from "./service.ts";

const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse, 503: ErrorResponse };
const S = "/v2/api/lambda/scheduling";

/** Coaching: coaches' open slots, bookings with credits, and the staff's scheduling screens. */
export const coachingRoutes: FastifyPluginAsyncZod<{ deps: service.Deps }> = async (app, { deps }) => {
  const { db } = deps;
  const tags = ["scheduling"];
  const signedIn = app.requireAuth();
  // Each coach their own; `coaching.all` (administrators) every coach's: the service scopes what a call reaches.
  const staff = app.requireStaff("coaching.own");
  const candidate = app.requireAuth("user");

  app.get(
    `${S}/coaches`,
    { schema: { tags, summary: "Coaches taking bookings", response: { 200: CoachListResponse, ...errors } }, preHandler: signedIn },
    async () => ({ error: false as const, list: await service.listCoaches(db) }),
  );

  app.post(
    `${S}/dates`,
    {
      schema: {
        tags,
        summary: "Days of a month with an open slot of a coach (`userId`), in the viewer's zone `tz`",
        body: SchedulingDatesRequest,
        response: { 200: SchedulingDatesResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => ({ error: false as const, ...(await service.openDates(db, request.body)) }),
  );

  app.post(
    `${S}/schedules`,
    {
      schema: {
        tags,
        summary: "Open slots of a coach (`userId`) on one day of the viewer's zone `tz`",
        body: SchedulingSchedulesRequest,
        response: { 200: SchedulingSchedulesResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => ({ error: false as const, ...(await service.daySlots(db, request.body)) }),
  );

  app.post(
    `${S}/tz-month-schedules`,
    {
      schema: {
        tags,
        summary: "Open slots of a coach between two days of the viewer's zone (at most 93 days), grouped by day",
        body: TzMonthSchedulesRequest,
        response: { 200: TzMonthSchedulesResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => ({ error: false as const, ...(await service.rangeSlots(db, request.body)) }),
  );

  app.post(
    `${S}/POST`,
    {
      schema: {
        tags,
        summary: "Book a session",
        description:
          "Books one of the coach's open slots for `user_id` (yourself; staff may book for a candidate) and spends one of the candidate's coaching credits of the session's month. 400: the time is in the past, inside the coach's minimum notice, beyond the booking horizon, outside availability, or not one session long; 403: another person's id, or no credits left (code PLAN_LIMIT); 404: unknown coach; 409: the time was taken, the coach's day is full, you have another session then, or (without `coach_id`) no coach has that slot open. Without `coach_id` the session goes to a coach who has the slot open: the candidate's last coach first, else the one with the fewest sessions around it. Both people get a mail with a calendar invite, and the candidate a reminder before the session.",
        body: BookSessionRequest,
        response: { 200: BookSessionResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => {
      const result = await service.bookSession(deps, request.principal!, request.body);
      app.mail.kick();
      return { error: false as const, ...result };
    },
  );

  app.get(
    `${S}/my`,
    {
      schema: {
        tags,
        summary: "Your sessions, this month's credits and a note to start from",
        response: { 200: MyCoachingResponse, ...errors },
      },
      preHandler: candidate,
    },
    async (request) => ({ error: false as const, ...(await service.myCoaching(db, request.principal!)) }),
  );

  app.post(
    `${S}/:id/cancel`,
    {
      schema: {
        tags,
        summary: "Cancel a session (the credit comes back)",
        description:
          "Candidates may cancel until the coach's cancel notice before the start (409 after, with the rule); staff until the start.",
        params: BookingIdParams,
        response: { 200: BookSessionResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => {
      const result = await service.cancelSession(deps, request.principal!, request.params.id);
      app.mail.kick();
      return { error: false as const, ...result };
    },
  );

  app.post(
    `${S}/:id/reschedule`,
    {
      schema: {
        tags,
        summary: "Move a session to another open slot of the same coach (the credit stays spent once)",
        description: "Candidates may move a session until the coach's reschedule notice before its start (409 after, with the rule).",
        params: BookingIdParams,
        body: RescheduleRequest,
        response: { 200: BookSessionResponse, ...errors },
      },
      preHandler: signedIn,
    },
    async (request) => {
      const result = await service.rescheduleSession(deps, request.principal!, request.params.id, request.body);
      app.mail.kick();
      return { error: false as const, ...result };
    },
  );

  app.post(
    `${S}/google-calendar-event`,
    {
      schema: {
        tags,
        summary: "Put a session in the coach's calendar",
        description:
          "Creates the event through the configured provider (`CALENDAR_PROVIDER`; Google Calendar takes the coach's access token as `tokens.access_token`, and `tokens.calendar_id`, default primary) and answers its id. 400: no token, or the provider refused it; 502 (code CALENDAR_UNAVAILABLE): the provider failed; 503 (code CALENDAR_NOT_CONFIGURED) while no provider is configured. Nothing else depends on it.",
        body: CalendarEventRequest,
        response: { 200: CalendarEventResponse, ...errors, 502: ErrorResponse },
      },
      preHandler: staff,
    },
    async (request) => ({ error: false as const, id: await service.createCalendarEvent(deps, request.body) }),
  );

  // ---------------------------------------------------------------- staff

  app.get(
    `${S}/coach/settings`,
    {
      schema: { tags, summary: "Your own coach profile and availability", response: { 200: CoachSettingsResponse, ...errors } },
      preHandler: staff,
    },
    async (request) => ({ error: false as const, model: await service.getMySettings(db, request.principal!) }),
  );

  app.put(
    `${S}/coach/settings`,
    {
      schema: {
        tags,
        summary: "Save your own coach profile and availability",
        description:
          "Weekly hours and date overrides are minutes after midnight in `time_zone`; an override with no ranges is a day off. Booked sessions keep their times.",
        body: CoachSettings,
        response: { 200: CoachSettingsResponse, ...errors },
      },
      preHandler: staff,
    },
    async (request) => ({ error: false as const, model: await service.saveMySettings(db, request.principal!, request.body) }),
  );

  app.get(
    `${S}/coach/week`,
    {
      schema: {
        tags,
        summary: "Your sessions and working hours as a coach between two instants",
        querystring: CoachWeekQuery,
        response: { 200: CoachWeekResponse, ...errors },
      },
      preHandler: staff,
    },
    async (request) => ({ error: false as const, ...(await service.coachWeek(db, request.principal!, request.query)) }),
  );

  app.get(
    `${S}/bookings`,
    {
      schema: {
        tags,
        summary: "Every coaching booking, paged, searchable by name or email, filterable by coach, candidate, status and upcoming/past",
        querystring: AdminBookingListQuery,
        response: { 200: AdminBookingListResponse, ...errors },
      },
      preHandler: staff,
    },
    async (request) => ({ error: false as const, ...(await service.listBookings(db, request.principal!, request.query)) }),
  );

  app.get(
    `${S}/bookings/:id/learner`,
    {
      schema: {
        tags,
        summary: "The candidate before a session: readiness, weakest themes, latest quizzes, recently missed questions",
        params: BookingIdParams,
        response: { 200: LearnerBriefResponse, ...errors },
      },
      preHandler: staff,
    },
    async (request) => ({ error: false as const, model: await service.learnerBrief(db, request.principal!, request.params.id) }),
  );
};
