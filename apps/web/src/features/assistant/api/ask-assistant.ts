import type { AssistantAnswer } from "@academy/contract/library";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";

/** POST /v2/api/qna/query {user_prompt}: an answer from the library with its cited sections. */
export function useAskAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (prompt: string) =>
      (await unwrap(api.post<{ model: AssistantAnswer }>("/v2/api/qna/query", { user_prompt: prompt }))).model,
    onSuccess: (answer) => {
      queryClient.setQueryData<AssistantAnswer[]>(["assistant", "history"], (list) => [...(list ?? []), answer]);
      return queryClient.invalidateQueries({ queryKey: ["assistant", "status"] });
    },
  });
}
