/**
 * CSV for spreadsheets as Excel in Portuguese opens them: `;` between cells (Excel reads the list separator of
 * the system's region, and pt-BR's is `;` because `,` is the decimal mark), CRLF line ends, quotes doubled
 * (RFC 4180 otherwise), and a UTF-8 byte order mark first (`withBom`) so the accents read right. LibreOffice
 * and Google Sheets detect the `;`. A text cell that a spreadsheet would read as a formula (starting with
 * = + - @, a tab or a carriage return, also after leading spaces) gets a leading apostrophe (OWASP "CSV
 * injection"), so `=HYPERLINK(...)` in a scanned page's redirect stays text. The one place the app writes CSV.
 */
export type CsvValue = string | number | boolean | null | undefined;

export const CSV_SEPARATOR = ';';

const FORMULA_START = /^[\s]*[=+\-@]|^[\t\r]/;
/** Quoted: the separator, a comma (the separator of other regions), a quote, a line break, or edge spaces. */
const NEEDS_QUOTES = /[;,"\r\n]/;

/** One cell, escaped against formula injection, quoted when it must be. */
export function escapeCsvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  // Numbers and booleans are written as they are (a negative number is a number, not a formula); a fraction with
  // the decimal comma, as a spreadsheet in Portuguese reads it ("0,125", quoted below like any comma).
  let text = typeof value === 'string' ? value : String(value);
  if (typeof value === 'number' && !Number.isInteger(value)) text = text.replace('.', ',');
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  if (NEEDS_QUOTES.test(text) || text !== text.trim()) return `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** Rows to CSV text (header included by the caller), `;` between cells, CRLF line ends, ending with a line break. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<CsvValue>>): string {
  return rows.map((row) => `${row.map(escapeCsvCell).join(CSV_SEPARATOR)}\r\n`).join('');
}

/** A UTF-8 byte order mark first, so Excel reads the accents of a UTF-8 CSV. */
export const CSV_BOM = '\uFEFF';

/** The file as a spreadsheet opens it: BOM, then the rows. */
export const toSpreadsheetCsv = (rows: ReadonlyArray<ReadonlyArray<CsvValue>>) => CSV_BOM + toCsv(rows);
