import type { DeleteQuizResponse, QuizResponse, UpdateQuizRequest, UpdateQuizResponse } from "@academy/contract/quiz";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, customPath, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";
import { quizKeys } from "../../../lib/shared-api/quiz";

export function useQuizQuery(id: number | null) {
  return useQuery({
    queryKey: quizKeys.one(id ?? 0),
    enabled: id !== null,
    queryFn: async () => (await unwrap(api.get<Answer<typeof QuizResponse>>(customPath(`quiz/get/${id}`)))).model,
    staleTime: 0,
  });
}

export type UpdateBody = UpdateQuizRequest;

export async function updateQuiz(id: number, body: UpdateBody) {
  return unwrap(api.put<Answer<typeof UpdateQuizResponse>>(customPath(`quiz/update/${id}`), body));
}

export function useSubmitQuiz(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await unwrap(api.post<Answer<typeof QuizResponse>>(customPath(`quiz/submit/${id}`)))).model,
    onSuccess: (model) => {
      client.setQueryData(quizKeys.one(id), model);
      client.invalidateQueries({ queryKey: quizKeys.list });
    },
  });
}

/** Starts (`"start"`) or ends (`"end"`) a break of an accommodation's timed quiz; the answer is the quiz as it now stands. */
export function useQuizBreak(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (step: "start" | "end") => {
      const path = customPath(`quiz/break/${id}`);
      return (await unwrap(step === "start" ? api.post<Answer<typeof QuizResponse>>(path) : api.delete<Answer<typeof QuizResponse>>(path)))
        .model;
    },
    onSuccess: (model) => client.setQueryData(quizKeys.one(id), model),
  });
}

export function useDeleteQuiz() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => unwrap(api.delete<Answer<typeof DeleteQuizResponse>>(customPath(`quiz/delete/${id}`))),
    onSuccess: () => client.invalidateQueries({ queryKey: quizKeys.list }),
  });
}

export const resultPdfPath = (id: number) => customPath(`quiz/result/${id}/pdf`);
