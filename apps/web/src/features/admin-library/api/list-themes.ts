import type { AdminThemesResponse } from "@academy/contract/quiz";
import { useQuery } from "@tanstack/react-query";
import { api, customPath, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { quizKeys } from "../../../lib/shared-api/quiz";

export type ThemeChoice = { slug: string; name: string; tracks: string[] };

/** GET quiz/admin/themes: the question bank's themes, the ones a library document may be filed under. */
export function useLibraryThemes() {
  return useQuery({
    queryKey: quizKeys.adminThemes,
    queryFn: async () => (await unwrap(api.get<Answer<typeof AdminThemesResponse>>(customPath("quiz/admin/themes")))).list,
    staleTime: 5 * 60_000,
  });
}
