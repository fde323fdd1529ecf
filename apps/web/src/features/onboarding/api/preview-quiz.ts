import type { QuizDifficulty } from "@academy/contract/quiz";
import { useQuery } from "@tanstack/react-query";
import { api, customPath, unwrap } from "../../../lib/api-client";

export type QuizPreview = {
  total: number;
  mix: { theme: string; themeName: string; count: number }[];
  difficulty: { level: number; count: number }[];
  samples: { theme: string; themeName: string; type: string; difficulty: number; stem: string; options: { id: string; text: string }[] }[];
};

/** POST quiz/preview: the mix of themes and levels a quiz of these choices would have, with samples. */
export function usePreviewQuery(input: { themes: string[]; length: number; difficulty: QuizDifficulty } | null) {
  return useQuery({
    queryKey: ["quiz", "preview", input],
    enabled: !!input && input.themes.length > 0,
    queryFn: async () => (await unwrap(api.post<{ error: false; model: QuizPreview }>(customPath("quiz/preview"), input))).model,
  });
}
