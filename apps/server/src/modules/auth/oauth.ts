import { randomBytes } from "node:crypto";
import type { Role } from "@academy/contract/common";
import type { OAuthErrorCode } from "@academy/contract/constants";
import { HttpError } from "../../lib/http-error.ts";
import { hashPassword } from "../../lib/passwords.ts";
import { hashToken, newSecureToken } from "../../lib/secure-token.ts";
import type { OidcClients } from "../../providers/oauth/oidc.ts";
import { MAGIC_MINUTES } from "./recovery.ts";
import * as repo from "./repo.ts";
import type { AuthDeps } from "./service.ts";

const REQUEST_MINUTES = 10;

const notConfigured = (provider: string) => new HttpError(404, `Sign-in with ${provider} is not configured on this server`);

/** A provider sign-in that failed: the callback sends the browser back to the sign-in page of `role` with `code`. */
export class OAuthSignInError extends Error {
  readonly code: OAuthErrorCode;
  readonly role: Role;

  constructor(code: OAuthErrorCode, role: Role = "user", cause?: unknown) {
    super(`Provider sign-in failed: ${code}`, { cause });
    this.code = code;
    this.role = role;
  }
}

export const callbackUrlOf = (publicUrl: string, provider: string) => `${publicUrl}/oauth/${provider}/callback`;

/** Starts sign-in at a provider: answers the URL to send the browser to. */
export async function startOAuth(deps: AuthDeps, oidc: OidcClients, provider: string, role: Role): Promise<string> {
  if (!oidc.isConfigured(provider)) throw notConfigured(provider);
  let started: Awaited<ReturnType<OidcClients["start"]>>;
  try {
    started = await oidc.start(provider, callbackUrlOf(deps.config.publicUrl, provider));
  } catch {
    throw new HttpError(503, `Sign-in with ${provider} is unavailable right now. Try again later.`);
  }
  await repo.insertOAuthRequest(deps.db, {
    stateHash: hashToken(started.state),
    provider,
    role,
    codeVerifier: started.codeVerifier,
    nonce: started.nonce,
    expiresAt: new Date(Date.now() + REQUEST_MINUTES * 60_000),
  });
  return started.url;
}

/**
 * Finishes sign-in on the provider's callback: checks state, PKCE and nonce, finds (or, for
 * candidates, creates) the account of the verified email, and answers a one-time sign-in
 * token for /magic-login/verify, which applies two-factor sign-in like every other path.
 */
export async function finishOAuth(deps: AuthDeps, oidc: OidcClients, provider: string, callbackUrl: URL): Promise<string> {
  if (!oidc.isConfigured(provider)) throw new OAuthSignInError("not_configured");
  const state = callbackUrl.searchParams.get("state");
  if (!state) throw new OAuthSignInError("failed");
  const request = await repo.claimOAuthRequest(deps.db, provider, hashToken(state));
  if (!request) throw new OAuthSignInError("expired");
  const role = request.role;
  let identity: Awaited<ReturnType<OidcClients["finish"]>>;
  try {
    identity = await oidc.finish(provider, callbackUrl, { state, nonce: request.nonce, codeVerifier: request.codeVerifier });
  } catch (error) {
    throw new OAuthSignInError("failed", role, error);
  }
  if (!identity.email || !identity.emailVerified) throw new OAuthSignInError("unverified_email", role);

  let user = await repo.findUserByEmail(deps.db, identity.email);
  if (user && (user.role !== role || user.status !== "active")) throw new OAuthSignInError("no_account", role);
  if (!user) {
    // Staff accounts come from invitations only; candidates may sign up with a provider.
    if (role !== "user") throw new OAuthSignInError("no_staff_account", role);
    user = await repo.insertUser(deps.db, {
      email: identity.email,
      passwordHash: await hashPassword(randomBytes(32).toString("base64url")),
      role: "user",
      firstName: identity.firstName,
      lastName: identity.lastName,
      emailVerified: true,
    });
  }
  const token = newSecureToken();
  await repo.insertAuthToken(deps.db, {
    userId: user.id,
    kind: "magic",
    tokenHash: hashToken(token),
    role: user.role,
    expiresAt: new Date(Date.now() + MAGIC_MINUTES * 60_000),
  });
  return token;
}
