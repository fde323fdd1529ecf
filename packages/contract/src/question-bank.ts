import { z } from "zod";

/** What staff's question bank answers: `/v3/api/custom/{name}/quiz/admin/...`. */

export const AdminOption = z.object({ id: z.string(), text: z.string(), correct: z.boolean().optional(), explanation: z.string() });
export type AdminOption = z.infer<typeof AdminOption>;

/** A question with its key, as staff see and edit it. */
export const AdminQuestion = z.object({
  id: z.number().int(),
  contentId: z.string(),
  theme: z.string(),
  type: z.enum(["single", "multiple", "true_false", "ordering", "numeric"]),
  difficulty: z.number().int(),
  stem: z.string(),
  options: z.array(AdminOption),
  numeric: z.object({ answer: z.number(), tolerance: z.number(), unit: z.string() }).nullable(),
  explanation: z.string(),
  source: z.string(),
  reference: z.object({ document: z.string(), section: z.string() }).nullable(),
  region: z.string(),
  tracks: z.array(z.string()),
  status: z.enum(["active", "review", "retired"]),
  origin: z.enum(["content", "admin"]),
  updatedAt: z.string(),
});
export type AdminQuestion = z.infer<typeof AdminQuestion>;

export const AdminQuestionResponse = z.object({ error: z.literal(false), model: AdminQuestion });
export const AdminQuestionListResponse = z.object({
  error: z.literal(false),
  list: z.array(AdminQuestion),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  num_pages: z.number().int(),
});

/** One question's answers across candidates. */
export const ItemStatistic = z.object({
  id: z.number().int(),
  contentId: z.string(),
  theme: z.string(),
  stem: z.string(),
  answered: z.number().int(),
  shareRight: z.number(),
  /** Point-biserial correlation between this item and the rest of the candidate's answers. */
  discrimination: z.number().nullable(),
  doubtful: z.boolean(),
  reason: z.string().nullable(),
});
export type ItemStatistic = z.infer<typeof ItemStatistic>;
export const ItemStatisticsResponse = z.object({ error: z.literal(false), list: z.array(ItemStatistic) });

export const ThemeNamesResponse = z.object({
  error: z.literal(false),
  list: z.array(z.object({ slug: z.string(), name: z.string(), tracks: z.array(z.string()) })),
});

/** One version of a track's blueprint: its themes' weights add up to 100. */
export const Blueprint = z.object({
  id: z.number().int(),
  track: z.string(),
  version: z.number().int(),
  themes: z.array(z.object({ theme: z.string(), weight: z.number().int() })),
  note: z.string(),
  createdAt: z.string(),
});
export type Blueprint = z.infer<typeof Blueprint>;
export const BlueprintResponse = z.object({ error: z.literal(false), model: Blueprint });
export const BlueprintListResponse = z.object({ error: z.literal(false), list: z.array(Blueprint) });

export const ImportResponse = z.object({
  error: z.literal(false),
  message: z.string(),
  created: z.number().int(),
  updated: z.number().int(),
});
/** An import refused: every invalid row with its errors per field; nothing was saved. */
export const ImportErrorResponse = z.object({
  error: z.literal(true),
  message: z.string(),
  code: z.string().optional(),
  validation: z.record(z.string(), z.string()).optional(),
  rows: z.array(z.object({ row: z.number().int(), id: z.string().nullable(), errors: z.record(z.string(), z.string()) })).optional(),
});
