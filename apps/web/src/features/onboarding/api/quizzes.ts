import type { CreateQuizRequest, QuestionReview, QuizDifficulty, QuizModel, QuizSummary, UpdateQuizRequest } from "@academy/contract/quiz";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, customPath, unwrap } from "../../../lib/api-client";

export type QuizPreview = {
  total: number;
  mix: { theme: string; themeName: string; count: number }[];
  difficulty: { level: number; count: number }[];
  samples: { theme: string; themeName: string; type: string; difficulty: number; stem: string; options: { id: string; text: string }[] }[];
};

export const quizKey = (id: number) => ["quiz", "get", id] as const;
export const quizListKey = ["quiz", "list"] as const;

export function usePreviewQuery(input: { themes: string[]; length: number; difficulty: QuizDifficulty } | null) {
  return useQuery({
    queryKey: ["quiz", "preview", input],
    enabled: !!input && input.themes.length > 0,
    queryFn: async () => (await unwrap(api.post<{ error: false; model: QuizPreview }>(customPath("quiz/preview"), input))).model,
  });
}

/**
 * POST quiz/create: a new quiz, or the unfinished one made from the same choices (`resumed`);
 * `new: true` always makes another.
 */
export async function createQuiz(body: CreateQuizRequest): Promise<{ quiz: QuizModel; resumed: boolean }> {
  const answer = await unwrap(api.post<{ error: false; model: QuizModel; resumed: boolean }>(customPath("quiz/create"), body));
  return { quiz: answer.model, resumed: answer.resumed };
}

export function useQuizQuery(id: number | null) {
  return useQuery({
    queryKey: quizKey(id ?? 0),
    enabled: id !== null,
    queryFn: async () => (await unwrap(api.get<{ error: false; model: QuizModel }>(customPath(`quiz/get/${id}`)))).model,
    staleTime: 0,
  });
}

export function useQuizListQuery() {
  return useQuery({
    queryKey: quizListKey,
    queryFn: async () => (await unwrap(api.get<{ error: false; list: QuizSummary[] }>(customPath("quiz/list")))).list,
    staleTime: 0,
  });
}

export type UpdateBody = UpdateQuizRequest;

export async function updateQuiz(id: number, body: UpdateBody) {
  return unwrap(
    api.put<{ error: false; feedback: { questionId: string; review: QuestionReview }[] }>(customPath(`quiz/update/${id}`), body),
  );
}

export function useSubmitQuiz(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await unwrap(api.post<{ error: false; model: QuizModel }>(customPath(`quiz/submit/${id}`)))).model,
    onSuccess: (model) => {
      client.setQueryData(quizKey(id), model);
      client.invalidateQueries({ queryKey: quizListKey });
    },
  });
}

export function useDeleteQuiz() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => unwrap(api.delete<{ error: false }>(customPath(`quiz/delete/${id}`))),
    onSuccess: () => client.invalidateQueries({ queryKey: quizListKey }),
  });
}

export const resultPdfPath = (id: number) => customPath(`quiz/result/${id}/pdf`);
