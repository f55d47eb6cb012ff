/**
 * CSV for spreadsheets (RFC 4180: comma, CRLF, quotes doubled), safe to open in Excel, LibreOffice and Google
 * Sheets: a text cell that a spreadsheet would read as a formula (starting with = + - @, a tab or a carriage
 * return, also after leading spaces) gets a leading apostrophe (OWASP "CSV injection"), so `=HYPERLINK(...)` in
 * a scanned page's redirect stays text. The one place the app writes CSV.
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[\s]*[=+\-@]|^[\t\r]/;

/** One cell, escaped against formula injection, quoted when it holds a comma, a quote, a line break or edge spaces. */
export function escapeCsvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // Numbers and booleans are written as they are (a negative number is a number, not a formula).
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  if (/[",\r\n]/.test(text) || text !== text.trim()) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** Rows to CSV text (header included by the caller), CRLF line ends, ending with a line break. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return rows.map((row) => `${row.map(escapeCsvCell).join(',')}\r\n`).join('');
}

/** A UTF-8 byte order mark first, so Excel reads the accents of a UTF-8 CSV. */
export const CSV_BOM = '\uFEFF';
