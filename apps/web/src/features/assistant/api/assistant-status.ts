import type { AssistantStatusResponse } from "@academy/contract/library";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { assistantKeys } from "./keys";

/** GET /v2/api/qna/server/status: which answerer runs, what it can do, and today's questions. */
export function useAssistantStatus() {
  return useQuery({
    queryKey: assistantKeys.status,
    queryFn: async () => (await unwrap(api.get<Answer<typeof AssistantStatusResponse>>("/v2/api/qna/server/status"))).model,
  });
}
