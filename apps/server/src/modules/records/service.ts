import type { Principal } from "../../plugins/auth.ts";
import type { Actor } from "./engine.ts";

// What the records engine offers other modules: writing a row of an exposed table as a given
// actor, under that table's rules (access, writable fields, rich-text sanitizing).
export { type Actor, createRow, updateRows } from "./engine.ts";

/** The actor of a request: its signed-in account (and whether it is still unconfirmed), or anonymous. */
export const actorOf = (request: { principal?: Principal | null; isAccountUnconfirmed?: boolean }): Actor =>
  request.principal
    ? {
        role: request.principal.role,
        userId: request.principal.id,
        staffRole: request.principal.staffRole,
        unconfirmedVersion: request.isAccountUnconfirmed ? request.principal.tokenVersion : undefined,
        unconfirmedSession: request.isAccountUnconfirmed ? request.principal.sessionId : undefined,
      }
    : { role: "anonymous", userId: null };
