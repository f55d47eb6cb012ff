/**
 * JSON values in this browser's local storage. Reading never throws (blocked storage, foreign or hand-edited
 * values read as undefined); writing and removing answer false when storage is blocked or full.
 */
export function readLocalJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function writeLocalJson(key: string, value: unknown): boolean {
  try {
    localStorage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeLocal(key: string): boolean {
  try {
    localStorage.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

/** A stored text field of at most `max` characters ('' when absent or not text). */
export function storedText(value: unknown, max = 30): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value).slice(0, max);
  return typeof value === 'string' ? value.slice(0, max) : '';
}
