import type {
  AdminQuestion,
  AdminQuestionListResponse,
  AdminQuestionResponse,
  BlueprintResponse,
  BlueprintsResponse,
  ImportResponse,
  ItemStatisticsResponse,
} from "@academy/contract/quiz";
import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { resourceKeys } from "../../../components/ui/resource-table/keys";
import type { ListQuery, ListResult, ResourceSource } from "../../../components/ui/resource-table/types";
import { api, customPath, unwrap } from "../../../lib/api-client";
import type { Answer } from "../../../lib/contract";

export type ImportRowError = { row: number; id: string | null; errors: Record<string, string> };

/** The questions table's resource key (its queries are the resource table's, under this key). */
export const QUESTIONS = "question-bank-questions";

/** Cache keys of the question bank: an import invalidates `all` and `questions`. */
export const questionBankKeys = {
  all: ["admin"] as const,
  questions: resourceKeys.all(QUESTIONS),
  blueprints: ["admin", "blueprints"] as const,
  stats: ["admin", "stats"] as const,
};

const base = (rest: string) => customPath(`quiz/admin/${rest}`);

/** The questions as the resource table reads them: search, theme, type, level and status filters, 20 a page. */
export const questionsSource: ResourceSource<AdminQuestion> = {
  async list(query: ListQuery, signal?: AbortSignal): Promise<ListResult<AdminQuestion>> {
    const { theme, type, difficulty, status } = query.filters;
    const answer = await unwrap(
      api.get<Answer<typeof AdminQuestionListResponse>>(base("questions"), {
        query: { page: query.page, limit: query.size, q: query.search || undefined, theme, type, difficulty, status },
        signal,
      }),
    );
    return { rows: answer.list, total: answer.total, numPages: answer.num_pages };
  },
  get: async (id: number) => (await unwrap(api.get<Answer<typeof AdminQuestionResponse>>(base(`questions/${id}`)))).model,
};

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
