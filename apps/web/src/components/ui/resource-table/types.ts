import type { ReactNode } from "react";

/** A row as the API answers it: snake_case fields, numeric `id`. */
export type Row = { id: number } & Record<string, unknown>;

export type SortDirection = "asc" | "desc";

export interface ListQuery {
  page: number;
  size: number;
  sort: { field: string; direction: SortDirection };
  search: string;
  /** Exact-match filters by field, from the screen's filter menus. */
  filters: Record<string, string>;
}

export interface ListResult<R extends Row = Row> {
  rows: R[];
  total: number;
  /** More rows match than the server counted (a filtered records page): `total` is a lower bound. */
  totalCapped?: boolean;
  /** `total` is the database's estimate of a whole table's rows (an administrator's unfiltered records page), not a count. */
  totalEstimated?: boolean;
  numPages: number;
}

export interface SaveResult {
  id: number;
}

/** Where a table's data comes from; the records API is one source, a feature's own calls another. */
export interface ResourceSource<R extends Row = Row> {
  list(query: ListQuery, signal?: AbortSignal): Promise<ListResult<R>>;
  get(id: number): Promise<R>;
  create?(values: Record<string, unknown>): Promise<SaveResult>;
  update?(id: number, values: Record<string, unknown>): Promise<void>;
  remove?(id: number): Promise<void>;
  /** CSV of the resource's rows. */
  exportCsv?(query: ListQuery): Promise<Blob>;
}

export interface Option {
  value: string;
  label: string;
}

/** `money`: the record holds integer minor units (cents); the form shows and takes a decimal amount. */
/** `choices`: any number of the field's options, as a group of checkboxes; sent as a list. */
export type FieldKind = "text" | "email" | "textarea" | "number" | "money" | "select" | "checkbox" | "datetime" | "lines" | "choices";

export type FormValues = Record<string, string | boolean>;

export interface ResourceField {
  name: string;
  label: string;
  kind: FieldKind;
  required?: boolean;
  hint?: string;
  options?: readonly Option[];
  min?: number;
  max?: number;
  maxLength?: number;
  /** Left blank, a number field sends null (e.g. "unlimited"). */
  nullable?: boolean;
  /** Shown on create only (e.g. a password); edit leaves it out. */
  createOnly?: boolean;
  /** Shown, not editable, when editing. */
  readOnlyOnEdit?: boolean;
  /** Shown on edit only (e.g. a status a new record always starts in). */
  editOnly?: boolean;
  /** Shown (and sent) only while this holds for the form's values and the row being edited. */
  visibleWhen?: (values: FormValues, row: Row | undefined) => boolean;
  /** The value a new record starts with (else blank). */
  initial?: string | boolean;
  /** ISO currency of a `money` field. */
  currency?: string;
}

export interface ResourceColumn<R extends Row = Row> {
  key: string;
  label: string;
  sortable?: boolean;
  render?: (row: R) => ReactNode;
  /** Hidden below 640 px so the table stays readable on a phone. */
  hideOnMobile?: boolean;
  align?: "left" | "right";
}

export interface ResourceFilter {
  name: string;
  label: string;
  /** The choices of a select (none for an `input` filter). */
  options: readonly Option[];
  /** A typed value instead of a choice: a day (`date`, sent as YYYY-MM-DD) or a whole number (`number`, e.g. a record's id). */
  input?: "date" | "number";
}

/** A button over the selected rows besides delete (e.g. "Archive selected"); it answers the toast's text. */
export interface BulkAction {
  label: string;
  run(ids: number[]): Promise<string>;
}

/** The panel a route opens: list only, or a side panel over it. */
export type PanelMode = { kind: "list" } | { kind: "add" } | { kind: "edit"; id: number } | { kind: "view"; id: number };

export interface ResourcePaths {
  list: string;
  add?: string;
  edit?: (id: number) => string;
  view?: (id: number) => string;
}

/** The table of a screen whose staff role may read but not change it: no add, edit or delete. */
export const READ_ONLY = { canCreate: false, canEdit: false, canDelete: false } as const;
