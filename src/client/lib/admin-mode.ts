import { useCallback, useSyncExternalStore } from 'react';

/** The administrator's admin mode, kept in local storage and cleared at logout. */
export const ADMIN_MODE_KEY = 'adminMode';
const CHANGE_EVENT = 'admin-mode-change';

function readAdminMode(): boolean {
  try {
    return localStorage.getItem(ADMIN_MODE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function setAdminMode(on: boolean) {
  try {
    if (on) localStorage.setItem(ADMIN_MODE_KEY, 'true');
    else localStorage.removeItem(ADMIN_MODE_KEY);
  } catch {
    // Storage blocked (private mode): the toggle simply does not persist.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function clearAdminMode() {
  setAdminMode(false);
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Admin mode as React state, in sync across components and tabs. Only meaningful for the administrator. */
export function useAdminMode() {
  const adminMode = useSyncExternalStore(subscribe, readAdminMode, () => false);
  const set = useCallback((on: boolean) => setAdminMode(on), []);
  return [adminMode, set] as const;
}
