/** Where the dashboard remembers the open tab across visits. */
export const ACTIVE_TAB_STORAGE_KEY = 'dashboard:activeTab';
/** Fired on window when some screen asks the (possibly mounted) dashboard to switch tab. */
export const SELECT_TAB_EVENT = 'dashboard:select-tab';

/**
 * Opens a dashboard tab from any screen: remembered for the next visit and, when the dashboard is already
 * mounted (a tab asking for another tab), switched at once. Unknown ids are ignored by the dashboard.
 */
export function requestDashboardTab(id: string): void {
  try {
    localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, id);
  } catch {
    // Storage blocked: the event still switches a mounted dashboard.
  }
  window.dispatchEvent(new CustomEvent<string>(SELECT_TAB_EVENT, { detail: id }));
}
