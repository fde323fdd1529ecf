import { ChannelPollResponse } from "@academy/contract/chat";
import { ANNOUNCEMENT_CHANNEL, POLL_TIMEOUT } from "@academy/contract/constants";
import type { FastifyReply } from "fastify";
import type { Database, Db } from "../../db/client.ts";
import { badRequest, forbidden, HttpError } from "../../lib/http-error.ts";
import { type JsonText, jsonText } from "../../lib/json-text.ts";
import { can } from "../../lib/permissions.ts";
import type { Principal } from "../../plugins/auth.ts";
import { countAttempt } from "../auth/service.ts";
import { type Bus, createMemoryBus, createPostgresBus, createRedisBus } from "./bus.ts";
import * as repo from "./repo.ts";

export type { Bus } from "./bus.ts";

/** Redis pub/sub when `redisUrl` is set; else LISTEN/NOTIFY on PostgreSQL; in memory on PGlite (one process). */
export async function createBus(database: Database, redisUrl: string | undefined, onError: (e: unknown) => void): Promise<Bus> {
  if (redisUrl) return createRedisBus(redisUrl, onError);
  if (database.kind === "postgres" && database.connectionString)
    return createPostgresBus({
      connectionString: database.connectionString,
      notify: (channel, payloads) => repo.notify(database.db, channel, payloads),
      onError,
    });
  return createMemoryBus();
}

/** Presence outlives a poll's hold by this much, so a client between two polls still counts as online. */
const PRESENCE_GRACE_MS = 30_000;
/** Channel events are kept this long for pollers that were between two polls. */
const EVENT_KEEP_MS = 3_600_000;

/**
 * This instance's long polls: how long one waits, and how many may wait at once (in all and
 * per user). The counts are per instance by design: a held poll is a socket of this process.
 */
export type Hub = {
  db: Db;
  bus: Bus;
  holdMs: number;
  maxTotal: number;
  maxPerUser: number;
  sendPerTenSeconds: number;
  held: number;
  perUser: Map<number, number>;
  /** Reads in flight by key: waiters woken together for the same thing share one query. */
  reading: Map<string, Promise<unknown>>;
  /** When this instance last moved a (channel, user) presence on, so a burst of polls writes it once. */
  presenceWritten: Map<string, number>;
  /** Aborted when the instance shuts down: held polls are answered at once. */
  closing: AbortController;
  /**
   * How to wake each held poll when the instance shuts down: a Set, not a listener each on
   * `closing.signal`, since an AbortSignal checks every listener it has on each add (thousands of
   * held polls made each new one cost a walk through all the others).
   */
  wakeOnClose: Set<() => void>;
  /** Where a signal that could not be sent is reported. */
  onPublishError: (e: unknown) => void;
};

export function createHub(
  db: Db,
  bus: Bus,
  opts: { holdMs: number; maxTotal: number; maxPerUser: number; sendPerTenSeconds: number },
  onPublishError: (e: unknown) => void = () => {},
): Hub {
  return {
    db,
    bus,
    ...opts,
    held: 0,
    perUser: new Map(),
    reading: new Map(),
    presenceWritten: new Map(),
    closing: new AbortController(),
    wakeOnClose: new Set(),
    onPublishError,
  };
}

/** Answers every held poll now (as if its hold had ended) and holds no new one: the instance is shutting down. */
export function release(hub: Hub): void {
  hub.closing.abort();
  for (const wake of [...hub.wakeOnClose]) wake();
}

export const pollTimeout = () => new HttpError(408, POLL_TIMEOUT);
const tooManyPolls = (message: string) => new HttpError(429, message, { headers: { "retry-after": "5" } });

/** Counts a user's send on a channel or in a room against their limit (shared across instances): 429 over it. */
export async function countSend(hub: Hub, userId: number): Promise<void> {
  await countAttempt(hub.db, { key: `realtime:send:${userId}`, max: hub.sendPerTenSeconds, windowSeconds: 10 });
}

