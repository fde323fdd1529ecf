import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AccommodationFields } from "./accommodation-panel";

const render = (current: Parameters<typeof AccommodationFields>[0]["current"], fields: Record<string, string> = {}) =>
  renderToStaticMarkup(<AccommodationFields current={current} fields={fields} />);

describe("the accommodation form", () => {
  it("labels every field and offers the three factors", () => {
    const html = render(null);
    for (const label of ["Extra time", "Breaks (minutes, optional)", "Last day it applies", "Note for staff (optional)"])
      expect(html).toContain(`>${label}</label>`);
    expect(html.match(/<label for="([^"]+)"/g)).toHaveLength(4);
    expect(html).toContain(">×1.25 the time limit<");
    expect(html).toContain(">×2 the time limit<");
  });

  it("ties each error to its field and announces it", () => {
    const html = render(null, { ends_on: "Must not be in the past" });
    expect(html).toMatch(/aria-invalid="true"[^>]*aria-describedby="[^"]*-error"|aria-describedby="[^"]*-error"[^>]*aria-invalid="true"/);
    expect(html).toContain('role="alert"');
    expect(html).toContain("Must not be in the past");
  });

  it("starts from the current terms when changing them", () => {
    const html = render({
      user_id: 7,
      extra_time_factor: 2,
      break_minutes: 10,
      note: "Agreed with the exam board",
      ends_on: "2027-06-30",
      in_force: true,
      created_at: "2026-11-01T00:00:00Z",
      updated_at: "2026-11-01T00:00:00Z",
    });
    expect(html).toMatch(/<option value="2" selected(="")?>/);
    expect(html).toContain('value="2027-06-30"');
    expect(html).toContain('value="10"');
    expect(html).toContain("Agreed with the exam board</textarea>");
  });
});
