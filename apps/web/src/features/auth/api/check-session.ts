import type { Role } from "@academy/contract/common";
import { ApiError, api, isErrorBody } from "../../../lib/api-client";

export type SessionCheckResult = "valid" | "invalid" | "unknown";

/**
 * POST /v2/api/lambda/check {role}. An error answer means the session is over; a network
 * failure says nothing about the session, so it is "unknown" and the session is kept.
 * Expiry here does not raise the modal: the start-up check logs out and redirects itself.
 */
export async function checkSession(role: Role): Promise<SessionCheckResult> {
  try {
    const answer = await api.post<{ error: false }>("/v2/api/lambda/check", { role }, { silentExpiry: true });
    return isErrorBody(answer) ? "invalid" : "valid";
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) return "invalid";
    return "unknown";
  }
}
