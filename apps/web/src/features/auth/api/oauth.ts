import type { OAuthProvidersResponse, OAuthStartResponse } from "@academy/contract/auth";
import type { Role } from "@academy/contract/common";
import { api, isErrorBody } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";

/** GET oauth/providers: names of the OpenID Connect providers configured on the server. */
export async function listOAuthProviders(): Promise<string[]> {
  const answer = await api.get<Answer<typeof OAuthProvidersResponse>>("/v2/api/lambda/oauth/providers", { auth: false });
  return isErrorBody(answer) ? [] : answer.list;
}

/** GET {provider}/login?role=: the provider's sign-in URL to send the browser to. */
export const startOAuth = (provider: string, role: Role) =>
  api.get<Answer<typeof OAuthStartResponse>>(`/v2/api/lambda/${encodeURIComponent(provider)}/login`, {
    auth: false,
    query: { role },
    throwOn: [],
  });
