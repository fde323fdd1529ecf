import type { AssistantHistoryResponse } from "@academy/contract/library";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { assistantKeys } from "./keys";

/** GET /v2/api/qna/history: the candidate's own conversation, oldest first. */
export function useAssistantHistory() {
  return useQuery({
    queryKey: assistantKeys.history,
    queryFn: async () => (await unwrap(api.get<Answer<typeof AssistantHistoryResponse>>("/v2/api/qna/history"))).list,
  });
}
