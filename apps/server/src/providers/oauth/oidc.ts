import * as client from "openid-client";
import type { OidcProvider } from "../../config.ts";

export type OidcIdentity = { email: string; emailVerified: boolean; firstName: string; lastName: string };

/** Loopback issuers (a provider run on this machine, as in tests) may use plain HTTP; others must use HTTPS. */
const isLoopbackHttp = (issuer: string) => {
  const url = new URL(issuer);
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
};

/** The ID token's own names win over userinfo's (userinfo answers for the same subject, checked). */
const definedOf = (claims: Record<string, unknown>) => Object.fromEntries(Object.entries(claims).filter(([, v]) => v !== undefined));

/**
 * Only `email_verified: true` verifies an email (some providers send the string "true"); a
 * provider trusted by configuration (`OIDC_<NAME>_TRUST_EMAIL`) that never sends the claim
 * counts as verified, but an explicit `false` is refused even then.
 */
const isEmailVerified = (claim: unknown, trustEmail: boolean) => claim === true || claim === "true" || (trustEmail && claim === undefined);

/** An OpenID Connect client per configured provider (discovery once, then cached). */
export function createOidcClients(providers: Record<string, OidcProvider>) {
  const configs = new Map<string, Promise<client.Configuration>>();

  function configOf(name: string): Promise<client.Configuration> | null {
    const provider = providers[name];
    if (!provider) return null;
    let config = configs.get(name);
    if (!config) {
      const insecure = isLoopbackHttp(provider.issuer);
      config = client.discovery(
        new URL(provider.issuer),
        provider.clientId,
        undefined,
        client.ClientSecretPost(provider.clientSecret),
        insecure ? { execute: [client.allowInsecureRequests] } : undefined,
      );
      // A failed discovery is retried on the next sign-in instead of being cached.
      config.catch(() => configs.delete(name));
      configs.set(name, config);
    }
    return config;
  }

  return {
    isConfigured: (name: string) => name in providers,
    names: () => Object.keys(providers),

    /** The provider's authorization URL plus what to keep for the callback. */
    async start(name: string, redirectUri: string) {
      const config = await configOf(name)!;
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        state,
        nonce,
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    /** Exchanges the code of the callback URL and answers the verified identity. */
    async finish(name: string, callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<OidcIdentity> {
      const config = await configOf(name)!;
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idClaims: Record<string, unknown> = tokens.claims() ?? {};
      // Conformant providers put the scope's claims (email, email_verified, names) at the
      // userinfo endpoint, not in the ID token: read it when the ID token lacks them.
      const isComplete = typeof idClaims.email === "string" && idClaims.email_verified !== undefined;
      const userinfo: Record<string, unknown> =
        isComplete || !config.serverMetadata().userinfo_endpoint
          ? {}
          : await client.fetchUserInfo(config, tokens.access_token, String(idClaims.sub));
      // An email and whether it is verified always come from the same answer.
      const emailSource = typeof userinfo.email === "string" && !isComplete ? userinfo : idClaims;
      const claims: Record<string, unknown> = {
        ...userinfo,
        ...definedOf(idClaims),
        email: emailSource.email,
        email_verified: emailSource.email_verified,
      };
      const email = typeof claims.email === "string" ? claims.email.toLowerCase() : "";
      return {
        email,
        emailVerified: isEmailVerified(claims.email_verified, providers[name]!.trustEmail),
        firstName: typeof claims.given_name === "string" ? claims.given_name.slice(0, 80) : "",
        lastName: typeof claims.family_name === "string" ? claims.family_name.slice(0, 80) : "",
      };
    },
  };
}
export type OidcClients = ReturnType<typeof createOidcClients>;
