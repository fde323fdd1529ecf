import { ChannelPollResponse, RoomPollResponse } from "@academy/contract/chat";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/users.ts";
import type { Principal } from "../../plugins/auth.ts";
import { createTestApp } from "../../test/app.ts";
import { createBus, createHub, release } from "../realtime/service.ts";
import * as chat from "./service.ts";

// Many held polls of several people woken by one message: each answer made once per person (or
// channel) and sent as the same bytes, and nobody's polls answered with another person's room.
const t = await createTestApp({
  ADMIN_2FA_REQUIRED: "false",
  REALTIME_POLL_HOLD_MS: "1500",
  REALTIME_MAX_POLLS_PER_USER: "10",
  CHAT_SEND_RATE_LIMIT: "50",
});
const R = "/v3/api/lambda/realtime";
const C = "/v2/api/lambda/subscription/channel";

type Person = { token: string; user_id: number };
type Answer = Awaited<ReturnType<typeof t.call>>;

let support: Person;
let ann: Person;
let bob: Person;
let annRoom: number;
let bobRoom: number;

beforeAll(async () => {
  const who = await t.signUp("user");
  await t.db.update(users).set({ role: "admin", staffRole: "support" }).where(eq(users.id, who.user_id));
  support = (await t.call("POST", "/v2/api/lambda/login", { body: { email: who.email, password: who.password, role: "admin" } })).json();
  ann = await t.signUp("user");
  bob = await t.signUp("user");
  const open = async (other: Person) =>
    (await t.call("POST", `${R}/room`, { token: support.token, body: { user_id: support.user_id, other_user_id: other.user_id } })).json()
      .room_id as number;
  annRoom = await open(ann);
  bobRoom = await open(bob);
});

/** A hub of its own (on the test's database and bus), to call the chat service directly. */
async function ownHub(limits: { holdMs: number; maxPerUser: number }) {
  const bus = await createBus(t.database, undefined, () => {});
  const hub = createHub(t.db, bus, { ...limits, maxTotal: 100, sendPerTenSeconds: 50 });
  return { bus, hub, deps: { db: t.db, hub, publicUrl: "https://academy.example", emailDelayMs: 60_000 } };
}

const pollRooms = (who: Person, n: number) =>
  Array.from({ length: n }, () => t.call("GET", `${R}/room/poll`, { token: who.token, query: { user_id: String(who.user_id) } }));
const settled = (answers: Promise<Answer>[], ms: number) =>
  Promise.race([Promise.all(answers).then(() => true), new Promise<false>((r) => setTimeout(() => r(false), ms))]);

describe("one message to many held polls", () => {
  it("answers every poll of its recipient with the same JSON, and no poll of anyone else", async () => {
    const annPolls = pollRooms(ann, 6);
    const bobPolls = pollRooms(bob, 4);
    await new Promise((r) => setTimeout(r, 100));
    const sent = await t.call("POST", `${R}/send`, { token: support.token, body: { room_id: annRoom, message: "for Ann" } });
    expect(sent.statusCode).toBe(200);
    const got = await Promise.all(annPolls);
    for (const res of got) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.body).toBe(got[0]!.body);
    }
    // The text is the contract's answer, as the route's serializer would have made it.
    const answer = RoomPollResponse.parse(got[0]!.json());
    expect(got[0]!.body).toBe(JSON.stringify(RoomPollResponse.encode(answer)));
    expect(answer.list.map((m) => [m.room_id, m.message])).toEqual([[annRoom, "for Ann"]]);
    expect(answer.model.id).toBe(sent.json().model.id);

    // Bob's polls were not woken by Ann's message; his own answers them with his room's only.
    expect(await settled(bobPolls, 150)).toBe(false);
    expect((await t.call("POST", `${R}/send`, { token: support.token, body: { room_id: bobRoom, message: "for Bob" } })).statusCode).toBe(
      200,
    );
    const bobs = await Promise.all(bobPolls);
    for (const res of bobs) {
      expect(res.statusCode).toBe(200);
      expect(RoomPollResponse.parse(res.json()).list.map((m) => [m.room_id, m.message])).toEqual([[bobRoom, "for Bob"]]);
    }
  });

  it("answers every reader's polls of a room channel with one event, and still refuses a non-member", async () => {
    const channel = `room:${annRoom}`;
    expect((await t.call("GET", `${C}/poll`, { token: bob.token, query: { room: channel } })).statusCode).toBe(403);
    const polls = [ann, ann, ann, support, support].map((who) =>
      t.call("GET", `${C}/poll`, { token: who.token, query: { room: channel } }),
    );
    await new Promise((r) => setTimeout(r, 100));
    const sent = await t.call("POST", `${C}/send`, { token: ann.token, body: { room: channel, payload: { typing: true } } });
    expect(sent.statusCode).toBe(200);
    const got = await Promise.all(polls);
    for (const res of got) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.body).toBe(got[0]!.body);
    }
    const answer = ChannelPollResponse.parse(got[0]!.json());
    expect(answer.list.map((e) => [e.id, e.room, e.user_id, e.payload])).toEqual([
      [sent.json().model.id, channel, ann.user_id, { typing: true }],
    ]);
  });

  it("makes a person's answer once for all their polls woken by one message", async () => {
    const { bus, deps } = await ownHub({ holdMs: 1500, maxPerUser: 10 });
    const asAnn: Principal = { id: ann.user_id, role: "user", tokenVersion: 0, staffRole: null, sessionId: 0 };
    const asSupport: Principal = { id: support.user_id, role: "admin", tokenVersion: 0, staffRole: "support", sessionId: 0 };
    try {
      const polls = [1, 2, 3].map(() => chat.poll(deps, asAnn, { user_id: ann.user_id }));
      await new Promise((r) => setTimeout(r, 100));
      await chat.send(deps, asSupport, { room_id: annRoom, message: "made once", is_image: false });
      const [first, ...others] = await Promise.all(polls);
      for (const other of others) expect(other).toBe(first);
      expect(RoomPollResponse.parse(JSON.parse(first!.json)).model.message).toBe("made once");
    } finally {
      await bus.close();
    }
  });

  it("answers every held poll at once when the instance shuts down, and holds no new one", async () => {
    const { bus, hub, deps } = await ownHub({ holdMs: 10_000, maxPerUser: 100 });
    const asBob: Principal = { id: bob.user_id, role: "user", tokenVersion: 0, staffRole: null, sessionId: 0 };
    try {
      const polls = Array.from({ length: 50 }, () =>
        chat.poll(deps, asBob, { user_id: bob.user_id }).then(
          () => 200,
          (e) => e.statusCode,
        ),
      );
      await new Promise((r) => setTimeout(r, 100));
      expect(hub.held).toBe(50);
      const started = Date.now();
      release(hub);
      expect(await Promise.all(polls)).toEqual(Array(50).fill(408));
      expect(Date.now() - started).toBeLessThan(1000);
      expect(hub.held).toBe(0);
      await expect(chat.poll(deps, asBob, { user_id: bob.user_id })).rejects.toMatchObject({ statusCode: 408 });
    } finally {
      await bus.close();
    }
  });

  it("still answers 408 TIMEOUT as JSON when nothing came", async () => {
    const res = await t.call("GET", `${R}/room/poll`, { token: bob.token, query: { user_id: String(bob.user_id), after: "2000000000" } });
    expect(res.statusCode).toBe(408);
    expect(res.json()).toEqual({ error: true, message: "TIMEOUT" });
  });
});
