import type { AssistantAnswer, AssistantAnswerResponse } from "@academy/contract/library";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { assistantKeys } from "./keys";

/** POST /v2/api/qna/query {user_prompt}: an answer from the library with its cited sections. */
export function useAskAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (prompt: string) =>
      (await unwrap(api.post<Answer<typeof AssistantAnswerResponse>>("/v2/api/qna/query", { user_prompt: prompt }))).model,
    onSuccess: (answer) => {
      queryClient.setQueryData<AssistantAnswer[]>(assistantKeys.history, (list) => [...(list ?? []), answer]);
      return queryClient.invalidateQueries({ queryKey: assistantKeys.status });
    },
  });
}
