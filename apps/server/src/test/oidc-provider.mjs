// A certified OpenID Connect provider (`oidc-provider`) on this machine, for the server tests
// and the browser journeys. It approves every sign-in at once as the person `claims()` names,
// and is left in its default, spec-conformant mode unless told otherwise: the ID token carries
// no email, which the client reads from the userinfo endpoint.
import { createServer } from "node:http";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

/** @param {import("./oidc-provider.d.mts").OidcProviderOptions} options */
export async function startOidcProvider({ port = 0, clientId, clientSecret, redirectUris, claims, conformIdTokenClaims = true }) {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: "RS256", use: "sig", kid: "test" };
  const server = createServer();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(undefined)));
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: redirectUris,
        token_endpoint_auth_method: "client_secret_post",
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ["oidc-test-cookie-key"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    conformIdTokenClaims,
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ ...claims(), sub }) }),
  });
  const handle = provider.callback();

  server.on("request", async (req, res) => {
    if (!req.url?.startsWith("/interaction/")) return handle(req, res);
    try {
      // The person approves: signed in as the current identity, every asked scope granted.
      const details = await provider.interactionDetails(req, res);
      const accountId = String(claims().email ?? "anonymous");
      const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      grant.addOIDCScope(String(details.params.scope));
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  });

  return {
    issuer,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
