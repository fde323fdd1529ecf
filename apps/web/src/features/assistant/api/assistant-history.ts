import type { AssistantAnswer } from "@academy/contract/library";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

/** GET /v2/api/qna/history: the candidate's own conversation, oldest first. */
export function useAssistantHistory() {
  return useQuery({
    queryKey: ["assistant", "history"],
    queryFn: async () => (await unwrap(api.get<{ list: AssistantAnswer[] }>("/v2/api/qna/history"))).list,
  });
}
