import { useRef, useState } from 'react';
import { readLocalJson, writeLocalJson } from './local-json';

/** A fresh id for an item of a draft (a module, a bonus, an upsell). */
export const newDraftId = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

interface Stored<T> {
  draft: T;
  savedAt: string;
}

/**
 * A form's work kept in this browser's local storage, never sent to the server: starts from the saved draft under `key` (or `empty()`), `save()` writes
 * the current value with the time, `dirty` says whether there is something not yet saved.
 */
export function useLocalDraft<T>(key: string, parse: (value: unknown) => T | null, empty: () => T) {
  const [initial] = useState((): Stored<T> | null => {
    const value = readLocalJson(key);
    if (typeof value !== 'object' || value === null) return null;
    const { draft, savedAt } = value as Record<string, unknown>;
    const parsed = parse(draft);
    const at = typeof savedAt === 'string' && !Number.isNaN(Date.parse(savedAt)) ? savedAt : null;
    return parsed && at ? { draft: parsed, savedAt: at } : null;
  });
  const [value, setValue] = useState<T>(() => initial?.draft ?? empty());
  const baseline = useRef(JSON.stringify(value));
  const [savedAt, setSavedAt] = useState<string | null>(initial?.savedAt ?? null);

  const save = (): boolean => {
    const at = new Date().toISOString();
    if (!writeLocalJson(key, { savedAt: at, draft: value })) return false;
    baseline.current = JSON.stringify(value);
    setSavedAt(at);
    return true;
  };

  return { value, setValue, save, savedAt, dirty: JSON.stringify(value) !== baseline.current };
}
