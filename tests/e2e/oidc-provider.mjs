// The certified OpenID Connect provider for the browser journeys, in its default, spec-conformant
// mode (the email is at the userinfo endpoint, not in the ID token): approves every sign-in as one person.
import { startOidcProvider } from "../../apps/server/src/test/oidc-provider.mjs";

const port = Number(process.argv[2]);
const provider = await startOidcProvider({
  port,
  clientId: "academy-e2e",
  clientSecret: "academy-e2e-secret",
  // The journeys' server listens on the first port of the worker's ten (helpers.ts).
  redirectUris: [`http://127.0.0.1:${port - 4}/oauth/mock/callback`],
  claims: () => ({ email: "oidc-candidate@e2e.test", email_verified: true, given_name: "Noor", family_name: "Haddad" }),
});
console.log(`OpenID Connect provider on ${provider.issuer}`);
