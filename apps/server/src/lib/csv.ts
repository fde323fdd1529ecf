/**
 * CSV per RFC 4180 (CRLF rows, quotes doubled), with formula injection defused: a text cell a
 * spreadsheet could read as a formula gets a leading apostrophe so it shows as text. That is a
 * cell starting with = + - @, a semicolon (a cell separator where ";" is the list separator, so
 * what follows it could start a new cell), a tab, a line feed, a carriage return or the
 * full-width equals sign (some spreadsheets fold "＝" into "="). A cell holding a semicolon is quoted, so a spreadsheet
 * that splits on ";" (the list separator of many European locales) cannot cut it into a new cell
 * that starts with "=". A file starts with a UTF-8 byte order mark, so spreadsheets read it as
 * UTF-8 ("Müller", "≥ 90 %"). Every CSV the academy writes goes through here.
 */
const FORMULA_START = /^[=+\-@;\t\r\n\uFF1D]/;

/**
 * One cell. Numbers, booleans and dates are written as they are; `text: false` writes a value that
 * is data, not text (a numeric answer such as "-5"), without the apostrophe.
 */
export function csvCell(value: unknown, { text = true }: { text?: boolean } = {}): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  let s = value instanceof Date ? value.toISOString() : typeof value === "object" ? JSON.stringify(value) : String(value);
  if (text && FORMULA_START.test(s)) s = `'${s}`;
  return /[",;\r\n]/.test(s) || s !== s.trim() ? `"${s.replaceAll('"', '""')}"` : s;
}

/** Undoes csvCell's apostrophe when a file the academy wrote is read back. */
export const uncell = (s: string) => (s.startsWith("'") && FORMULA_START.test(s.slice(1)) ? s.slice(1) : s);

/** What a CSV file starts with: the UTF-8 byte order mark. */
export const CSV_BOM = "\uFEFF";

export function toCsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  const lines = [columns.map((c) => csvCell(c)).join(",")];
  for (const row of rows) lines.push(columns.map((c) => csvCell(row[c])).join(","));
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}
