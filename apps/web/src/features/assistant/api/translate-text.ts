import type { AiTextResponse } from "@academy/contract/library";
import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";

/** POST /v5/api/deployments/sow/gpt-translate: an answer in another language (only with an AI provider). */
export function useTranslate() {
  return useMutation({
    mutationFn: async (input: { text: string; target_language: string }) =>
      (await unwrap(api.post<Answer<typeof AiTextResponse>>("/v5/api/deployments/sow/gpt-translate", input))).text,
  });
}
