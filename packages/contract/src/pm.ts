import { z } from "zod";

const Id = z.coerce.number().int().min(1).max(2_147_483_647);

export const PM_COLUMNS = ["to_study", "studying", "ready"] as const;
export const PmColumn = z.enum(PM_COLUMNS);
export type PmColumn = z.infer<typeof PmColumn>;
export const PM_COLUMN_TITLES: Record<PmColumn, string> = { to_study: "To study", studying: "Studying", ready: "Ready" };

/**
 * What a card points at, by its `ref`: a theme of the question bank (its slug), a library section
 * (`<document>#<anchor>`), a coaching booking (its id), or a note of the
 * learner's own.
 */
export const PmCardKind = z.enum(["theme", "library", "coaching", "note"]);
export type PmCardKind = z.infer<typeof PmCardKind>;

/** The most a workspace list answers in one page: the spec's frontend asks for limit=99999. */
export const PM_MAX_LIMIT = 99_999;

export const PmWorkspaceListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(PM_MAX_LIMIT, `limit can be at most ${PM_MAX_LIMIT}`).default(20),
  /** Staff: one learner's workspaces. */
  user_id: Id.optional(),
});
export const PmBoardListQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100, "limit can be at most 100").default(10),
  sortId: z.enum(["id", "name", "created_at", "updated_at"]).default("id"),
  direction: z.enum(["asc", "desc", "ASC", "DESC"]).default("asc"),
});
export const PmIdParams = z.strictObject({ id: Id });

export const CreatePmWorkspaceRequest = z.strictObject({
  name: z.string().trim().min(1, "Name is required").max(80, "Use at most 80 characters"),
  description: z.string().max(500).default(""),
  /** `study_plan`: the workspace starts with a study plan board made from the onboarding answers and weak themes. */
  template: z.enum(["empty", "study_plan"]).default("empty"),
});
export const CreatePmBoardRequest = z.strictObject({
  name: z.string().trim().min(1, "Name is required").max(80, "Use at most 80 characters"),
  template: z.enum(["empty", "study_plan"]).default("empty"),
});
export const CreatePmCardRequest = z.strictObject({
  kind: PmCardKind,
  ref: z.string().trim().min(1, "Reference is required").max(200),
  title: z.string().trim().min(1, "Title is required").max(200),
  note: z.string().max(500).default(""),
  column: PmColumn.default("to_study"),
});
export const MovePmCardRequest = z.strictObject({
  column: PmColumn,
  /** Place in the column, from 0; past the end puts it last. */
  position: z.number().int().min(0).max(10_000),
});

export const PmCard = z.object({
  id: z.number().int(),
  board_id: z.number().int(),
  column: PmColumn,
  position: z.number().int(),
  kind: PmCardKind,
  ref: z.string(),
  title: z.string(),
  note: z.string(),
  updated_at: z.string(),
});
export type PmCard = z.infer<typeof PmCard>;

export const PmBoard = z.object({
  id: z.number().int(),
  workspace_id: z.number().int(),
  name: z.string(),
  columns: z.array(z.object({ key: PmColumn, title: z.string(), cards: z.array(PmCard) })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PmBoard = z.infer<typeof PmBoard>;

export const PmWorkspace = z.object({
  id: z.number().int(),
  owner: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  name: z.string(),
  description: z.string(),
  board_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PmWorkspace = z.infer<typeof PmWorkspace>;

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    error: z.literal(false),
    list: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    num_pages: z.number().int(),
    page: z.number().int(),
  });
export const PmWorkspacePage = page(PmWorkspace);
export type PmWorkspacePage = z.infer<typeof PmWorkspacePage>;
export const PmBoardPage = page(PmBoard);
export type PmBoardPage = z.infer<typeof PmBoardPage>;
export const PmWorkspaceAnswer = z.object({ error: z.literal(false), model: PmWorkspace });
export const PmBoardAnswer = z.object({ error: z.literal(false), model: PmBoard });

/** A study-plan board brought up to the plan (`refresh`): the board, and how many cards were added and taken off. */
export const PmBoardRefreshResponse = PmBoardAnswer.extend({ added: z.number().int(), removed: z.number().int() });
export type PmBoardRefreshResponse = z.infer<typeof PmBoardRefreshResponse>;
