import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { dashboardTabPath, peekDashboardTab, requestDashboardTab } from '../../../lib/dashboard-tab';
import {
  ACTIVE_TAB_SESSION_KEY,
  ACTIVE_TAB_STORAGE_KEY,
  readInitialTab,
  tabFromParam,
  useActiveTab,
} from './use-active-tab';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const params = (search: string) => new URLSearchParams(search);

describe('readInitialTab', () => {
  it('defaults to ofertas-escaladas', () => {
    expect(readInitialTab()).toBe('ofertas-escaladas');
  });

  it('restores the stored tab when the URL names none', () => {
    localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'ranking');
    expect(readInitialTab()).toBe('ranking');
    expect(readInitialTab(params('?search=pix'))).toBe('ranking');
  });

  it('ignores unknown stored tabs', () => {
    localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'nao-existe');
    expect(readInitialTab()).toBe('ofertas-escaladas');
    // No tab is coming soon any more (issue #10 built the last five).
    localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'gerador-vsl');
    expect(readInitialTab()).toBe('gerador-vsl');
  });

  it('opens the ?tab= of the URL before the stored tab and a one-shot request', () => {
    localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'ranking');
    sessionStorage.setItem(ACTIVE_TAB_SESSION_KEY, 'divulgacao');
    expect(readInitialTab(params('?tab=comunidade'))).toBe('comunidade');
    // The stale one-shot request is dropped, not kept for a later visit.
    expect(sessionStorage.getItem(ACTIVE_TAB_SESSION_KEY)).toBeNull();
    expect(readInitialTab()).toBe('ranking');
  });

  it('an unknown, empty or hostile ?tab= opens the default tab, not the stored one', () => {
    localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'ranking');
    for (const search of [
      '?tab=nao-existe',
      '?tab=',
      '?tab=%3Cscript%3E',
      '?tab=constructor',
      '?tab=__proto__',
      '?tab=COMUNIDADE',
    ]) {
      expect(readInitialTab(params(search)), search).toBe('ofertas-escaladas');
    }
  });

  it('honours a one-shot request from another page, then clears it', () => {
    localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'ranking');
    sessionStorage.setItem(ACTIVE_TAB_SESSION_KEY, 'divulgacao');
    expect(readInitialTab()).toBe('divulgacao');
    expect(sessionStorage.getItem(ACTIVE_TAB_SESSION_KEY)).toBeNull();
    expect(readInitialTab()).toBe('ranking');
  });

  it('drops an invalid one-shot request and falls back to the stored tab', () => {
    localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'favoritos');
    sessionStorage.setItem(ACTIVE_TAB_SESSION_KEY, '<script>');
    expect(readInitialTab()).toBe('favoritos');
    expect(sessionStorage.getItem(ACTIVE_TAB_SESSION_KEY)).toBeNull();
  });
});

describe('tab URL helpers', () => {
  it('tabFromParam keeps usable tabs only', () => {
    expect(tabFromParam('ranking')).toBe('ranking');
    expect(tabFromParam('criador-upsells')).toBe('criador-upsells');
    expect(tabFromParam('criador')).toBe('ofertas-escaladas');
    expect(tabFromParam('ranking ')).toBe('ofertas-escaladas');
  });

  it('dashboardTabPath builds the shareable address, encoded', () => {
    expect(dashboardTabPath('comunidade')).toBe('/dashboard?tab=comunidade');
    expect(dashboardTabPath('a&b=c')).toBe('/dashboard?tab=a%26b%3Dc');
  });

  it('peekDashboardTab: ?tab= first, then the one-shot request, then the stored tab', () => {
    expect(peekDashboardTab('')).toBeNull();
    localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'ranking');
    expect(peekDashboardTab('')).toBe('ranking');
    sessionStorage.setItem(ACTIVE_TAB_SESSION_KEY, 'favoritos');
    expect(peekDashboardTab('?search=x')).toBe('favoritos');
    expect(peekDashboardTab('?tab=divulgacao')).toBe('divulgacao');
    // Peeking never consumes the one-shot request.
    expect(sessionStorage.getItem(ACTIVE_TAB_SESSION_KEY)).toBe('favoritos');
  });
});

