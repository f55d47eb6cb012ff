import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_EMBED_ORIGINS } from '../../../shared/live-call-embed';
import { LIVE_CALL_REQUIRED_MESSAGE, type LiveCall } from '../../../shared/schemas/live-calls';
import { users } from '../../db/schema/index';
import type { TestApp } from '../../testing/test-app';
import { recordingAccess } from './live-calls.service';
import { createCall, liveCallsTestApp, type Method, requestAs } from './live-calls.test-support';

const DAY = 24 * 60 * 60 * 1000;
const VIDEO = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';

let t: TestApp;
let admin: string;
let member: string;
let memberId: string;
beforeAll(async () => {
  ({ t, admin, member, memberId } = await liveCallsTestApp('Nova'));
});
afterAll(() => t.close());

const call = (cookie: string | null, method: Method, url: string, payload?: Record<string, unknown>) =>
  requestAs(t, cookie, method, url, payload);
const listAs = async (cookie: string) => {
  const res = await call(cookie, 'GET', '/api/live-calls');
  expect(res.statusCode).toBe(200);
  return res.json() as LiveCall[];
};
const create = (payload: Record<string, unknown>) => createCall(t, admin, payload);
/** Dates the member's account back (an UPDATE, as an old account would be). */
const dateAccountBack = (ms: number) =>
  t.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(users.id, memberId));

