import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, expect, it } from "vitest";
import { createTestApp } from "../../test/app.ts";

/** A local server shaped like Google Calendar's events API: it keeps what it was sent. */
const received: { url: string; auth: string | undefined; body: Record<string, unknown> }[] = [];
let answer: { status: number; body: unknown } = { status: 200, body: { id: "evt_123" } };
const google = createServer((req: IncomingMessage, res) => {
  let raw = "";
  req.on("data", (d) => (raw += d));
  req.on("end", () => {
    received.push({ url: req.url ?? "", auth: req.headers.authorization, body: JSON.parse(raw || "{}") });
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body));
  });
});
await new Promise<void>((resolve) => google.listen(0, "127.0.0.1", resolve));
afterAll(() => new Promise<void>((resolve) => google.close(() => resolve())));
const port = (google.address() as AddressInfo).port;

const t = await createTestApp({ CALENDAR_PROVIDER: "google", GOOGLE_CALENDAR_API_URL: `http://127.0.0.1:${port}/calendar/v3` });
const URL_ = "/v2/api/lambda/scheduling/google-calendar-event";
const event = {
  summary: "Coaching: Ann with Dana",
  location: "https://meet.example/dana",
  description: "Airway",
  startTime: "2030-03-04T09:00:00Z",
  endTime: "2030-03-04T09:45:00Z",
  attendees: ["ann@example.test", "dana@example.test"],
};

const admin = await t.signUp("admin");

it("puts the session in the coach's Google Calendar with the coach's token, and answers the event id", async () => {
  const res = await t.call("POST", URL_, { token: admin.token, body: { ...event, tokens: { access_token: "ya29.coach" } } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ error: false, id: "evt_123" });
  expect(received.at(-1)).toEqual({
    url: "/calendar/v3/calendars/primary/events?sendUpdates=all",
    auth: "Bearer ya29.coach",
    body: {
      summary: event.summary,
      location: event.location,
      description: event.description,
      start: { dateTime: "2030-03-04T09:00:00.000Z" },
      end: { dateTime: "2030-03-04T09:45:00.000Z" },
      attendees: [{ email: "ann@example.test" }, { email: "dana@example.test" }],
    },
  });

  // Another calendar of the account.
  await t.call("POST", URL_, { token: admin.token, body: { ...event, tokens: { access_token: "ya29.coach", calendar_id: "team@group" } } });
  expect(received.at(-1)!.url).toBe("/calendar/v3/calendars/team%40group/events?sendUpdates=all");
});

it("answers 400 without a token or when Google refuses it, 502 when Google fails, 400 for end before start", async () => {
  const calls = received.length;
  const missing = await t.call("POST", URL_, { token: admin.token, body: event });
  expect(missing.statusCode).toBe(400);
  expect(missing.json().message).toMatch(/access_token/);
  const reversed = await t.call("POST", URL_, {
    token: admin.token,
    body: { ...event, startTime: event.endTime, endTime: event.startTime, tokens: { access_token: "x" } },
  });
  expect(reversed.statusCode).toBe(400);
  expect(received.length).toBe(calls);

  answer = { status: 401, body: { error: { message: "Invalid Credentials" } } };
  const refused = await t.call("POST", URL_, { token: admin.token, body: { ...event, tokens: { access_token: "expired" } } });
  expect(refused.statusCode).toBe(400);
  expect(refused.json().message).toMatch(/refused the access token/);

  answer = { status: 500, body: {} };
  const failed = await t.call("POST", URL_, { token: admin.token, body: { ...event, tokens: { access_token: "ya29.coach" } } });
  expect(failed.statusCode).toBe(502);
  expect(failed.json()).toMatchObject({ code: "CALENDAR_UNAVAILABLE", message: expect.stringMatching(/answered 500/) });
  answer = { status: 200, body: { id: "evt_123" } };

  const user = await t.signUp("user");
  expect((await t.call("POST", URL_, { token: user.token, body: { ...event, tokens: { access_token: "x" } } })).statusCode).toBe(403);
});
