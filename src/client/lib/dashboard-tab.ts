/** Where the dashboard remembers the open tab across visits. */
export const ACTIVE_TAB_STORAGE_KEY = 'dashboard:activeTab';
/** Set by another page to open a given tab once on arrival (read and cleared by the dashboard). */
export const REQUESTED_TAB_SESSION_KEY = 'activeTab';
/** The dashboard's query parameter naming the open tab: /dashboard?tab=comunidade. */
export const TAB_PARAM = 'tab';
/** Fired on window when some screen asks the (possibly mounted) dashboard to switch tab. */
export const SELECT_TAB_EVENT = 'dashboard:select-tab';

/** The shareable address of a dashboard tab. */
export function dashboardTabPath(id: string): string {
  return `/dashboard?${new URLSearchParams({ [TAB_PARAM]: id })}`;
}

/**
 * The raw tab id the dashboard will try first for this query string, before checking it: ?tab= when present,
 * else a one-shot request from another page, else the stored tab; null when there is none. For head starts
 * (fetching the tab's code or data early) only: the dashboard itself validates (use-active-tab.ts).
 */
export function peekDashboardTab(search: string): string | null {
  const fromUrl = new URLSearchParams(search).get(TAB_PARAM);
  if (fromUrl !== null) return fromUrl;
  try {
    return sessionStorage.getItem(REQUESTED_TAB_SESSION_KEY) ?? localStorage.getItem(ACTIVE_TAB_STORAGE_KEY);
  } catch {
    return null; // Storage blocked: the dashboard opens its default tab.
  }
}

/**
 * Opens a dashboard tab from a screen inside the dashboard (a tab asking for another tab): switched at once
 * (its URL included) and remembered for the next visit. Unknown ids are ignored by the dashboard. From
 * another page, navigate to dashboardTabPath(id) instead.
 */
export function requestDashboardTab(id: string): void {
  try {
    localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, id);
  } catch {
    // Storage blocked: the event still switches a mounted dashboard.
  }
  window.dispatchEvent(new CustomEvent<string>(SELECT_TAB_EVENT, { detail: id }));
}
