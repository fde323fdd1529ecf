import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SessionsList } from "./sessions-section";

const sessions = [
  { id: 3, device: "Safari on iPhone", created_at: "2026-11-20T08:00:00Z", last_seen_at: "2026-11-27T09:30:00Z", is_current: false },
  { id: 5, device: "Firefox on Windows", created_at: "2026-11-27T08:00:00Z", last_seen_at: "2026-11-27T10:00:00Z", is_current: true },
];
const noop = () => undefined;

describe("the sessions list", () => {
  it("shows this device first, marked, and a sign-out for each other one and for all of them", () => {
    const html = renderToStaticMarkup(
      <SessionsList sessions={sessions} isSigningOutOthers={false} onSignOut={noop} onSignOutOthers={noop} />,
    );
    expect(html.indexOf("Firefox on Windows")).toBeLessThan(html.indexOf("Safari on iPhone"));
    expect(html).toMatch(/Firefox on Windows<span[^>]*>This device<\/span>/);
    // One "Sign out" button (the iPhone), named for the device it ends.
    expect(html.match(/>Sign out</g)).toHaveLength(1);
    expect(html).toMatch(/aria-label="Sign out Safari on iPhone, last seen [^"]+"/);
    expect(html).toContain("Sign out everywhere else");
    expect(html).toContain("Last seen");
  });

  it("offers no sign-out when this is the only session, and marks a sign-out under way", () => {
    const only = renderToStaticMarkup(
      <SessionsList sessions={[sessions[1]!]} isSigningOutOthers={false} onSignOut={noop} onSignOutOthers={noop} />,
    );
    expect(only).not.toContain("Sign out");
    expect(only).toContain("signed in on this device only");
    const pending = renderToStaticMarkup(
      <SessionsList sessions={sessions} pendingId={3} isSigningOutOthers={false} onSignOut={noop} onSignOutOthers={noop} />,
    );
    expect(pending).toMatch(/disabled(="")? aria-busy="true" aria-label="Sign out Safari on iPhone/);
  });
});
