import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_TAB_SOURCE, firstScreenOf, ROUTE_SOURCES } from './first-screen';

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
    const tab = `../../${CATALOGUE_TAB_SOURCE.replace(/^src\/client\//, '').replace(/\.tsx$/, '')}`;
    expect(dashboard).toContain(`'ofertas-escaladas': () => import('${tab}')`);
  });

  it('maps paths to routes', () => {
    expect(firstScreenOf('/')).toBe('dashboard');
    expect(firstScreenOf('/dashboard')).toBe('dashboard');
    expect(firstScreenOf('/login')).toBe('login');
    expect(firstScreenOf('/detalhes-oferta/abc')).toBe('offerDetail');
    expect(firstScreenOf('/nova-oferta')).toBeUndefined();
  });
});