/** Marks the user present on their own channel (the chat's "online") for as long as a poll or stream holds, plus a grace. */
export async function heartbeat(hub: Hub, userId: number, channels: string[] = [`user:${userId}`]): Promise<void> {
  const now = Date.now();
  const until = new Date(now + hub.holdMs + PRESENCE_GRACE_MS);
  for (const channel of channels) {
    const key = `${channel}|${userId}`;
    // Written less than a quarter of the grace ago: the row still runs well past this poll.
    if (now - (hub.presenceWritten.get(key) ?? 0) < PRESENCE_GRACE_MS / 4) continue;
    hub.presenceWritten.set(key, now);
    await repo.touchPresence(hub.db, channel, userId, until);
  }
  if (hub.presenceWritten.size > 50_000) hub.presenceWritten.clear();
}

/** Drops the note of a presence write (after an unsubscribe removed the row). */
const forgetPresence = (hub: Hub, channel: string, userId: number) => hub.presenceWritten.delete(`${channel}|${userId}`);

/** Runs `read` once for all callers asking for `key` at the same moment (a single flight). */
export function shared<T>(hub: Hub, key: string, read: () => Promise<T>): Promise<T> {
  const inFlight = hub.reading.get(key);
  if (inFlight) return inFlight as Promise<T>;
  const started = read().finally(() => hub.reading.delete(key));
  hub.reading.set(key, started);
  return started;
}

export const onlineUsers = (hub: Hub, userIds: number[]) => repo.onlineUsers(hub.db, userIds, new Date());

/** Signals every instance that these channels have news (one round trip on PostgreSQL). */
/**
 * Tells every instance's waiters of `channels` that something new was saved. Called after the
 * commit, so it never fails the call: a lost signal (the bus is down) is logged, and waiters
 * read the database again when their hold ends or the bus reconnects.
 */
export async function publish(hub: Hub, ...channels: string[]): Promise<void> {
  try {
    await hub.bus.publish(channels);
  } catch (e) {
    hub.onPublishError(e);
  }
}

/**
 * Holds a long poll: `read` runs now and again on every signal for `channels`, until it
 * answers something, the hold time ends (null), or the client goes away (`signal`, null).
 * 429 when this instance or this user holds too many already.
 */
export async function hold<T>(
  hub: Hub,
  userId: number,
  channels: string[],
  read: () => Promise<T | null>,
  signal?: AbortSignal,
  holdMs = hub.holdMs,
): Promise<T | null> {
  if (hub.held >= hub.maxTotal) throw tooManyPolls("The server is holding as many waiting calls as it can. Try again in a moment.");
  const mine = hub.perUser.get(userId) ?? 0;
  if (mine >= hub.maxPerUser)
    throw tooManyPolls(`At most ${hub.maxPerUser} waiting calls per person at once. Close another tab or try again.`);
  hub.held += 1;
  hub.perUser.set(userId, mine + 1);
  let wake: () => void = () => {};
  let pending = false;
  const onSignal = () => {
    pending = true;
    wake();
  };
  // Subscribed before the first read: nothing sent in between is missed.
  const unsubscribe = channels.map((c) => hub.bus.subscribe(c, onSignal));
  const deadline = Date.now() + holdMs;
  let timer: NodeJS.Timeout | undefined;
  const onAbort = () => wake();
  signal?.addEventListener("abort", onAbort);
  hub.wakeOnClose.add(onAbort);
  try {
    for (;;) {
      pending = false;
      const found = await read();
      if (found !== null) return found;
      const left = deadline - Date.now();
      if (left <= 0 || signal?.aborted || hub.closing.signal.aborted) return null;
      if (!pending) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, left);
        });
        clearTimeout(timer);
        wake = () => {};
      }
      if (signal?.aborted || hub.closing.signal.aborted) return null;
      if (!pending && Date.now() >= deadline) return null;
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
    hub.wakeOnClose.delete(onAbort);
    for (const u of unsubscribe) u();
    hub.held -= 1;
    const left = (hub.perUser.get(userId) ?? 1) - 1;
    if (left <= 0) hub.perUser.delete(userId);
    else hub.perUser.set(userId, left);
  }
}

