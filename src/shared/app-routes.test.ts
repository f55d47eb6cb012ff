import { existsSync } from 'node:fs';
import path from 'node:path';
import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, type AppRouteId, NOT_FOUND_FILE, routeOf, routeSourceOf } from './app-routes';
import { DEFAULT_TAB, dashboardTabSourceOf, TAB_IDS, TAB_TABLE, tabSourceOf } from './dashboard-tabs';

const root = path.resolve(import.meta.dirname, '../..');

describe('the screens table', () => {
  it('names a screen file that exists for every route, and no path twice', () => {
    for (const id of Object.keys(APP_ROUTES) as AppRouteId[]) {
      expect(existsSync(path.join(root, routeSourceOf(id))), id).toBe(true);
    }
    expect(existsSync(path.join(root, `src/client/app/routes/${NOT_FOUND_FILE}.tsx`))).toBe(true);
    const paths = Object.values(APP_ROUTES).flatMap(([, ...routePaths]) => routePaths);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('maps paths to screens as the router does', () => {
    const paths = [
      '/',
      '/dashboard',
      '/dashboard/',
      '/home',
      '/perfil/',
      '/detalhes-oferta/abc',
      '/detalhes-oferta/a/b',
    ];
    for (const pathname of paths) {
      const routed = Object.entries(APP_ROUTES).find(([, [, ...patterns]]) =>
        patterns.some((pattern) => matchPath(pattern, pathname)),
      )?.[0];
      expect(routeOf(pathname), pathname).toBe(routed);
    }
    expect(routeOf('/')).toBe('dashboard');
    expect(routeOf('/dashboard')).toBe('dashboard');
    expect(routeOf('/dashboard/')).toBe('dashboard');
    expect(routeOf('/login')).toBe('login');
    expect(routeOf('/detalhes-oferta/abc')).toBe('offer-detail');
    expect(routeOf('/detalhes-oferta/abc/x')).toBeUndefined();
    expect(routeOf('/admin/editar-oferta/1')).toBe('admin-edit-offer');
    expect(routeOf('/admin/editar-oferta-usuario/1')).toBe('admin-edit-user-offer');
    expect(routeOf('/nova-oferta')).toBe('new-offer');
    expect(routeOf('/loginx')).toBeUndefined();
    expect(routeOf('/clube')).toBeUndefined();
  });
});

describe('the dashboard tabs table', () => {
  it('has unique ids and a screen file for every tab', () => {
    expect(new Set(TAB_IDS).size).toBe(TAB_TABLE.length);
    expect(TAB_IDS).toContain(DEFAULT_TAB);
    for (const tab of TAB_TABLE) {
      expect(existsSync(path.join(root, tabSourceOf(tab))), tab.id).toBe(true);
    }
  });

  it('picks the tab code a dashboard URL opens with: ?tab=, else the catalogue', () => {
    const catalogue = 'src/client/features/offers/components/offers-tab.tsx';
    expect(dashboardTabSourceOf(new URLSearchParams('tab=ranking'))).toBe(
      'src/client/features/community/components/ranking-tab.tsx',
    );
    expect(dashboardTabSourceOf(new URLSearchParams(''))).toBe(catalogue);
    expect(dashboardTabSourceOf(new URLSearchParams('tab=constructor'))).toBe(catalogue);
    expect(dashboardTabSourceOf(new URLSearchParams('tab=__proto__'))).toBe(catalogue);
  });
});
