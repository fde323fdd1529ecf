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
  /** Creates the event; answers the provider's id for it. Throws `CalendarError` when it cannot. */
  createEvent(event: CalendarEvent): Promise<string>;
}

/**
 * Why an event was not created: `input` when the caller's tokens are missing or the provider
 * refused them (the caller can fix it), `unavailable` when the provider failed or could not be reached.
 */
export class CalendarError extends Error {
  readonly kind: "input" | "unavailable";

  constructor(kind: "input" | "unavailable", message: string) {
    super(message);
    this.kind = kind;
  }
}
