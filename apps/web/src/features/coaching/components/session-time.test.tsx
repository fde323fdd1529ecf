import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { bookingsZoneText, SessionTime, sessionWhen } from "./session-time";

// ICU writes "Monday 5 January, 10:00" or "… at 10:00" by its version. 09:00–09:45 UTC on Monday 5 January 2026: 10:00 in Berlin, 04:00 in New York.
const session = { meeting_start: "2026-01-05T09:00:00.000Z", meeting_end: "2026-01-05T09:45:00.000Z" };

describe("a session's time on the staff screens", () => {
  it("reads in the coach's own zone, whatever the browser's", () => {
    expect(sessionWhen({ ...session, coach_time_zone: "Europe/Berlin" })).toMatch(/^Monday 5 January(,| at) 10:00–10:45$/);
    expect(sessionWhen({ ...session, coach_time_zone: "America/New_York" })).toMatch(/^Monday 5 January(,| at) 04:00–04:45$/);
  });

  it("is labelled with that zone", () => {
    const html = renderToStaticMarkup(<SessionTime booking={{ ...session, coach_time_zone: "Europe/Berlin" }} />);
    expect(html.replace(/<[^>]+>/g, "")).toMatch(/^Monday 5 January(,| at) 10:00–10:45 \(Europe\/Berlin\)$/);
    expect(html).not.toContain("UTC");
  });

  it("says whose zone the bookings table uses", () => {
    expect(bookingsZoneText(false, "Europe/Berlin")).toBe("in your time zone (Europe/Berlin)");
    expect(bookingsZoneText(false, undefined)).toBe("in your time zone");
    expect(bookingsZoneText(true, "UTC")).toBe("each in its coach's time zone");
  });
});
