import type {
  AdminQuestion,
  AdminQuestionListResponse,
  AdminQuestionResponse,
  BlueprintResponse,
  BlueprintsResponse,
  ImportResponse,
  ItemStatisticsResponse,
} from "@academy/contract/quiz";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api, customPath, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";

export type Filters = { q?: string; theme?: string; type?: string; difficulty?: string; status?: string; page: number };
export type ImportRowError = { row: number; id: string | null; errors: Record<string, string> };

/** Cache keys of the question bank: an import invalidates `all`. */
export const questionBankKeys = {
  all: ["admin"] as const,
  questions: ["admin", "questions"] as const,
  questionPage: (filters: Filters) => ["admin", "questions", filters] as const,
  blueprints: ["admin", "blueprints"] as const,
  stats: ["admin", "stats"] as const,
};

const base = (rest: string) => customPath(`quiz/admin/${rest}`);

export function useQuestionsQuery(f: Filters) {
  return useQuery({
    queryKey: questionBankKeys.questionPage(f),
    placeholderData: keepPreviousData,
    queryFn: () =>
      unwrap(
        api.get<Answer<typeof AdminQuestionListResponse>>(base("questions"), {
          query: {
            ...f,
            limit: 20,
            q: f.q || undefined,
            theme: f.theme || undefined,
            type: f.type || undefined,
            difficulty: f.difficulty || undefined,
            status: f.status || undefined,
          },
        }),
      ),
  });
}

export function useBlueprintsQuery() {
  return useQuery({
    queryKey: questionBankKeys.blueprints,
    queryFn: async () => (await unwrap(api.get<Answer<typeof BlueprintsResponse>>(base("blueprints")))).list,
  });
}

export function useStatsQuery() {
  return useQuery({
    queryKey: questionBankKeys.stats,
    queryFn: async () => unwrap(api.get<z.infer<typeof ItemStatisticsResponse>>(base("stats"))),
  });
}

export type QuestionInput = { theme: string; status: AdminQuestion["status"]; question: Record<string, unknown> };

export const saveQuestion = (id: number | null, body: QuestionInput) =>
  unwrap(
    id
      ? api.put<Answer<typeof AdminQuestionResponse>>(base(`questions/${id}`), body)
      : api.post<Answer<typeof AdminQuestionResponse>>(base("questions"), body),
  );

export const addBlueprint = (body: { track: string; themes: { theme: string; weight: number }[]; note: string }) =>
  unwrap(api.post<Answer<typeof BlueprintResponse>>(base("blueprints"), body));

export const importQuestions = (body: { format: "json" | "csv"; content: string; dryRun: boolean }) =>
  api.post<Answer<typeof ImportResponse>>(base("import"), body);

export const exportPath = (format: "json" | "csv") => `${base("export")}?format=${format}`;

export const setQuestionStatus = (id: number, status: "active" | "review" | "retired") =>
  unwrap(api.put<Answer<typeof AdminQuestionResponse>>(base(`questions/${id}/status`), { status }));
