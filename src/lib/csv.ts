/** CSV files: RFC 4180, spreadsheet-safe (the admin lists' exports, a person's data export). */

/**
 * Text that needs neither quotes nor the formula guard: no quote, comma, semicolon, tab or line
 * break, no leading or trailing whitespace, and not starting with a formula character.
 */
const PLAIN = /^(?![=+\-@])[^",;\s](?:[^",;\t\r\n]*[^",;\s])?$/;

/** A formula at the start of the cell (spaces allowed before it), or a leading tab or CR. */
const FORMULA_AT_START = /^\s*[=+\-@]|^[\t\r]/;
/**
 * A formula after a separator: a spreadsheet that reads `;` (many European locales), tab or
 * a line break as a separator splits the cell there, and the part starts a new cell.
 */
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n]\s*)(?=[=+\-@])/g;

/**
 * Text a spreadsheet cannot run as a formula (OWASP "CSV Injection"): an apostrophe before a
 * leading = + - @ (or a leading tab or CR), and before each one that follows a separator.
 */
export function neutraliseFormulas(text: string): string {
  const inner = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return FORMULA_AT_START.test(text) ? `'${inner}` : inner;
}

/** One CSV cell: formulas neutralised (numbers stay numbers), quoted as RFC 4180 needs. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  // Most cells of a large export: numbers, and plain words with nothing to quote or guard.
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string' && PLAIN.test(value)) return value;
  let text: string;
  if (value instanceof Date) text = value.toISOString();
  else if (typeof value === 'boolean') text = String(value);
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  text = neutraliseFormulas(text);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export type CsvColumn<T> = { header: string; value: (row: T) => unknown };

/** Spreadsheet apps read a file as UTF-8 only when it starts with a byte order mark. */
export const CSV_BOM = '\uFEFF';

/** One RFC 4180 record with its CRLF. */
const csvRecord = (values: unknown[]) => `${values.map(csvCell).join(',')}\r\n`;

export const csvHeader = <T>(columns: CsvColumn<T>[]) => csvRecord(columns.map((c) => c.header));

export const csvRow = <T>(columns: CsvColumn<T>[], row: T) =>
  csvRecord(columns.map((c) => c.value(row)));

/** A whole file: BOM, header and rows, CRLF line ends. */
export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  return CSV_BOM + csvHeader(columns) + rows.map((row) => csvRow(columns, row)).join('');
}

/** Rows of any shape as a file: a column per field that any row has, in the order first seen. */
export function rowsToCsv(rows: Record<string, unknown>[]): string {
  const headers = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return toCsv(
    headers.map((header) => ({ header, value: (row: Record<string, unknown>) => row[header] })),
    rows,
  );
}
