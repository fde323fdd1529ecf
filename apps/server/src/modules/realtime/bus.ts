import pg from "pg";

/**
 * Carries "something new on channel X" between server instances. Only the channel's name
 * travels: what is new is read from the database, so a lost or late signal costs a wait, never
 * a message (every waiter also re-reads when its hold ends or the bus reconnects).
 */
export type Bus = {
  readonly kind: "memory" | "postgres" | "redis";
  publish(channels: string[]): Promise<void>;
  /** Calls `fn` on every signal for `channel` (from any instance); answers the unsubscribe. */
  subscribe(channel: string, fn: () => void): () => void;
  /** What keeps signals from reaching other instances now (the listening connection or Redis is lost), or null. */
  problem(): string | null;
  close(): Promise<void>;
};

/** The fan-out to this instance's local subscribers, which every bus shares. */
export class LocalFanOut {
  private readonly byChannel = new Map<string, Set<() => void>>();

  subscribe(channel: string, fn: () => void): () => void {
    let set = this.byChannel.get(channel);
    if (!set) {
      set = new Set();
      this.byChannel.set(channel, set);
    }
    set.add(fn);
    return () => {
      const current = this.byChannel.get(channel);
      if (!current) return;
      current.delete(fn);
      if (current.size === 0) this.byChannel.delete(channel);
    };
  }

  deliver(channel: string): void {
    const set = this.byChannel.get(channel);
    if (!set) return;
    for (const fn of [...set]) fn();
  }

  /** Wakes everyone (after a reconnect, when signals may have been missed). */
  deliverAll(): void {
    for (const channel of [...this.byChannel.keys()]) this.deliver(channel);
  }
}

/** One process (PGlite): signals stay in memory. */
export function createMemoryBus(): Bus {
  const local = new LocalFanOut();
  return {
    kind: "memory",
    publish: async (channels) => {
      // After the sender's transaction, like NOTIFY: subscribers read committed rows.
      queueMicrotask(() => {
        for (const channel of channels) local.deliver(channel);
      });
    },
    subscribe: (channel, fn) => local.subscribe(channel, fn),
    problem: () => null,
    close: async () => {},
  };
}

const PG_CHANNEL = "academy_realtime";

/**
 * PostgreSQL LISTEN/NOTIFY: one dedicated connection listens (reconnecting with backoff);
 * `publish` notifies through a short-lived query on the pool's side (`notify`).
 */
export function createPostgresBus(opts: {
  connectionString: string;
  notify: (channel: string, payloads: string[]) => Promise<void>;
  onError?: (e: unknown) => void;
}): Bus {
  const local = new LocalFanOut();
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 100;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: opts.connectionString });
    c.on("notification", (n) => {
      if (n.channel === PG_CHANNEL && n.payload) local.deliver(n.payload);
    });
    c.on("error", (e) => {
      opts.onError?.(e);
      reconnect(c);
    });
    c.on("end", () => reconnect(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${PG_CHANNEL}`);
      if (closed) {
        await c.end().catch(() => {});
        return;
      }
      client = c;
      retryMs = 100;
      // Whatever was sent while we were not listening: waiters read the database again.
      local.deliverAll();
    } catch (e) {
      opts.onError?.(e);
      reconnect(c);
    }
  };
  const reconnect = (c: pg.Client) => {
    if (closed || (client !== null && client !== c)) return;
    client = null;
    c.end().catch(() => {});
    clearTimeout(timer);
    timer = setTimeout(() => void connect(), retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, 5_000);
  };
  const ready = connect();

  return {
    kind: "postgres",
    publish: (channels) => opts.notify(PG_CHANNEL, channels),
    subscribe: (channel, fn) => local.subscribe(channel, fn),
    problem: () => (client === null && !closed ? "the realtime listening connection to PostgreSQL is lost; reconnecting" : null),
    async close() {
      closed = true;
      clearTimeout(timer);
      await ready.catch(() => {});
      await client?.end().catch(() => {});
      client = null;
    },
  };
}

/** Redis pub/sub (REDIS_URL): one subscriber connection and one for publishing. */
export async function createRedisBus(url: string, onError?: (e: unknown) => void): Promise<Bus> {
  const { Redis } = await import("ioredis");
  const local = new LocalFanOut();
  const sub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  // A signal while Redis is away fails at once (the caller logs it) instead of queueing behind reconnects.
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: false });
  sub.on("error", (e) => onError?.(e));
  pub.on("error", (e) => onError?.(e));
  sub.on("message", (ch: string, message: string) => {
    if (ch === PG_CHANNEL) local.deliver(message);
  });
  // After a reconnect ioredis subscribes again; waiters read the database again in case of a gap.
  sub.on("ready", () => local.deliverAll());
  await Promise.all([sub.connect(), pub.connect()]);
  await sub.subscribe(PG_CHANNEL);
  return {
    kind: "redis",
    publish: async (channels) => {
      await Promise.all(channels.map((channel) => pub.publish(PG_CHANNEL, channel)));
    },
    subscribe: (channel, fn) => local.subscribe(channel, fn),
    problem: () => (pub.status === "ready" && sub.status === "ready" ? null : "Redis is unreachable; reconnecting"),
    async close() {
      sub.disconnect();
      pub.disconnect();
    },
  };
}
