import { api } from "../../../lib/api-client";

/** POST /v2/api/lambda/logout: revokes the token on the server; failure does not block signing out. */
export async function logout(): Promise<void> {
  try {
    await api.post("/v2/api/lambda/logout", undefined, { silentExpiry: true });
  } catch {
    // Signing out locally is what matters to the person.
  }
}
