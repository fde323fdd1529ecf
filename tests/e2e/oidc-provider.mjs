// A local OpenID Connect provider for the browser journeys: approves every sign-in as one person.
import { OAuth2Server } from "oauth2-mock-server";

const port = Number(process.argv[2]);
const server = new OAuth2Server();
await server.issuer.keys.generate("RS256");
server.service.on("beforeTokenSigning", (token) => {
  Object.assign(token.payload, { email: "oidc-candidate@e2e.test", email_verified: true, given_name: "Noor", family_name: "Haddad" });
});
await server.start(port, "127.0.0.1");
// The issuer names the address it listens on (it would say "localhost" otherwise).
server.issuer.url = `http://127.0.0.1:${port}`;
console.log(`OpenID Connect provider on ${server.issuer.url}`);
