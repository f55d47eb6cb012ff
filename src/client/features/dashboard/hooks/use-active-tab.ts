import { useCallback, useEffect, useState } from 'react';
import { ACTIVE_TAB_STORAGE_KEY, SELECT_TAB_EVENT } from '../../../lib/dashboard-tab';
import { DEFAULT_TAB, findTab, isTabId, type TabId } from '../tabs';

export { ACTIVE_TAB_STORAGE_KEY };
/** Set by other pages (spec 02 'Publicar' flow) to open a given tab once on arrival. */
export const ACTIVE_TAB_SESSION_KEY = 'activeTab';

function usable(value: unknown): value is TabId {
  return isTabId(value) && !findTab(value).comingSoon;
}

/** The tab to open: a one-shot request from another page first (then cleared), else the stored one. */
export function readInitialTab(): TabId {
  try {
    const requested = sessionStorage.getItem(ACTIVE_TAB_SESSION_KEY);
    if (requested !== null) {
      sessionStorage.removeItem(ACTIVE_TAB_SESSION_KEY);
      if (usable(requested)) {
        localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, requested);
        return requested;
      }
    }
    const stored = localStorage.getItem(ACTIVE_TAB_STORAGE_KEY);
    if (usable(stored)) return stored;
  } catch {
    // Storage blocked: fall back to the default tab.
  }
  return DEFAULT_TAB;
}

export function useActiveTab() {
  const [activeTab, setActiveTabState] = useState<TabId>(readInitialTab);
  const setActiveTab = useCallback((id: TabId) => {
    if (findTab(id).comingSoon) return;
    setActiveTabState(id);
    try {
      localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, id);
    } catch {
      // Not persisted; the tab still opens.
    }
  }, []);
  // Another screen inside the dashboard (e.g. Favoritos' 'Explorar Ofertas') asks for a tab.
  useEffect(() => {
    const onSelect = (event: Event) => {
      const id = (event as CustomEvent<unknown>).detail;
      if (usable(id)) setActiveTab(id);
    };
    window.addEventListener(SELECT_TAB_EVENT, onSelect);
    return () => window.removeEventListener(SELECT_TAB_EVENT, onSelect);
  }, [setActiveTab]);
  return [activeTab, setActiveTab] as const;
}
