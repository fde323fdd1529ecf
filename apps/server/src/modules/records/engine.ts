/**
 * The records engine over the drizzle schema, one import for the routes. Split along its seams:
 * tables.ts (each table with its rule, who reaches which rows and reads which fields),
 * prepared.ts (prepared query shapes and the caller's account check), reads.ts (lists, pages,
 * rows by id, export, legacy joins, autocomplete) and writes.ts (body schemas, create, update,
 * delete).
 */
export { autocomplete, exportRows, getRows, type JoinQuery, joinRows, type ListOptions, listRows, type Page, pageRows } from "./reads.ts";
export {
  type Actor,
  authorize,
  conditionOf,
  exposedTables,
  LIMITS,
  type Row,
  readable,
  SCHEMA_TABLES,
  scopeOf,
  tableInfo,
  tableInfoOf,
} from "./tables.ts";
export { createRow, deleteRows, type UpdateWhere, updateRows, validateBody } from "./writes.ts";
