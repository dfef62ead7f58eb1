/** CSV exports of the admin lists: RFC 4180, spreadsheet-safe. */

/**
 * Text that needs neither quotes nor the formula guard: no quote, comma or line break, no
 * leading or trailing whitespace, and not starting with a formula character.
 */
const PLAIN = /^(?![=+\-@])[^",\r\n\s](?:[^",\r\n]*[^",\r\n\s])?$/;

/**
 * One CSV cell. Text that a spreadsheet would run as a formula (leading = + - @, tab or CR,
 * also after spaces) is prefixed with an apostrophe (OWASP "CSV injection"); numbers stay numbers.
 */
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
  if (/^[\s]*[=+\-@]|^[\t\r]/.test(text)) text = `'${text}`;
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
