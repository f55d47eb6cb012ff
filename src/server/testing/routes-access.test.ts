import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessPlugin, type RouteAccess } from '../plugins/access';
import { createAdmin, createMember, signIn } from './factories';
import { createTestApp, type TestApp } from './test-app';

/** Paths that must be registered, so the walk below can never pass on an empty table. */
const KNOWN_ROUTES = [
  'GET /api/admin/stats',
  'GET /api/admin/users',
  'PATCH /api/admin/users/:id/status',
  'POST /api/admin/logout-all-users',
  'GET /api/admin/webhook-mappings',
  'GET /api/admin/notifications',
  'GET /api/admin/backups',
  'GET /api/notifications',
  'POST /api/webhook/lastlink',
];

let t: TestApp;
let adminId: string;
let apiRoutes: RouteAccess[];
beforeAll(async () => {
  t = await createTestApp();
  adminId = (await createAdmin(t.db)).id;
  apiRoutes = t.app.routeAccessTable.filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/'));
});
afterAll(() => t.close());

function callAs(route: RouteAccess, cookie?: string) {
  const url = route.url.replace(/:[A-Za-z0-9_]+/g, () => randomUUID()).replace(/\*$/, 'x');
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  return t.request({
    method: route.method as 'GET',
    url,
    headers: cookie ? { cookie } : {},
    ...(hasBody ? { payload: {} } : {}),
  });
}

describe('route access rules', () => {
  it('registers the known routes with the expected rules', () => {
    const table = apiRoutes.map((r) => `${r.method} ${r.url}`);
    for (const known of KNOWN_ROUTES) expect(table).toContain(known);
    const accessOf = (key: string) => apiRoutes.find((r) => `${r.method} ${r.url}` === key)?.access;
    expect(accessOf('GET /api/admin/users')).toBe('admin');
    expect(accessOf('GET /api/notifications')).toBe('member');
    expect(accessOf('POST /api/webhook/lastlink')).toBe('public');
    const looseAdminPaths = apiRoutes.filter((r) => r.url.startsWith('/api/admin/') && r.access !== 'admin');
    expect(looseAdminPaths).toEqual([]);
  });

  it('every member and admin route refuses whoever it should, and answers whoever it should', async () => {
    const failures: string[] = [];
    const guarded = apiRoutes.filter((r) => r.access !== 'public');
    expect(guarded.length).toBeGreaterThanOrEqual(KNOWN_ROUTES.length - 1);
    for (const route of guarded) {
      const name = `${route.method} ${route.url} (${route.access})`;
      // Fresh accounts and sessions per route: a route may end sessions (global logout, logout).
      const member = await signIn(t.db, (await createMember(t.db)).id);
      const admin = await signIn(t.db, adminId);

      const anonymous = await callAs(route);
      if (anonymous.statusCode !== 401) failures.push(`${name}: anonymous got ${anonymous.statusCode}`);

      const asMember = await callAs(route, member);
      const memberExpected =
        route.access === 'admin' ? asMember.statusCode === 403 : asMember.statusCode !== 401;
      if (!memberExpected || asMember.statusCode >= 500) {
        failures.push(`${name}: member got ${asMember.statusCode}`);
      }

      const asAdmin = await callAs(route, admin);
      if ([401, 403].includes(asAdmin.statusCode) || asAdmin.statusCode >= 500) {
        failures.push(`${name}: admin got ${asAdmin.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('declares the routes outside /api too: GET /metrics is public, guarded by its own token (404 without one)', async () => {
    const metrics = t.app.routeAccessTable.find((r) => r.method === 'GET' && r.url === '/metrics');
    expect(metrics?.access).toBe('public');
    const member = await signIn(t.db, (await createMember(t.db)).id);
    for (const headers of [{}, { cookie: member }, { cookie: await signIn(t.db, adminId) }]) {
      const res = await t.request({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('clube_');
    }
  });

  it('refuses to register a route without an access rule', async () => {
    const app = Fastify();
    await app.register(accessPlugin);
    const register = async (config: Record<string, unknown> | undefined) => {
      app.get(`/sem-regra-${randomUUID()}`, config ? { config } : {}, async () => 'ok');
      await app.ready();
    };
    await expect(register(undefined)).rejects.toThrow(/declares no access rule/);
    await app.close();

    const other = Fastify();
    await other.register(accessPlugin);
    const invalid = async () => {
      other.get('/regra-invalida', { config: { access: 'todos' as 'public' } }, async () => 'ok');
      await other.ready();
    };
    await expect(invalid()).rejects.toThrow(/declares no access rule/);
    await other.close();
  });
});
