import type { AiTextResponse } from "@academy/contract/library";
import { useMutation } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";

/** POST /v5/api/deployments/sow/gpt-transcribe: a spoken question as text (only with an AI provider). */
export function useTranscribe() {
  return useMutation({
    mutationFn: async (recording: Blob) => {
      const form = new FormData();
      form.append("file", recording, "question.webm");
      return (await unwrap(api.post<Answer<typeof AiTextResponse>>("/v5/api/deployments/sow/gpt-transcribe", form))).text;
    },
  });
}
