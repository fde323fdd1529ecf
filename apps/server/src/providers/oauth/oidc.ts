import * as client from "openid-client";
import type { OidcProvider } from "../../config.ts";

export type OidcIdentity = { email: string; emailVerified: boolean; firstName: string; lastName: string };

/** Loopback issuers (a provider run on this machine, as in tests) may use plain HTTP; others must use HTTPS. */
const isLoopbackHttp = (issuer: string) => {
  const url = new URL(issuer);
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
};

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
      const claims = tokens.claims();
      const email = typeof claims?.email === "string" ? claims.email.toLowerCase() : "";
      return {
        email,
        emailVerified: claims?.email_verified === true,
        firstName: typeof claims?.given_name === "string" ? claims.given_name.slice(0, 80) : "",
        lastName: typeof claims?.family_name === "string" ? claims.family_name.slice(0, 80) : "",
      };
    },
  };
}
export type OidcClients = ReturnType<typeof createOidcClients>;
