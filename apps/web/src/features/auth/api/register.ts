import type { LoginResponse, RegisterRequest } from "@academy/contract/auth";
import { api } from "../../../lib/api-client";

/** POST /v2/api/lambda/register: answers like login. */
export function register(body: RegisterRequest) {
  return api.post<LoginResponse>("/v2/api/lambda/register", body, { auth: false });
}
