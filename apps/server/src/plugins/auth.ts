import { type Role, TWO_FACTOR_REQUIRED } from "@academy/contract/common";
import type { Permission, StaffRole } from "@academy/contract/staff";
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler, preHandlerHookHandler } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/client.ts";
import { prepareCurrentAccount } from "../db/current-account.ts";
import { forbidden, HttpError, invalidToken, tokenExpired, twoFactorSetupRequired, unauthorized } from "../lib/http-error.ts";
import { can } from "../lib/permissions.ts";
import type { TokenService } from "../modules/auth/tokens.ts";

/** The caller of a request: route role, and inside staff (`admin`) their staff role. */
export type Principal = {
  id: number;
  role: Role;
  tokenVersion: number;
  staffRole: StaffRole | null;
  /** The session the token belongs to (0: a token of no session). */
  sessionId: number;
};

/** Marks the auth guards so routes can be found by guard and guards moved before validation. */
const GUARD = Symbol("auth guard");
const PERMISSION = Symbol("staff permission");
type GuardKind = "admin" | "signed-in" | "optional";
type Guard = preHandlerAsyncHookHandler & { [GUARD]?: GuardKind; [PERMISSION]?: Permission };
const mark = (fn: preHandlerAsyncHookHandler, kind: GuardKind, permission?: Permission): preHandlerAsyncHookHandler =>
  Object.assign(fn, { [GUARD]: kind, [PERMISSION]: permission });

/** A staff route as the registry lists it: `permission` is what `requireStaff` asks for (none: a bare `requireAuth("admin")`). */
export type StaffRoute = { method: string; url: string; permission: Permission | undefined };

declare module "fastify" {
  interface FastifyRequest {
    principal: Principal | null;
    /** Set by `readerAuth`: the token is genuine and unexpired, its revocation not yet checked. */
    isAccountUnconfirmed: boolean;
    /**
     * An admin whose account has no two-factor sign-in yet while ADMIN_2FA_REQUIRED holds: only
     * routes with `config.beforeTwoFactorSetup` get this far; every other call answers 403.
     */
    isTwoFactorSetupPending: boolean;
  }
  interface FastifyContextConfig {
    /** The route also serves an admin who still has to set up two-factor sign-in (setup, profile, logout). */
    beforeTwoFactorSetup?: boolean;
  }
  interface FastifyInstance {
    tokens: TokenService;
    /** preHandler: a valid, unrevoked access token, and one of `roles` when given. */
    requireAuth(...roles: Role[]): preHandlerAsyncHookHandler;
    /**
     * preHandler of a staff route: a staff session (route role `admin`) whose staff role holds
     * `permission`; anyone else gets 403 "Invalid Access" (401 without a token), before the input is read.
     */
    requireStaff(permission: Permission): preHandlerAsyncHookHandler;
    /** preHandler: reads the token when one is sent; anonymous otherwise. */
    optionalAuth: preHandlerAsyncHookHandler;
    /**
     * preHandler for reads that check revocation inside their own query (one round trip less):
     * like optionalAuth, but it leaves `isAccountUnconfirmed` set, and the handler must confirm
     * the account before it answers. A token verified before is taken at once, without a promise.
     */
    readerAuth: preHandlerHookHandler;
    /** preHandler: like optionalAuth, but an invalid or expired token counts as anonymous. */
    lenientAuth: preHandlerAsyncHookHandler;
    /** Every staff route (`requireStaff`, or a bare `requireAuth("admin")`), with its permission, for the test matrices. */
    adminRoutes: StaffRoute[];
  }
}

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] && match[1] !== "null" && match[1] !== "undefined" ? match[1] : null;
}

