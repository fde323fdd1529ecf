/** A calendar the coach's sessions can be put in (Google Calendar, CalDAV, ...). */
export type CalendarEvent = {
  summary: string;
  location: string;
  description: string;
  start: Date;
  end: Date;
  attendees: string[];
  /** The provider's credentials for the coach's calendar, as the provider's own sign-in gave them. */
  tokens?: Record<string, unknown>;
};

export interface CalendarProvider {
  readonly name: string;
  /** Creates the event; answers the provider's id for it. */
  createEvent(event: CalendarEvent): Promise<string>;
}

/** No calendar provider is configured yet: the scheduling calls answer 503 for calendar events. */
export function createCalendarProvider(): CalendarProvider | null {
  return null;
}
