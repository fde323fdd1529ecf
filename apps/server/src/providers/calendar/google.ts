import { CalendarError, type CalendarEvent, type CalendarProvider } from "./calendar.ts";

/**
 * Google Calendar's events API (v3): the event goes into the calendar of the account whose OAuth
 * access token the caller passes (`tokens.access_token`, with the calendar.events scope), its
 * primary calendar unless `tokens.calendar_id` names another; Google invites the attendees.
 */
export function createGoogleCalendarProvider(opts: { baseUrl: string; timeoutMs?: number }): CalendarProvider {
  const base = opts.baseUrl.replace(/\/+$/, "");
  return {
    name: "google",
    async createEvent(event: CalendarEvent): Promise<string> {
      const token = event.tokens?.access_token;
      if (typeof token !== "string" || token.length === 0)
        throw new CalendarError("input", "tokens.access_token is needed: the coach's Google access token");
      const calendarId = typeof event.tokens?.calendar_id === "string" ? event.tokens.calendar_id : "primary";
      let res: Response;
      try {
        res = await fetch(`${base}/calendars/${encodeURIComponent(calendarId)}/events?sendUpdates=all`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({
            summary: event.summary,
            location: event.location,
            description: event.description,
            start: { dateTime: event.start.toISOString() },
            end: { dateTime: event.end.toISOString() },
            attendees: event.attendees.map((email) => ({ email })),
          }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
        });
      } catch {
        throw new CalendarError("unavailable", "Google Calendar could not be reached");
      }
      if (res.status === 401 || res.status === 403)
        throw new CalendarError("input", "Google Calendar refused the access token: sign in to Google again");
      if (res.status === 404) throw new CalendarError("input", `Google Calendar has no calendar "${calendarId}" for this account`);
      if (!res.ok) throw new CalendarError("unavailable", `Google Calendar answered ${res.status}`);
      const body = (await res.json().catch(() => null)) as { id?: unknown } | null;
      if (typeof body?.id !== "string") throw new CalendarError("unavailable", "Google Calendar's answer had no event id");
      return body.id;
    },
  };
}
