import type {
  AdminThemesResponse,
  CreateQuizRequest,
  CreateQuizResponse,
  OnboardingResponse,
  QuizListResponse,
  QuizModel,
  TracksResponse,
} from "@academy/contract/quiz";
import { useQuery } from "@tanstack/react-query";
import { api, customPath, unwrap } from "../api-client";
import type { Answer } from "../contract";

// Reads and the one write of the server's quiz module that several features share: onboarding
// (its stepper and last step), quiz (player, list, mock exam, result) and the dashboard.

/** Cache keys of the quiz module's reads, shared by the features that show them. */
export const quizKeys = {
  onboarding: ["onboarding"] as const,
  tracks: ["quiz", "tracks"] as const,
  list: ["quiz", "list"] as const,
  one: (id: number) => ["quiz", "get", id] as const,
  preview: (input: unknown) => ["quiz", "preview", input] as const,
  /** The question bank's themes (staff): the question bank and the library's document form. */
  adminThemes: ["admin", "themes"] as const,
};

/** GET onboarding → {error:false, model}: the candidate's saved choices (empty at first). */
export function useOnboardingQuery() {
  return useQuery({
    queryKey: quizKeys.onboarding,
    queryFn: async () => (await unwrap(api.get<Answer<typeof OnboardingResponse>>(customPath("onboarding")))).model,
    staleTime: 0,
  });
}

/** GET quiz/tracks: every track with its current blueprint. */
export function useTracksQuery() {
  return useQuery({
    queryKey: quizKeys.tracks,
    queryFn: async () => (await unwrap(api.get<Answer<typeof TracksResponse>>(customPath("quiz/tracks")))).list,
    staleTime: 5 * 60_000,
  });
}

export function useQuizListQuery() {
  return useQuery({
    queryKey: quizKeys.list,
    queryFn: async () => (await unwrap(api.get<Answer<typeof QuizListResponse>>(customPath("quiz/list")))).list,
    staleTime: 0,
  });
}

/**
 * POST quiz/create: a new quiz, or the unfinished one made from the same choices (`resumed`);
 * `new: true` always makes another.
 */
export async function createQuiz(body: CreateQuizRequest): Promise<{ quiz: QuizModel; resumed: boolean }> {
  const answer = await unwrap(api.post<Answer<typeof CreateQuizResponse>>(customPath("quiz/create"), body));
  return { quiz: answer.model, resumed: answer.resumed };
}

/** GET quiz/admin/themes (staff): the question bank's themes, for its filters and editor and the library's document form. */
export function useAdminThemesQuery() {
  return useQuery({
    queryKey: quizKeys.adminThemes,
    queryFn: async () => (await unwrap(api.get<Answer<typeof AdminThemesResponse>>(customPath("quiz/admin/themes")))).list,
    staleTime: 5 * 60_000,
  });
}
