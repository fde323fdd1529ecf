import type { PreviewQuizResponse, QuizDifficulty } from "@academy/contract/quiz";
import { useQuery } from "@tanstack/react-query";
import { api, customPath, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { quizKeys } from "../../../lib/shared-api/quiz";

/** POST quiz/preview: the mix of themes and levels a quiz of these choices would have, with samples. */
export function usePreviewQuery(input: { themes: string[]; length: number; difficulty: QuizDifficulty } | null) {
  return useQuery({
    queryKey: quizKeys.preview(input),
    enabled: !!input && input.themes.length > 0,
    queryFn: async () => (await unwrap(api.post<Answer<typeof PreviewQuizResponse>>(customPath("quiz/preview"), input))).model,
  });
}
