// The certified OpenID Connect provider for the browser journeys, in its default, spec-conformant
// mode (the email is at the userinfo endpoint, not in the ID token): approves every sign-in as one person.
import { startOidcProvider } from "../../apps/server/src/test/oidc-provider.mjs";

// node tests/e2e/oidc-provider.mjs <port> <the academy's redirect URI>
const [port, redirectUri] = process.argv.slice(2);
const provider = await startOidcProvider({
  port: Number(port),
  clientId: "academy-e2e",
  clientSecret: "academy-e2e-secret",
  redirectUris: [String(redirectUri)],
  claims: () => ({ email: "oidc-candidate@e2e.test", email_verified: true, given_name: "Noor", family_name: "Haddad" }),
});
console.log(`OpenID Connect provider on ${provider.issuer}`);
