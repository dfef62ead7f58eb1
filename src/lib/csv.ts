const PLAIN = /^(?![=+\-@])[^",;\s](?:[^",;\t\r\n]*[^",;\s])?$/;

const FORMULA_AT_START = /^\s*[=+\-@]|^[\t\r]/;
// A spreadsheet that splits on `;`, tab or a line break starts a new cell there, so a formula
// after any of them runs too.
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n]\s*)(?=[=+\-@])/g;

export function neutraliseFormulas(text: string): string {
  const inner = text.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return FORMULA_AT_START.test(text) ? `'${inner}` : inner;
}

/** Formulas neutralised (OWASP "CSV Injection"), quoted as RFC 4180 needs. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
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

const csvRecord = (values: unknown[]) => `${values.map(csvCell).join(',')}\r\n`;

export const csvHeader = <T>(columns: CsvColumn<T>[]) => csvRecord(columns.map((c) => c.header));

export const csvRow = <T>(columns: CsvColumn<T>[], row: T) =>
  csvRecord(columns.map((c) => c.value(row)));

export function toCsv<T>(columns: CsvColumn<T>[], rows: T[]): string {
  return CSV_BOM + csvHeader(columns) + rows.map((row) => csvRow(columns, row)).join('');
}

export function rowsToCsv(rows: Record<string, unknown>[]): string {
  const headers = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return toCsv(
    headers.map((header) => ({ header, value: (row: Record<string, unknown>) => row[header] })),
    rows,
  );
}
