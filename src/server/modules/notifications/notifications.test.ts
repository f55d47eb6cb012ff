import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createMember, signIn } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { notifyAdmin, notifyMembers, notifyUser } from './notifications.repo';

let t: TestApp;
let admin: string;
let ana: string;
let bruno: string;
let anaId: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t.db, (await createAdmin(t.db)).id);
  anaId = (await createMember(t.db, { name: 'Ana' })).id;
  ana = await signIn(t.db, anaId);
  bruno = await signIn(t.db, (await createMember(t.db, { name: 'Bruno' })).id);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (cookie: string, method: Method, url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
const listOf = async (cookie: string) =>
  (await call(cookie, 'GET', '/api/notifications')).json() as Array<{
    id: string;
    title: string;
    kind: string;
    isRead: boolean;
  }>;
const unreadOf = async (cookie: string) =>
  (await call(cookie, 'GET', '/api/notifications/unread-count')).json().count as number;
const publish = async (title: string, description = 'Descrição com https://exemplo.com') => {
  const res = await call(admin, 'POST', '/api/admin/notifications', { title, description });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; title: string; recipients: number; createdAt: string };
};

describe('notifications', () => {
  it('validates the admin form with the spec message', async () => {
    for (const body of [{}, { title: '  ', description: 'x' }, { title: 'x', description: '   ' }]) {
      const res = await call(admin, 'POST', '/api/admin/notifications', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Por favor, preencha o título e a descrição.');
    }
    const long = await call(admin, 'POST', '/api/admin/notifications', {
      title: 'x'.repeat(256),
      description: 'd',
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('O título deve ter no máximo 255 caracteres.');
  });

  it('delivers a new notification unread to every user, newest first', async () => {
    const first = await publish('Primeira');
    expect(first.recipients).toBe(3);
    const second = await publish('  Segunda  ');
    expect(second.title).toBe('Segunda');

    for (const cookie of [ana, bruno, admin]) {
      const list = await listOf(cookie);
      expect(list.map((n) => n.title)).toEqual(['Segunda', 'Primeira']);
      expect(list.every((n) => !n.isRead)).toBe(true);
      expect(list[0]).toMatchObject({ id: second.id, description: 'Descrição com https://exemplo.com' });
      expect(await unreadOf(cookie)).toBe(2);
    }

    const history = await call(admin, 'GET', '/api/admin/notifications');
    expect(history.json().map((n: { title: string; recipients: number }) => [n.title, n.recipients])).toEqual(
      [
        ['Segunda', 3],
        ['Primeira', 3],
      ],
    );
  });

  it('marks read and deletes only the member’s own copy', async () => {
    const [latest, older] = await listOf(ana);
    const read = await call(ana, 'PATCH', `/api/notifications/${latest!.id}/read`, {});
    expect(read.statusCode).toBe(200);
    expect(await unreadOf(ana)).toBe(1);
    expect((await listOf(ana))[0]?.isRead).toBe(true);
    expect(await unreadOf(bruno)).toBe(2);

    const removed = await call(ana, 'DELETE', `/api/notifications/${older!.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await listOf(ana)).map((n) => n.id)).toEqual([latest!.id]);
    expect(await listOf(bruno)).toHaveLength(2);

    const history = await call(admin, 'GET', '/api/admin/notifications');
    expect(history.json().find((n: { id: string }) => n.id === older!.id).recipients).toBe(2);
  });

  it('answers 404 for unknown ids and for notifications the member does not hold', async () => {
    // Ana removed her copy in the previous test; Bruno still holds it.
    const anaIds = (await listOf(ana)).map((n) => n.id);
    const notHers = (await listOf(bruno)).find((n) => !anaIds.includes(n.id));
    expect(notHers).toBeDefined();
    for (const [method, url] of [
      ['PATCH', `/api/notifications/${notHers!.id}/read`],
      ['DELETE', `/api/notifications/${notHers!.id}`],
      ['PATCH', `/api/notifications/${randomUUID()}/read`],
      ['DELETE', `/api/notifications/${randomUUID()}`],
    ] as const) {
      const res = await call(ana, method, url, method === 'PATCH' ? {} : undefined);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Notificação não encontrada.');
    }
    const badId = await call(ana, 'DELETE', '/api/notifications/nao-e-uuid');
    expect(badId.statusCode).toBe(400);
    const brunos = await listOf(bruno);
    expect(brunos).toHaveLength(2);
    expect(brunos.every((n) => !n.isRead)).toBe(true);
  });

  it('"Limpar todas" removes all of the member’s copies and nobody else’s', async () => {
    const res = await call(bruno, 'DELETE', '/api/notifications');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Todas as notificações foram removidas.', count: 2 });
    expect(await listOf(bruno)).toEqual([]);
    expect(await unreadOf(bruno)).toBe(0);
    expect(await listOf(admin)).toHaveLength(2);
  });

  it('admin delete removes the notification for every user', async () => {
    const created = await publish('Para apagar');
    expect((await listOf(bruno)).map((n) => n.id)).toEqual([created.id]);
    const res = await call(admin, 'DELETE', `/api/admin/notifications/${created.id}`);
    expect(res.statusCode).toBe(200);
    for (const cookie of [ana, bruno, admin]) {
      expect((await listOf(cookie)).map((n) => n.id)).not.toContain(created.id);
    }
    const again = await call(admin, 'DELETE', `/api/admin/notifications/${created.id}`);
    expect(again.statusCode).toBe(404);
    const history = await call(admin, 'GET', '/api/admin/notifications');
    expect(history.json().map((n: { id: string }) => n.id)).not.toContain(created.id);
  });

  it('members cannot publish or delete for everyone', async () => {
    const res = await call(ana, 'POST', '/api/admin/notifications', { title: 'x', description: 'y' });
    expect(res.statusCode).toBe(403);
    const list = await call(ana, 'GET', '/api/admin/notifications');
    expect(list.statusCode).toBe(403);
  });

  it("the app's personal notices reach only their member, with their link, and stay out of the admin's history", async () => {
    await publish('Aviso geral');
    await notifyUser(t.db, anaId, {
      kind: 'offer-review',
      title: 'Oferta aprovada',
      description: 'Sua oferta "Método X" foi aprovada.',
      link: '/dashboard?tab=subir-oferta',
    });
    await notifyAdmin(t.db, { title: 'Produto sem mapeamento', description: 'Produto p-1 (Plano X).' });

    const anas = await listOf(ana);
    expect(anas[0]).toMatchObject({
      kind: 'offer-review',
      title: 'Oferta aprovada',
      link: '/dashboard?tab=subir-oferta',
      isRead: false,
    });
    expect((await listOf(bruno)).map((n) => [n.kind, n.title])).toEqual([['admin', 'Aviso geral']]);
    const admins = await listOf(admin);
    expect(admins[0]).toMatchObject({ kind: 'admin', title: 'Produto sem mapeamento', link: null });
    expect(admins.map((n) => n.title)).not.toContain('Oferta aprovada');

    const history = (await call(admin, 'GET', '/api/admin/notifications')).json() as Array<{ title: string }>;
    expect(history.map((n) => n.title)).toContain('Aviso geral');
    expect(history.map((n) => n.title)).not.toContain('Oferta aprovada');
    expect(history.map((n) => n.title)).not.toContain('Produto sem mapeamento');
    // The admin's delete (a notice to everyone) cannot remove a member's personal notice.
    const personal = anas[0] as { id: string };
    expect((await call(admin, 'DELETE', `/api/admin/notifications/${personal.id}`)).statusCode).toBe(404);
    const stats = (await call(admin, 'GET', '/api/admin/stats')).json() as { totalNotifications: number };
    expect(stats.totalNotifications).toBe(history.length);
  });

  it('notifyMembers makes one notice for the members a query selects, kept out of the admin history', async () => {
    const sent = await notifyMembers(
      t.db,
      {
        kind: 'call-reminder',
        title: 'Lembrete só da Ana',
        description: 'd',
        link: '/dashboard?tab=calls-ao-vivo',
      },
      sql`select id from users where id = ${anaId}`,
    );
    expect(sent.recipients).toBe(1);
    const rows = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications where title = 'Lembrete só da Ana'`,
    );
    expect(rows.rows[0]?.n).toBe(1);
    expect((await listOf(ana))[0]).toMatchObject({ id: sent.id, kind: 'call-reminder', isRead: false });
    expect((await listOf(bruno)).map((n) => n.id)).not.toContain(sent.id);
    const history = (await call(admin, 'GET', '/api/admin/notifications')).json() as Array<{ id: string }>;
    expect(history.map((n) => n.id)).not.toContain(sent.id);
    expect((await call(admin, 'DELETE', `/api/admin/notifications/${sent.id}`)).statusCode).toBe(404);
    const stats = (await call(admin, 'GET', '/api/admin/stats')).json() as { totalNotifications: number };
    expect(stats.totalNotifications).toBe(history.length);
    // Ana's copy is hers to remove.
    expect((await call(ana, 'DELETE', `/api/notifications/${sent.id}`)).statusCode).toBe(200);
  });

  it('refuses a link that is not a path inside the app', async () => {
    await expect(
      notifyUser(t.db, anaId, { kind: 'admin', title: 'x', description: 'y', link: 'https://evil.example' }),
    ).rejects.toThrow();
    await expect(
      notifyUser(t.db, anaId, { kind: 'admin', title: 'x', description: 'y', link: '//evil.example' }),
    ).rejects.toThrow();
  });
});

// Last in the file: the backfill runs over every notice of this database.
describe('migration 0022', () => {
  it('gives the notices written before it their kind and their latest event time', async () => {
    const migration = readFileSync(
      new URL('../../../../drizzle/0022_activity_notifications.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1) ?? '';
    expect(backfill).toMatch(/UPDATE "notifications"/);
    const rows = await t.db.execute<{ id: string }>(sql`
      insert into notifications (title, description, recipient_user_id, link, created_at, updated_at, kind) values
        ('Oferta aprovada', 'a', ${anaId}, '/dashboard?tab=subir-oferta', '2026-01-01T12:00:00Z', now(), 'like'),
        ('Oferta recusada', 'b', ${anaId}, null, '2026-01-02T12:00:00Z', now(), 'like'),
        ('Oferta X escalando', 'c', ${anaId}, '/detalhes-oferta/x', '2026-01-03T12:00:00Z', now(), 'like'),
        ('O backup falhou', 'd', ${anaId}, '/admin', '2026-01-04T12:00:00Z', now(), 'like'),
        ('Oferta aprovada', 'e', null, null, '2026-01-05T12:00:00Z', now(), 'like')
      returning id`);
    await t.db.execute(sql.raw(backfill));
    const after = await t.db.execute<{ kind: string; same: boolean }>(sql`
      select kind, updated_at = created_at as same from notifications
      where id in ${rows.rows.map((r) => r.id)} order by created_at`);
    expect(after.rows).toEqual([
      { kind: 'offer-review', same: true },
      { kind: 'offer-review', same: true },
      { kind: 'offer-scaling', same: true },
      { kind: 'admin', same: true },
      { kind: 'admin', same: true },
    ]);
  });
});