// ---------------------------------------------------------------- generic channels

/** Whether the user may read (and, with `send`, write) a channel: 403 otherwise. */
async function assertChannel(hub: Hub, who: Principal, channel: string, send = false): Promise<void> {
  if (channel === ANNOUNCEMENT_CHANNEL) {
    if (send && !can(who, "chat.all")) throw forbidden("Only staff send announcements");
    return;
  }
  const [kind, idText] = channel.split(":");
  const id = Number(idText);
  if (kind === "user" && id === who.id) return;
  if (kind === "room" && (await repo.isRoomMember(hub.db, id, who.id))) return;
  throw forbidden("You cannot use this channel");
}

const eventOut = (e: repo.EventRow) => {
  let payload: unknown = e.payload;
  try {
    payload = JSON.parse(e.payload);
  } catch {
    // A plain text payload stays text.
  }
  return { id: e.id, room: e.channel, user_id: e.userId, payload, timestamp: e.createdAt.toISOString() };
};

export async function subscribe(hub: Hub, who: Principal, channel: string): Promise<void> {
  await assertChannel(hub, who, channel);
  await heartbeat(hub, who.id, [channel]);
}

export async function unsubscribe(hub: Hub, who: Principal, channel: string): Promise<void> {
  await assertChannel(hub, who, channel);
  await repo.dropPresence(hub.db, channel, who.id);
  forgetPresence(hub, channel, who.id);
}

export async function online(hub: Hub, who: Principal, channel: string) {
  await assertChannel(hub, who, channel);
  const rows = await repo.presentOn(hub.db, channel, new Date());
  return rows.map((r) => ({ user_id: r.userId, first_name: r.firstName, last_name: r.lastName }));
}

export async function send(hub: Hub, who: Principal, channel: string, payload: string | Record<string, unknown>) {
  await assertChannel(hub, who, channel, true);
  const text = typeof payload === "string" ? payload : JSON.stringify(payload);
  if (text.trim().length === 0) throw badRequest("The payload is empty", { payload: "Send something" });
  if (text.length > 2000) throw badRequest("The payload is too long", { payload: "At most 2000 characters" });
  await countSend(hub, who.id);
  const row = await repo.insertEvent(hub.db, { channel, userId: who.id, payload: text });
  await publish(hub, channel);
  return eventOut(row);
}

/**
 * Waits for events on a channel after `after` (default: from now); 408 when none came. Answers the
 * response's JSON text: every poll of the channel woken by the same event (all its readers on this
 * instance, whose access was checked when they came) shares one read and one serialisation.
 */
export async function poll(hub: Hub, who: Principal, channel: string, after: number | undefined, signal?: AbortSignal): Promise<JsonText> {
  await assertChannel(hub, who, channel);
  await heartbeat(hub, who.id, [channel]);
  const from = after ?? (await shared(hub, `event-last:${channel}`, () => repo.lastEventId(hub.db, channel)));
  const found = await hold(
    hub,
    who.id,
    [channel],
    () =>
      shared(hub, `event:${channel}:${from}`, async () => {
        const rows = await repo.eventsAfter(hub.db, channel, from);
        return rows.length ? jsonText(ChannelPollResponse, { error: false, list: rows.map(eventOut) }) : null;
      }),
    signal,
  );
  if (found === null) throw pollTimeout();
  return found;
}

/** Drops old channel events and presence that ran out, every minute, on every instance (idempotent). */
export function startRealtimeHousekeeping(hub: Hub, onError: (e: unknown) => void): { stop(): void } {
  const timer = setInterval(() => {
    const now = Date.now();
    repo.prune(hub.db, new Date(now - EVENT_KEEP_MS), new Date(now)).catch(onError);
  }, 60_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** Aborted when the client goes away before its answer: a held poll lets go of its slot at once. */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