describe('live calls: who may call', () => {
  it('answers 401 to anonymous callers on every route', async () => {
    const id = randomUUID();
    for (const [method, url] of [
      ['GET', '/api/live-calls'],
      ['POST', '/api/live-calls'],
      ['PUT', `/api/live-calls/${id}`],
      ['DELETE', `/api/live-calls/${id}`],
    ] as const) {
      const res = await call(null, method, url, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('lets members read but never write (403), and writes nothing', async () => {
    const existing = await create({ title: 'Intocável', description: 'd', callTime: '20:00' });
    const body = { title: 'Tentativa', description: 'd', callTime: '20:00' };
    for (const [method, url] of [
      ['POST', '/api/live-calls'],
      ['PUT', `/api/live-calls/${existing.id}`],
      ['DELETE', `/api/live-calls/${existing.id}`],
    ] as const) {
      const res = await call(member, method, url, method === 'DELETE' ? undefined : body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const titles = (await listAs(member)).map((c) => c.title);
    expect(titles).toContain('Intocável');
    expect(titles).not.toContain('Tentativa');
    expect((await call(admin, 'DELETE', `/api/live-calls/${existing.id}`)).statusCode).toBe(200);
  });

  it('declares the routes with their access rules', () => {
    const accessOf = (key: string) =>
      t.app.routeAccessTable.find((r) => `${r.method} ${r.url}` === key)?.access;
    expect(accessOf('GET /api/live-calls')).toBe('member');
    expect(accessOf('POST /api/live-calls')).toBe('admin');
    expect(accessOf('PUT /api/live-calls/:id')).toBe('admin');
    expect(accessOf('DELETE /api/live-calls/:id')).toBe('admin');
  });
});

describe('live calls: the administrator’s CRUD', () => {
  it('creates with the defaults, edits, lists by date and deletes', async () => {
    const created = await create({
      title: '  Call de quinta  ',
      description: 'Escala no Facebook',
      callTime: '20:00',
    });
    expect(created).toMatchObject({
      title: 'Call de quinta',
      description: 'Escala no Facebook',
      callTime: '20:00',
      callDate: null,
      link: null,
      status: 'Agendado',
      locked: false,
      daysLeft: null,
    });
    expect(Date.parse(created.createdAt)).not.toBeNaN();

    const edited = await call(admin, 'PUT', `/api/live-calls/${created.id}`, {
      title: 'Call de quinta (gravada)',
      description: 'Escala no Facebook',
      callTime: '20:30',
      callDate: '2026-11-26',
      link: VIDEO,
      status: 'Publicado',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json() as LiveCall;
    expect(after).toMatchObject({
      id: created.id,
      title: 'Call de quinta (gravada)',
      callTime: '20:30',
      callDate: '2026-11-26',
      link: VIDEO,
      status: 'Publicado',
      createdAt: created.createdAt,
    });
    expect(Date.parse(after.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));

    const older = await create({
      title: 'Call antiga',
      description: 'd',
      callTime: '20:00',
      callDate: '2026-10-01',
      status: 'Adiada',
    });
    const undated = await create({ title: 'Sem data', description: 'd', callTime: '19:00' });
    const order = (await listAs(admin)).map((c) => c.id);
    expect(order.indexOf(created.id)).toBeLessThan(order.indexOf(older.id));
    expect(order.indexOf(older.id)).toBeLessThan(order.indexOf(undated.id));

    // Clearing the optional fields stores them as empty (null).
    const cleared = await call(admin, 'PUT', `/api/live-calls/${older.id}`, {
      title: 'Call antiga',
      description: 'd',
      callTime: '20:00',
      callDate: '',
      link: '',
      status: 'Aguardando Upload',
    });
    expect(cleared.json()).toMatchObject({ callDate: null, link: null, status: 'Aguardando Upload' });

    for (const id of [created.id, older.id, undated.id]) {
      const removed = await call(admin, 'DELETE', `/api/live-calls/${id}`);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ message: 'Call excluída' });
    }
    expect((await listAs(admin)).map((c) => c.id)).not.toContain(created.id);
  });

  it('answers 404 for an unknown call and 400 for a malformed id', async () => {
    const body = { title: 't', description: 'd', callTime: '20:00' };
    const put = await call(admin, 'PUT', `/api/live-calls/${randomUUID()}`, body);
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ message: 'Call não encontrada.' });
    const del = await call(admin, 'DELETE', `/api/live-calls/${randomUUID()}`);
    expect(del.statusCode).toBe(404);
    const bad = await call(admin, 'DELETE', '/api/live-calls/nao-e-um-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Identificador inválido.');
  });

  it("refuses an incomplete form with the spec's message", async () => {
    for (const body of [
      {},
      { description: 'd', callTime: '20:00' },
      { title: '   ', description: 'd', callTime: '20:00' },
      { title: 't', description: '', callTime: '20:00' },
      { title: 't', description: 'd' },
      { title: 't', description: 'd', callTime: ' ' },
      { title: 7, description: 'd', callTime: '20:00' },
    ]) {
      const res = await call(admin, 'POST', '/api/live-calls', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ message: LIVE_CALL_REQUIRED_MESSAGE });
    }
  });

  it('refuses bad times, dates, links, statuses and sizes with Portuguese messages', async () => {
    const base = { title: 't', description: 'd', callTime: '20:00' };
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ callTime: '25:00' }, 'Horário inválido: use o formato HH:MM.'],
      [{ callTime: '8h' }, 'Horário inválido: use o formato HH:MM.'],
      [{ callDate: '2026-02-30' }, 'Data inválida: use o formato AAAA-MM-DD.'],
      [{ callDate: '26/11/2026' }, 'Data inválida: use o formato AAAA-MM-DD.'],
      [{ link: 'javascript:alert(1)' }, 'O link da call deve ser uma URL válida (http ou https).'],
      [{ link: 'www.youtube.com/watch?v=x' }, 'O link da call deve ser uma URL válida (http ou https).'],
      [{ status: 'Cancelada' }, 'Status inválido.'],
      [{ title: 'x'.repeat(201) }, 'O título deve ter no máximo 200 caracteres.'],
      [{ description: 'x'.repeat(5001) }, 'A descrição deve ter no máximo 5000 caracteres.'],
    ];
    for (const [change, message] of cases) {
      const res = await call(admin, 'POST', '/api/live-calls', { ...base, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const nul = await t.request({
      method: 'POST',
      url: '/api/live-calls',
      headers: { cookie: admin, 'content-type': 'application/json' },
      payload: '{"title":"a\\u0000b","description":"d","callTime":"20:00"}',
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/caractere nulo/);
    expect((await listAs(admin)).filter((c) => c.title.startsWith('a'))).toEqual([]);
  });
});

describe('live calls: the 7-day rule', () => {
  let published: LiveCall;
  let scheduled: LiveCall;
  beforeAll(async () => {
    published = await create({
      title: 'Gravação: escala com CBO',
      description: 'd',
      callTime: '20:00',
      callDate: '2026-11-19',
      link: VIDEO,
      status: 'Publicado',
    });
    scheduled = await create({
      title: 'Próxima call',
      description: 'd',
      callTime: '20:00',
      callDate: '2026-11-26',
      link: 'https://meet.google.com/abc-defg-hij',
    });
  });

  it('hides the link of published calls from a new account and says how many days are left', async () => {
    await dateAccountBack(0);
    const list = await listAs(member);
    expect(list.find((c) => c.id === published.id)).toMatchObject({ link: null, locked: true, daysLeft: 7 });
    // Only recordings are locked: a scheduled call keeps its link.
    expect(list.find((c) => c.id === scheduled.id)).toMatchObject({
      link: 'https://meet.google.com/abc-defg-hij',
      locked: false,
      daysLeft: null,
    });
    const raw = (await call(member, 'GET', '/api/live-calls')).body;
    expect(raw).not.toContain('aqz-KE-bpKQ');
  });

  it('counts the days left from the stored creation date, rounded up', async () => {
    await dateAccountBack(3 * DAY + 60 * 60 * 1000);
    expect((await listAs(member)).find((c) => c.id === published.id)).toMatchObject({
      locked: true,
      daysLeft: 4,
    });
    await dateAccountBack(7 * DAY - 60 * 1000);
    expect((await listAs(member)).find((c) => c.id === published.id)?.daysLeft).toBe(1);
  });

  it('gives the link to an account older than 7 days and always to the administrator', async () => {
    await dateAccountBack(8 * DAY);
    expect((await listAs(member)).find((c) => c.id === published.id)).toMatchObject({
      link: VIDEO,
      locked: false,
      daysLeft: null,
    });
    await dateAccountBack(0);
    expect((await listAs(member)).find((c) => c.id === published.id)?.locked).toBe(true);
    // The administrator's own account is new here, and still gets the link.
    expect((await listAs(admin)).find((c) => c.id === published.id)).toMatchObject({
      link: VIDEO,
      locked: false,
    });
  });

  it('opens exactly at 7 days', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(recordingAccess(new Date(now.getTime() - 7 * DAY), now)).toEqual({ allowed: true, daysLeft: 0 });
    expect(recordingAccess(new Date(now.getTime() - 7 * DAY + 1), now)).toEqual({
      allowed: false,
      daysLeft: 1,
    });
    expect(recordingAccess(now, now)).toEqual({ allowed: false, daysLeft: 7 });
    expect(recordingAccess(new Date(now.getTime() + DAY), now)).toEqual({ allowed: false, daysLeft: 8 });
  });
});

describe('live calls: the inline player', () => {
  it('is allowed to frame every origin the embed variants use (CSP frame-src)', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    const frameSrc = csp.split(';').find((d) => d.trim().startsWith('frame-src')) ?? '';
    for (const origin of VIDEO_EMBED_ORIGINS) expect(frameSrc.split(/\s+/)).toContain(origin);
  });
});
