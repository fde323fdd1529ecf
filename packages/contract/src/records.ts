import { z } from "zod";

/**
 * The generic records API (/v4/api/records/{table}) and its legacy forms (/v1/api/...).
 * Records are objects keyed by the table's column names (snake_case), timestamps as ISO text;
 * which tables, rows and fields a caller reaches is decided by the server's per-table rules.
 */
const Text = (max: number) => z.string().max(max);
/** A query parameter that may repeat (filter, join); the caps keep one request cheap. */
const Repeated = (max: number, count: number) => z.union([Text(max), z.array(Text(max)).max(count)]);

export const RecordsTableParams = z.strictObject({ table: Text(64) });
export const RecordsIdParams = z.strictObject({ table: Text(64), id: Text(1100) });

export const RecordsListQuery = z.strictObject({
  join: Repeated(64, 3).optional().describe("joined table (a foreign key of this table); repeat for several, at most 3"),
  filter: Repeated(1000, 10)
    .optional()
    .describe(
      "field,op,value with op eq (default), neq, cs, sw, ew, lt, le, ge, gt, bt (a,b), in (1,2,3), is (null|notnull); repeat for AND, at most 10",
    ),
  order: Text(100).optional().describe("field,asc|desc (default id,desc)"),
  size: Text(10).optional().describe("rows of a plain list (1-1000, default 1000) or of a page (1-100, default 20)"),
  page: Text(20).optional().describe("page number, optionally with its size: page=2,20"),
});
export type RecordsListQuery = z.infer<typeof RecordsListQuery>;

export const RecordsGetQuery = z.strictObject({ join: Repeated(64, 3).optional() });

export const RecordBody = z.record(z.string().max(64), z.unknown()).describe("the record's fields by column name");
export const RecordsUpdateWhereBody = z
  .record(z.string().max(64), z.unknown())
  .describe("fields to set, plus updateCondition: {field: value, ...} ANDed with the caller's access rule");

const RecordModel = z.record(z.string(), z.unknown());
export const RecordResponse = z.object({ error: z.literal(false), model: RecordModel });
export const RecordListResponse = z.object({ error: z.literal(false), list: z.array(RecordModel) });
export const RecordPageResponse = z.object({
  error: z.literal(false),
  list: z.array(RecordModel),
  total: z.number().int(),
  total_capped: z
    .boolean()
    .optional()
    .describe("true when more rows match than a filtered page counts (1,000, or as far as the page reaches): total is then a lower bound"),
  estimated: z
    .boolean()
    .optional()
    .describe(
      "true when total is PostgreSQL's estimate of a whole table's rows (an administrator's unfiltered page of 10,000 rows or more), not a count",
    ),
  limit: z.number().int(),
  num_pages: z.number().int(),
  page: z.number().int(),
});
export const RecordCreatedResponse = z.object({ error: z.literal(false), data: z.number().int() });

const Condition = z.record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]));
const Page = z.union([z.number().int(), z.string().max(10)]);

export const LegacyListBody = z.strictObject({
  payload: Condition.optional(),
  page: Page.optional(),
  limit: Page.optional(),
  sortId: Text(64).optional(),
  direction: z.enum(["ASC", "DESC", "asc", "desc"]).optional(),
});
export const LegacyPutWhereBody = z.strictObject({ set: RecordBody, where: Condition });
export const LegacyDeleteAllBody = z.strictObject({ where: Condition });
export const LegacyAutocompleteBody = z.strictObject({
  field: Text(64),
  query: Text(100),
  limit: z.number().int().min(1).max(50).optional(),
});
export const LegacyJoinBody = z.strictObject({
  join_id_1: Text(64),
  join_id_2: Text(64),
  select: Text(1000).optional().describe('column list: "t1.*, t2.name as tag"'),
  where: z
    .union([Text(500), z.array(Text(500)).max(10)])
    .optional()
    .describe('conditions "table.column op value", ANDed'),
  page: Page.optional(),
  limit: Page.optional(),
});
export const LegacyMultiJoinBody = z.strictObject({
  tables: z.array(Text(64)).min(2).max(4),
  joinIds: z.array(Text(140)).min(1).max(3).describe('"t1.column = t2.column" per join'),
  selectStr: Text(1000).optional(),
  where: z.union([Text(500), z.array(Text(500)).max(10)]).optional(),
  page: Page.optional(),
  limit: Page.optional(),
});