export const authPlugin = fp<{ db: Db; tokens: TokenService; adminTwoFactorRequired: boolean }>(
  async (app: FastifyInstance, { db, tokens, adminTwoFactorRequired }) => {
    app.decorate("tokens", tokens);
    app.decorateRequest("principal", null);
    app.decorateRequest("isAccountUnconfirmed", false);
    app.decorateRequest("isTwoFactorSetupPending", false);
    app.decorate("adminRoutes", [] as StaffRoute[]);

    // Routes name their guard as a preHandler; it runs before body validation instead, so a caller
    // without the right role learns nothing about a call's input (401/403 come before 400).
    app.addHook("onRoute", (route) => {
      const handlers = [route.preHandler ?? []].flat() as Guard[];
      const guards = handlers.filter((h) => h[GUARD]);
      if (!guards.length) return;
      route.preHandler = handlers.filter((h) => !h[GUARD]);
      route.preValidation = [...guards, ...([route.preValidation ?? []].flat() as Guard[])];
      const staffGuard = guards.find((g) => g[GUARD] === "admin");
      const permission = staffGuard?.[PERMISSION];
      // The OpenAPI description says what a staff route needs (the docs read the route's schema later).
      if (permission && route.schema) {
        const said = route.schema.description ? `${route.schema.description}\n\n` : "";
        route.schema.description = `${said}Staff permission: \`${permission}\` (packages/contract/src/staff.ts); other staff get 403.`;
      }
      if (staffGuard)
        for (const method of [route.method].flat())
          if (method !== "HEAD") app.adminRoutes.push({ method, url: route.url, permission: staffGuard[PERMISSION] });
    });

    // Every authenticated call runs this: prepared once per connection.
    const currentAccount = prepareCurrentAccount(db);

    /** The caller a token's verdict names, or the 401 it gets. */
    function principalOf(claims: Awaited<ReturnType<TokenService["verify"]>>): Principal {
      if (claims === "expired") throw tokenExpired();
      if (claims === "invalid") throw invalidToken();
      return {
        id: claims.userId,
        role: claims.role,
        tokenVersion: claims.tokenVersion,
        staffRole: claims.staffRole,
        sessionId: claims.sessionId,
      };
    }

    async function claimsOf(token: string): Promise<Principal> {
      return principalOf(await tokens.verify(token));
    }

    /**
     * The caller of a valid, unrevoked token. An admin still without two-factor sign-in (when it is
     * required) gets only as far as the routes that let them set it up.
     */
    async function resolve(request: FastifyRequest, token: string): Promise<Principal> {
      const principal = await claimsOf(token);
      const row = await currentAccount({ ...principal, userId: principal.id });
      if (!row) throw tokenExpired();
      if (adminTwoFactorRequired && principal.role === "admin" && !row.twoFactorEnabled) {
        if (!request.routeOptions.config.beforeTwoFactorSetup) throw twoFactorSetupRequired();
        request.isTwoFactorSetupPending = true;
      }
      return principal;
    }

    app.decorate(
      "requireAuth",
      (...roles: Role[]): preHandlerAsyncHookHandler =>
        mark(
          async (request) => {
            const token = bearerOf(request);
            if (!token) throw unauthorized();
            request.principal = await resolve(request, token);
            if (roles.length && !roles.includes(request.principal.role)) throw forbidden();
          },
          roles.length === 1 && roles[0] === "admin" ? "admin" : "signed-in",
        ),
    );

    app.decorate(
      "requireStaff",
      (permission: Permission): preHandlerAsyncHookHandler =>
        mark(
          async (request) => {
            const token = bearerOf(request);
            if (!token) throw unauthorized();
            request.principal = await resolve(request, token);
            if (!can(request.principal, permission)) throw forbidden();
          },
          "admin",
          permission,
        ),
    );

    app.decorate(
      "optionalAuth",
      mark(async (request: FastifyRequest) => {
        const token = bearerOf(request);
        if (token) request.principal = await resolve(request, token);
      }, "optional"),
    );

    /**
     * Takes `claims` as a reader's: its account still to be confirmed by the read's own query. A
     * staff reader is confirmed here when two-factor sign-in is required (a question for the
     * database): only then is there anything to wait for.
     */
    function asReader(request: FastifyRequest, token: string, claims: Principal): Promise<void> | undefined {
      if (adminTwoFactorRequired && claims.role === "admin")
        return resolve(request, token).then((principal) => {
          request.principal = principal;
        });
      request.principal = claims;
      request.isAccountUnconfirmed = true;
      return undefined;
    }

    app.decorate("readerAuth", (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) => {
      const token = bearerOf(request);
      if (!token) return done();
      const kept = tokens.keptVerdict(token);
      let pending: Promise<void> | undefined;
      try {
        pending =
          kept === undefined
            ? claimsOf(token).then((claims) => asReader(request, token, claims))
            : asReader(request, token, principalOf(kept));
      } catch (e) {
        return done(e as Error);
      }
      if (!pending) return done();
      pending.then(() => done(), done);
    });

    app.decorate(
      "lenientAuth",
      mark(async (request: FastifyRequest) => {
        const token = bearerOf(request);
        if (token)
          request.principal = await resolve(request, token).catch((e: unknown) => {
            // A valid staff token that still needs two-factor setup is no stale token: it is refused.
            if (e instanceof HttpError && e.extra.code !== TWO_FACTOR_REQUIRED) return null;
            throw e;
          });
      }, "optional"),
    );
  },
);
