import type { AssistantStatus } from "@academy/contract/library";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

/** GET /v2/api/qna/server/status: which answerer runs, what it can do, and today's questions. */
export function useAssistantStatus() {
  return useQuery({
    queryKey: ["assistant", "status"],
    queryFn: async () => (await unwrap(api.get<{ model: AssistantStatus }>("/v2/api/qna/server/status"))).model,
  });
}
