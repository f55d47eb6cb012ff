import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  ACTIVE_TAB_STORAGE_KEY,
  REQUESTED_TAB_SESSION_KEY,
  SELECT_TAB_EVENT,
  TAB_PARAM,
} from '../../../lib/dashboard-tab';
import { DEFAULT_TAB, findTab, isTabId, type TabId } from '../tabs';

export { ACTIVE_TAB_STORAGE_KEY, REQUESTED_TAB_SESSION_KEY as ACTIVE_TAB_SESSION_KEY, TAB_PARAM };

function usable(value: unknown): value is TabId {
  return isTabId(value) && !findTab(value).comingSoon;
}

/**
 * The tab a ?tab= value opens: the tab itself when it is one the sidebar can open, else the default tab (an
 * unknown id, a coming-soon tab or an empty value: a shared link with a typo still lands somewhere useful).
 */
export function tabFromParam(value: string): TabId {
  return usable(value) ? value : DEFAULT_TAB;
}

/**
 * The tab to open: ?tab= when the URL has one; else a one-shot request from another page (then cleared);
 * else the stored tab (restored when returning to /dashboard); else the default.
 */
export function readInitialTab(params: URLSearchParams = new URLSearchParams()): TabId {
  const fromUrl = params.get(TAB_PARAM);
  try {
    const requested = sessionStorage.getItem(REQUESTED_TAB_SESSION_KEY);
    if (requested !== null) sessionStorage.removeItem(REQUESTED_TAB_SESSION_KEY);
    if (fromUrl !== null) return tabFromParam(fromUrl);
    if (usable(requested)) return requested;
    const stored = localStorage.getItem(ACTIVE_TAB_STORAGE_KEY);
    if (usable(stored)) return stored;
  } catch {
    // Storage blocked: the URL or the default tab.
    if (fromUrl !== null) return tabFromParam(fromUrl);
  }
  return DEFAULT_TAB;
}

/**
 * The open tab, kept in the URL (/dashboard?tab=comunidade) so a tab can be shared, reloaded and reached with
 * Back. Choosing a tab adds a history entry (Back returns to the previous tab, its catalogue filters
 * included); the corrections (no ?tab, an unknown one) replace the entry. The open tab is also stored for
 * the next visit to /dashboard without ?tab.
 */
export function useActiveTab() {
  const [params, setParams] = useSearchParams();
  const raw = params.get(TAB_PARAM);
  const [initial] = useState(() => readInitialTab(params));
  // What /dashboard without ?tab shows once mounted (a link to /dashboard from inside it): the open tab.
  const lastTab = useRef(initial);
  const activeTab = raw === null ? lastTab.current : tabFromParam(raw);

  useEffect(() => {
    lastTab.current = activeTab;
    try {
      localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, activeTab);
    } catch {
      // Not persisted; the tab still opens.
    }
    if (raw === activeTab) return;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set(TAB_PARAM, activeTab);
        return next;
      },
      { replace: true },
    );
  }, [activeTab, raw, setParams]);

  const setActiveTab = useCallback(
    (id: TabId) => {
      if (!usable(id) || id === activeTab) return;
      // Another tab's parameters (the catalogue's filters) stay with that tab's history entry.
      setParams(new URLSearchParams({ [TAB_PARAM]: id }));
    },
    [activeTab, setParams],
  );

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