/** The hook under a memory router whose history is `entries` (the last one open), with its location. */
function renderAt(...entries: string[]) {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(MemoryRouter, { initialEntries: entries, initialIndex: entries.length - 1 }, children);
  return renderHook(
    () => {
      const [tab, setTab] = useActiveTab();
      const location = useLocation();
      return { tab, setTab, navigate: useNavigate(), search: location.search };
    },
    { wrapper },
  );
}

describe('useActiveTab', () => {
  it('opens the tab of the URL and remembers it', () => {
    const { result } = renderAt('/dashboard?tab=comunidade');
    expect(result.current.tab).toBe('comunidade');
    expect(result.current.search).toBe('?tab=comunidade');
    expect(localStorage.getItem(ACTIVE_TAB_STORAGE_KEY)).toBe('comunidade');
  });

  it('without ?tab restores the stored tab and writes it into the URL, keeping other parameters', () => {
    localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'ofertas-escaladas');
    const { result } = renderAt('/dashboard?niche=Hot');
    expect(result.current.tab).toBe('ofertas-escaladas');
    expect(result.current.search).toBe('?niche=Hot&tab=ofertas-escaladas');
  });

  it('corrects an unknown ?tab= to the default tab in place', () => {
    localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'ranking');
    const { result } = renderAt('/dashboard?tab=nao-existe');
    expect(result.current.tab).toBe('ofertas-escaladas');
    expect(result.current.search).toBe('?tab=ofertas-escaladas');
    expect(localStorage.getItem(ACTIVE_TAB_STORAGE_KEY)).toBe('ofertas-escaladas');
  });

  it('choosing a tab adds one history entry with its URL; Back restores the previous tab and its filters', () => {
    const { result } = renderAt('/dashboard?tab=ofertas-escaladas&niche=Hot');
    act(() => result.current.setTab('ranking'));
    expect(result.current.tab).toBe('ranking');
    expect(result.current.search).toBe('?tab=ranking');
    expect(localStorage.getItem(ACTIVE_TAB_STORAGE_KEY)).toBe('ranking');
    // The open tab changes nothing (no extra history entry).
    act(() => result.current.setTab('ranking'));
    expect(result.current.search).toBe('?tab=ranking');
    act(() => result.current.navigate(-1));
    expect(result.current.tab).toBe('ofertas-escaladas');
    expect(result.current.search).toBe('?tab=ofertas-escaladas&niche=Hot');
  });

  it('follows the URL when history moves (Back / Forward)', () => {
    const { result } = renderAt('/dashboard?tab=favoritos', '/dashboard?tab=ranking');
    expect(result.current.tab).toBe('ranking');
    act(() => result.current.navigate(-1));
    expect(result.current.tab).toBe('favoritos');
    expect(localStorage.getItem(ACTIVE_TAB_STORAGE_KEY)).toBe('favoritos');
    act(() => result.current.navigate(1));
    expect(result.current.tab).toBe('ranking');
    // A link to /dashboard from inside the dashboard keeps the open tab.
    act(() => result.current.navigate('/dashboard'));
    expect(result.current.tab).toBe('ranking');
    expect(result.current.search).toBe('?tab=ranking');
  });

  it('switches when another screen requests a tab, and ignores unknown ids', () => {
    const { result } = renderAt('/dashboard');
    expect(result.current.tab).toBe('ofertas-escaladas');
    act(() => requestDashboardTab('favoritos'));
    expect(result.current.tab).toBe('favoritos');
    expect(result.current.search).toBe('?tab=favoritos');
    expect(localStorage.getItem(ACTIVE_TAB_STORAGE_KEY)).toBe('favoritos');
    act(() => requestDashboardTab('nao-existe'));
    expect(result.current.tab).toBe('favoritos');
    expect(result.current.search).toBe('?tab=favoritos');
  });
});
