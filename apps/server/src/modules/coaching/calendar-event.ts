// A coaching session put in the coach's external calendar, through the configured provider.
import type { CalendarEventRequest } from "@academy/contract/coaching";
import { badRequest, HttpError } from "../../lib/http-error.ts";
import { CalendarError } from "../../providers/calendar/calendar.ts";
import { type Deps, parseTimes } from "./bookings.ts";

/** `google-calendar-event`: puts an event in the coach's calendar through the configured provider. */
export async function createCalendarEvent(deps: Deps, body: CalendarEventRequest): Promise<string> {
  if (!deps.calendar)
    throw new HttpError(503, "No calendar provider is configured: sessions are not put in an external calendar", {
      code: "CALENDAR_NOT_CONFIGURED",
    });
  const { start, end } = parseTimes(body.startTime, body.endTime);
  try {
    return await deps.calendar.createEvent({
      summary: body.summary,
      location: body.location,
      description: body.description,
      start: new Date(start),
      end: new Date(end),
      attendees: body.attendees,
      tokens: body.tokens,
    });
  } catch (e) {
    if (!(e instanceof CalendarError)) throw e;
    if (e.kind === "input") throw badRequest(e.message, { tokens: e.message });
    throw new HttpError(502, e.message, { code: "CALENDAR_UNAVAILABLE" });
  }
}
