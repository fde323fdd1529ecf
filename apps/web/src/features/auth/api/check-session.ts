import type { CheckResponse } from "@academy/contract/auth";
import type { Role } from "@academy/contract/common";
import { ApiError, api, isErrorBody } from "../../../lib/api-client";

/** "two-factor-setup": a valid staff session that opens nothing until two-factor sign-in is on. */
export type SessionCheckResult = "valid" | "two-factor-setup" | "invalid" | "unknown";

/**
 * POST /v2/api/lambda/check {role}. An error answer means the session is over; a network
 * failure says nothing about the session, so it is "unknown" and the session is kept.
 * Expiry here does not raise the modal: the start-up check logs out and redirects itself.
 */
export async function checkSession(role: Role): Promise<SessionCheckResult> {
  try {
    const answer = await api.post<CheckResponse>("/v2/api/lambda/check", { role }, { silentExpiry: true });
    if (isErrorBody(answer)) return "invalid";
    return answer.two_factor_setup_required ? "two-factor-setup" : "valid";
  } catch (error) {
    if (error instanceof ApiError && error.status > 0) return "invalid";
    return "unknown";
  }
}
