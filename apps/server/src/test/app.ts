import { encodeProjectHeader } from "@academy/contract/common";
import type { StaffRole } from "@academy/contract/staff";
import { generate } from "otplib";
import { afterAll } from "vitest";
import { type AppOptions, buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import type { Clock } from "../modules/auth/tokens.ts";
import { createTestDatabase } from "./database.ts";

export const TEST_ENV = {
  NODE_ENV: "test",
  PROJECT_ID: "academy-test",
  PROJECT_SECRET: "test-project-secret",
  JWT_SECRET: "test-signing-key-0123456789abcdef0123456789abcdef",
  TOKEN_TTL_SECONDS: "3600",
  // Test files sign up many accounts from one address; the register limit's own test lowers it.
  REGISTER_RATE_LIMIT: "100000",
} as const;

export const PROJECT = encodeProjectHeader(TEST_ENV.PROJECT_ID, TEST_ENV.PROJECT_SECRET);

type Call = { token?: string; body?: unknown; headers?: Record<string, string>; query?: Record<string, string> };

/**
 * A clock for the app's tokens and two-factor codes that runs with real time until a test stops it
 * at a moment of its choosing (`stopAt`), and moves only when told (`advance`) from then on.
 */
export function testClock() {
  let stopped: number | null = null;
  return {
    now: (): number => stopped ?? Date.now(),
    stopAt(ms: number) {
      stopped = ms;
    },
    advance(ms: number) {
      stopped = (stopped ?? Date.now()) + ms;
    },
    resume() {
      stopped = null;
    },
  };
}

/** What `createTestApp` answers: the app, its database and the helpers that call it. */
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The whole app on a fresh database, closed after the file's tests. */
export async function createTestApp(env: Record<string, string> = {}, opts: { clock?: Clock; logger?: AppOptions["logger"] } = {}) {
  const config: Config = loadConfig({ ...TEST_ENV, ...env });
  const database = await createTestDatabase();
  const app = await buildApp({ config, database, serveWeb: false, clock: opts.clock, logger: opts.logger });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  /** A call as the web app makes it: project header, optional bearer, JSON body. */
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, opts: Call = {}) =>
    app.inject({
      method,
      url,
      query: opts.query,
      headers: {
        "x-project": PROJECT,
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });

  /** Turns two-factor sign-in on for the token's account with a code of the current step; answers the secret. */
  async function turnOnTwoFactor(token: string): Promise<string> {
    const enable = await call("POST", "/v2/api/lambda/2fa/enable", { token });
    if (enable.statusCode !== 200) throw new Error(`2fa/enable failed: ${enable.statusCode} ${enable.body}`);
    const { secret } = enable.json() as { secret: string };
    const done = await call("POST", "/v2/api/lambda/2fa/authorize", { token, body: { token: await generate({ secret }) } });
    if (done.statusCode !== 200) throw new Error(`2fa/authorize failed: ${done.statusCode} ${done.body}`);
    return secret;
  }

  let counter = 0;
  /**
   * Registers a fresh account (the first admin, or a user) and answers its login answer. An admin
   * gets two-factor sign-in turned on, as staff must before their token opens anything (unless
   * `twoFactor: false`); its secret comes back as `totpSecret`.
   */
  async function signUp(role: "user" | "admin" = "user", overrides: Record<string, unknown> = {}, opts: { twoFactor?: boolean } = {}) {
    counter += 1;
    const email = `${role}${counter}-${Date.now()}@example.test`;
    const res = await call("POST", "/v2/api/lambda/register", {
      body: { email, password: "correct horse battery", first_name: "Test", last_name: `Person ${counter}`, role, ...overrides },
    });
    if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
    const answer = res.json() as { token: string; user_id: number; expire_at: number };
    const totpSecret = role === "admin" && opts.twoFactor !== false ? await turnOnTwoFactor(answer.token) : undefined;
    return { ...answer, email, password: "correct horse battery", totpSecret };
  }

  /**
   * A staff member of `staffRole`, made by an administrator (`byToken`), signed in with two-factor
   * sign-in turned on: their token, id, email and password.
   */
  async function staffMember(byToken: string, staffRole: StaffRole) {
    counter += 1;
    const email = `${staffRole}${counter}-${Date.now()}@example.test`;
    const password = "correct horse battery";
    const made = await call("POST", "/v2/api/lambda/register", {
      token: byToken,
      body: { email, password, first_name: "Staff", last_name: `${staffRole} ${counter}`, role: "admin", staff_role: staffRole },
    });
    if (made.statusCode !== 200) throw new Error(`staff creation failed: ${made.statusCode} ${made.body}`);
    const login = await call("POST", "/v2/api/lambda/login", { body: { email, password, role: "admin" } });
    if (login.statusCode !== 200) throw new Error(`staff login failed: ${login.statusCode} ${login.body}`);
    const answer = login.json() as { token: string; user_id: number };
    const totpSecret = await turnOnTwoFactor(answer.token);
    return { token: answer.token, user_id: answer.user_id, email, password, totpSecret };
  }

  return { app, database, db: database.db, config, call, signUp, turnOnTwoFactor, staffMember };
}
