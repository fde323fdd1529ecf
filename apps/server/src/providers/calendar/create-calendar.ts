import type { Config } from "../../config.ts";
import type { CalendarProvider } from "./calendar.ts";
import { createGoogleCalendarProvider } from "./google.ts";

/**
 * The configured calendar provider: Google Calendar when `CALENDAR_PROVIDER=google`. None by
 * default: `google-calendar-event` then answers 503 and nothing else depends on it.
 */
export function createCalendarProvider(config: Pick<Config, "CALENDAR_PROVIDER" | "GOOGLE_CALENDAR_API_URL">): CalendarProvider | null {
  if (config.CALENDAR_PROVIDER === "google") return createGoogleCalendarProvider({ baseUrl: config.GOOGLE_CALENDAR_API_URL });
  return null;
}
