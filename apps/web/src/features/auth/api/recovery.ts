import type { LoginResponse, SignInResponse } from "@academy/contract/auth";
import type { MessageResponse, OkResponse, Role } from "@academy/contract/common";
import { api } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";

// Plain calls, not query hooks: the public screens stay free of the query library.

/** POST forgot: the same answer for known and unknown emails. */
export const requestPasswordReset = (email: string, role: Role) =>
  api.post<Answer<typeof MessageResponse>>("/v2/api/lambda/forgot", { email, role }, { auth: false });

/** POST reset {token, code, password}: 403 (bad or used link or code) comes back as a value. */
export const resetPassword = (body: { token: string; code: string; password: string }) =>
  api.post<Answer<typeof MessageResponse>>("/v2/api/lambda/reset", body, { auth: false, throwOn: [] });

/** POST magic-login/generate: mails a link to /magic-login/verify. */
export const requestMagicLink = (email: string, role: Role) =>
  api.post<Answer<typeof OkResponse>>(
    "/v2/api/lambda/magic-login/generate",
    { email, role, url: `${window.location.origin}/magic-login/verify` },
    { auth: false },
  );

/** POST magic-login {token}: the login answer, or a two-factor step. */
export const magicLogin = (token: string) =>
  api.post<SignInResponse>("/v2/api/lambda/magic-login", { token }, { auth: false, throwOn: [] });

/** POST 2fa/verify {access_token, token}: completes a two-factor login. */
export const verifyTwoFactor = (accessToken: string, code: string) =>
  api.post<LoginResponse>("/v2/api/lambda/2fa/verify", { access_token: accessToken, token: code }, { auth: false, throwOn: [] });

/** POST verify/email {token}: confirms the address the link was mailed to; 400 comes back as a value. */
export const verifyEmail = (token: string) =>
  api.post<Answer<typeof MessageResponse>>("/v2/api/lambda/verify/email", { token }, { auth: false, throwOn: [] });
