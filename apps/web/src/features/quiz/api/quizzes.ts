import type { QuestionReview, QuizModel, UpdateQuizRequest } from "@academy/contract/quiz";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, customPath, unwrap } from "../../../lib/api-client";
import { quizListKey } from "../../../lib/shared-api/quiz";

export const quizKey = (id: number) => ["quiz", "get", id] as const;

export function useQuizQuery(id: number | null) {
  return useQuery({
    queryKey: quizKey(id ?? 0),
    enabled: id !== null,
    queryFn: async () => (await unwrap(api.get<{ error: false; model: QuizModel }>(customPath(`quiz/get/${id}`)))).model,
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
