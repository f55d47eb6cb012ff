import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { requestDashboardTab } from '../../../lib/dashboard-tab';
import {
  ACTIVE_TAB_SESSION_KEY,
  ACTIVE_TAB_STORAGE_KEY,
  readInitialTab,
  useActiveTab,
} from './use-active-tab';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('readInitialTab', () => {
  it('defaults to ofertas-escaladas', () => {
    expect(readInitialTab()).toBe('ofertas-escaladas');
  });

  it('restores the stored tab', () => {
    localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'ranking');
    expect(readInitialTab()).toBe('ranking');
  });

  it('ignores unknown and coming-soon tabs', () => {
    localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'nao-existe');
    expect(readInitialTab()).toBe('ofertas-escaladas');
    localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'gerador-vsl');
    expect(readInitialTab()).toBe('ofertas-escaladas');
  });

  it('honours a one-shot request from another page, then clears it and remembers the tab', () => {
    localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'ranking');
    sessionStorage.setItem(ACTIVE_TAB_SESSION_KEY, 'divulgacao');
    expect(readInitialTab()).toBe('divulgacao');
    expect(sessionStorage.getItem(ACTIVE_TAB_SESSION_KEY)).toBeNull();
    expect(localStorage.getItem(ACTIVE_TAB_STORAGE_KEY)).toBe('divulgacao');
    expect(readInitialTab()).toBe('divulgacao');
  });

  it('drops an invalid one-shot request and falls back to the stored tab', () => {
    localStorage.setItem(ACTIVE_TAB_STORAGE_KEY, 'favoritos');
    sessionStorage.setItem(ACTIVE_TAB_SESSION_KEY, '<script>');
    expect(readInitialTab()).toBe('favoritos');
    expect(sessionStorage.getItem(ACTIVE_TAB_SESSION_KEY)).toBeNull();
  });
});

describe('useActiveTab', () => {
  it('switches when another screen requests a tab, and ignores unknown or coming-soon ids', () => {
    const { result } = renderHook(() => useActiveTab());
    expect(result.current[0]).toBe('ofertas-escaladas');
    act(() => requestDashboardTab('favoritos'));
    expect(result.current[0]).toBe('favoritos');
    expect(localStorage.getItem(ACTIVE_TAB_STORAGE_KEY)).toBe('favoritos');
    act(() => requestDashboardTab('nao-existe'));
    act(() => requestDashboardTab('gerador-vsl'));
    expect(result.current[0]).toBe('favoritos');
  });
});
