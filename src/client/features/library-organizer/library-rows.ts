import { splitLinks } from '../../components/ui/linkify';

/**
 * The library organizer's rows (id, link, day1 to day4 free text),
 * kept in this browser's local storage and never sent to the server.
 */
export interface LibraryRow {
  id: string;
  link: string;
  day1: string;
  day2: string;
  day3: string;
  day4: string;
}

export type LibraryField = Exclude<keyof LibraryRow, 'id'>;
export const DAY_FIELDS = ['day1', 'day2', 'day3', 'day4'] as const;

export const LIBRARY_STORAGE_KEY = 'library-organizer:rows';
export const LIBRARY_MAX_ROWS = 200;
export const LINK_MAX_LENGTH = 2000;
export const DAY_MAX_LENGTH = 300;
export const LINK_INVALID = 'Link da biblioteca deve ser uma URL válida';
export const ROWS_LIMIT_MESSAGE = `Você pode acompanhar até ${LIBRARY_MAX_ROWS} bibliotecas. Remova uma linha para adicionar outra.`;

export const newRowId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export const blankRow = (): LibraryRow => ({
  id: newRowId(),
  link: '',
  day1: '',
  day2: '',
  day3: '',
  day4: '',
});

/** The row's link as a safe http(s) address to open, or null (blank, or anything else: javascript:, text...). */
export function libraryHref(link: string): string | null {
  const trimmed = link.trim();
  const parts = splitLinks(trimmed);
  const only = parts.length === 1 ? parts[0] : undefined;
  return only?.type === 'link' && only.value === trimmed ? only.href : null;
}

/** The link's message: null when blank (a row may be filled in later) or a valid http(s) URL. */
export function validateLibraryLink(link: string): string | null {
  if (link.trim() === '') return null;
  return libraryHref(link) ? null : LINK_INVALID;
}

const MAX_BY_FIELD: Record<LibraryField, number> = {
  link: LINK_MAX_LENGTH,
  day1: DAY_MAX_LENGTH,
  day2: DAY_MAX_LENGTH,
  day3: DAY_MAX_LENGTH,
  day4: DAY_MAX_LENGTH,
};
export const maxLengthOf = (field: LibraryField) => MAX_BY_FIELD[field];

/** One stored row, or null when the value is not a row (hand-edited or foreign storage is ignored). */
function toRow(value: unknown): LibraryRow | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  if (typeof record.id !== 'string' || record.id === '' || record.id.length > 100) return null;
  const row: LibraryRow = { ...blankRow(), id: record.id };
  for (const field of ['link', ...DAY_FIELDS] as const) {
    const text = record[field];
    if (text === undefined) continue;
    if (typeof text !== 'string') return null;
    row[field] = text.slice(0, MAX_BY_FIELD[field]);
  }
  return row;
}

/** The stored rows; anything unreadable yields what could be read (never an exception). */
export function parseStoredRows(raw: string | null): LibraryRow[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const seen = new Set<string>();
  const rows: LibraryRow[] = [];
  for (const item of parsed) {
    const row = toRow(item);
    if (!row || seen.has(row.id)) continue;
    seen.add(row.id);
    rows.push(row);
    if (rows.length === LIBRARY_MAX_ROWS) break;
  }
  return rows;
}

/** Reads the rows; null when local storage is blocked. */
export function loadRows(): LibraryRow[] | null {
  try {
    return parseStoredRows(localStorage.getItem(LIBRARY_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Saves the rows; false when local storage is blocked or full. */
export function saveRows(rows: LibraryRow[]): boolean {
  try {
    localStorage.setItem(LIBRARY_STORAGE_KEY, JSON.stringify(rows));
    return true;
  } catch {
    return false;
  }
}
