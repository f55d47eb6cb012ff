import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_TAB_SOURCE, firstScreenOf, ROUTE_SOURCES } from './first-screen';
import { dashboardTabSourceOf, TAB_SOURCES } from './tab-sources';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('first screen table', () => {
  it("names the same modules the client router and the dashboard's tab table import", () => {
    const router = read('src/client/app/router.tsx');
    for (const [name, source] of Object.entries(ROUTE_SOURCES)) {
      const relative = `./routes/${path.basename(source, '.tsx')}`;
      expect(router, name).toContain(`${name}: preloadedLazy(() => import('${relative}'))`);
    }
    const dashboard = read('src/client/app/routes/dashboard.tsx');
    const loaders = [
      ...dashboard.matchAll(/^\s+'?([a-z-]+)'?: \(\) =>\s+import\('\.\.\/\.\.\/([^']+)'\)/gm),
    ].map(([, id, relative]) => [id, `src/client/${relative}.tsx`]);
    expect(Object.fromEntries(loaders)).toEqual(TAB_SOURCES);
    expect(TAB_SOURCES['ofertas-escaladas']).toBe(CATALOGUE_TAB_SOURCE);
    for (const source of Object.values(TAB_SOURCES)) expect(() => read(source), source).not.toThrow();
  });

  it('picks the tab code a dashboard URL opens with: ?tab=, else the catalogue', () => {
    expect(dashboardTabSourceOf(new URLSearchParams('tab=ranking'))).toBe(TAB_SOURCES.ranking);
    expect(dashboardTabSourceOf(new URLSearchParams(''))).toBe(CATALOGUE_TAB_SOURCE);
    expect(dashboardTabSourceOf(new URLSearchParams('tab=constructor'))).toBe(CATALOGUE_TAB_SOURCE);
    expect(dashboardTabSourceOf(new URLSearchParams('tab=__proto__'))).toBe(CATALOGUE_TAB_SOURCE);
  });

  it('maps paths to routes', () => {
    expect(firstScreenOf('/')).toBe('dashboard');
    expect(firstScreenOf('/dashboard')).toBe('dashboard');
    expect(firstScreenOf('/login')).toBe('login');
    expect(firstScreenOf('/detalhes-oferta/abc')).toBe('offerDetail');
    expect(firstScreenOf('/nova-oferta')).toBeUndefined();
  });
});
