import type { LoginRequest, SignInResponse } from "@academy/contract/auth";
import { api } from "../../../lib/api-client";

/**
 * POST /v2/api/lambda/login: 403 "Invalid Credentials" throws; other errors come back as values.
 * A plain call, not a query hook: the sign-in screens stay free of the query library (first-screen budget).
 */
export function login(body: LoginRequest) {
  return api.post<SignInResponse>("/v2/api/lambda/login", body, { auth: false });
}
