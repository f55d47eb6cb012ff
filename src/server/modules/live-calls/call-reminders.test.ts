import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/client';
import { liveCalls, users } from '../../db/schema/index';
import { createAdmin, createMember, signIn } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { startCallReminderSchedule } from './call-reminders';
import { createCall, editCall } from './live-calls.test-support';

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
/** A second instance's own pool on the same database. */
let other: Database;
let admin: string;
const ids: Record<'veteran' | 'newcomer' | 'cancelled' | 'unverified' | 'admin', string> = {
  veteran: '',
  newcomer: '',
  cancelled: '',
  unverified: '',
  admin: '',
};
beforeAll(async () => {
  t = await createTestApp();
  other = createDatabase(t.config.DATABASE_URL as string, { max: 5 });
  const adminRow = await createAdmin(t.db);
  ids.admin = adminRow.id;
  admin = await signIn(t.db, adminRow.id);
  ids.veteran = (await createMember(t.db, { name: 'Veterana' })).id;
  ids.newcomer = (await createMember(t.db, { name: 'Novata' })).id;
  ids.cancelled = (await createMember(t.db, { name: 'Cancelada', status: 'Cancelado' })).id;
  ids.unverified = (await createMember(t.db, { name: 'Sem e-mail', emailVerified: false })).id;
  await t.db
    .update(users)
    .set({ createdAt: new Date(Date.now() - 30 * DAY) })
    .where(eq(users.id, ids.veteran));
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const create = (payload: Record<string, unknown>) =>
  createCall(t, admin, { description: 'Pauta', ...payload });
const edit = (id: string, payload: Record<string, unknown>) =>
  editCall(t, admin, id, { description: 'Pauta', ...payload });
/** São Paulo wall clock (UTC-3) as an instant. */
const saoPaulo = (day: string, time: string) => new Date(`${day}T${time}:00-03:00`);

/** Who got a call-reminder with this title fragment, and how many notices were made. */
async function remindersFor(fragment: string) {
  const notices = await t.db.execute<{ id: string; title: string; description: string; link: string | null }>(
    sql`select id, title, description, link from notifications
         where kind = 'call-reminder' and title like ${`%${fragment}%`} order by created_at`,
  );
  const copies = await t.db.execute<{ user_id: string }>(
    sql`select un.user_id from user_notifications un join notifications n on n.id = un.notification_id
         where n.kind = 'call-reminder' and n.title like ${`%${fragment}%`}`,
  );
  return { notices: notices.rows, recipients: copies.rows.map((r) => r.user_id).sort() };
}

const schedules = () => {
  const log = { error: (m: string) => expect.fail(m) };
  const a = startCallReminderSchedule({ db: t.db, log, everyMs: 3_600_000 });
  const b = startCallReminderSchedule({ db: other.db, log, everyMs: 3_600_000 });
  return {
    a,
    b,
    stop() {
      a.stop();
      b.stop();
    },
  };
};

describe('the one-hour reminder of the live calls', () => {
  it('two instances ticking together send one notice, to every member who may watch, once', async () => {
    const scheduled = await create({ title: 'Lembrete A', callTime: '20:00', callDate: '2030-03-07' });
    const s = schedules();
    try {
      const now = saoPaulo('2030-03-07', '19:02');
      // Both instances' passes at once, several times over: each call is claimed by exactly one pass.
      const extra = schedules();
      let passes: string[][];
      try {
        passes = await Promise.all([s.a.tick(now), s.b.tick(now), extra.a.tick(now), extra.b.tick(now)]);
      } finally {
        extra.stop();
      }
      expect(passes.flat().filter((id) => id === scheduled.id)).toHaveLength(1);

      const { notices, recipients } = await remindersFor('Lembrete A');
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        title: "A call 'Lembrete A' começa em 1 hora",
        description: 'Começa hoje às 20:00 (horário de Brasília). Acesse pela aba Calls ao Vivo.',
        link: '/dashboard?tab=calls-ao-vivo',
      });
      // Active, verified accounts (the new one too: the 7-day rule is about recordings) and the administrator.
      expect(recipients).toEqual([ids.veteran, ids.newcomer, ids.admin].sort());

      // Later passes do not remind again.
      expect(await s.a.tick(saoPaulo('2030-03-07', '19:30'))).toEqual([]);
      expect((await remindersFor('Lembrete A')).notices).toHaveLength(1);
    } finally {
      s.stop();
    }
  });

  it('shows the reminder in the bell, not in the administrator’s history', async () => {
    const { notices } = await remindersFor('Lembrete A');
    const notice = notices[0] as { id: string };
    const newcomer = await signIn(t.db, ids.newcomer);
    const bell = (
      await t.request({ method: 'GET', url: '/api/notifications', headers: { cookie: newcomer } })
    ).json() as Array<{ id: string; kind: string; link: string | null }>;
    expect(bell.find((n) => n.id === notice.id)).toMatchObject({
      kind: 'call-reminder',
      link: '/dashboard?tab=calls-ao-vivo',
    });
    const history = (
      await t.request({ method: 'GET', url: '/api/admin/notifications', headers: { cookie: admin } })
    ).json() as Array<{ id: string }>;
    expect(history.map((n) => n.id)).not.toContain(notice.id);
    const del = await t.request({
      method: 'DELETE',
      url: `/api/admin/notifications/${notice.id}`,
      headers: { cookie: admin },
    });
    expect(del.statusCode).toBe(404);
  });

  it('reminds only within the hour before the start', async () => {
    await create({ title: 'Lembrete B', callTime: '20:00', callDate: '2030-03-14' });
    const s = schedules();
    try {
      expect(await s.a.tick(saoPaulo('2030-03-14', '18:59'))).toEqual([]);
      expect(await s.a.tick(saoPaulo('2030-03-14', '20:00'))).toEqual([]);
      expect(await s.a.tick(saoPaulo('2030-03-14', '20:30'))).toEqual([]);
      expect((await remindersFor('Lembrete B')).notices).toHaveLength(0);
      expect(await s.b.tick(saoPaulo('2030-03-14', '19:40'))).toHaveLength(1);
      expect((await remindersFor('Lembrete B')).notices[0]?.title).toBe(
        "A call 'Lembrete B' começa em 20 minutos",
      );
    } finally {
      s.stop();
    }
  });

  it('skips postponed, deleted and undated calls', async () => {
    const postponed = await create({ title: 'Lembrete C', callTime: '20:00', callDate: '2030-03-21' });
    await edit(postponed.id, {
      title: 'Lembrete C',
      callTime: '20:00',
      callDate: '2030-03-21',
      status: 'Adiada',
    });
    const deleted = await create({ title: 'Lembrete D', callTime: '20:00', callDate: '2030-03-21' });
    await t.request({ method: 'DELETE', url: `/api/live-calls/${deleted.id}`, headers: { cookie: admin } });
    await create({ title: 'Lembrete E', callTime: '20:00' });
    const s = schedules();
    try {
      expect(await s.a.tick(saoPaulo('2030-03-21', '19:30'))).toEqual([]);
    } finally {
      s.stop();
    }
    for (const title of ['Lembrete C', 'Lembrete D', 'Lembrete E']) {
      expect((await remindersFor(title)).notices, title).toHaveLength(0);
    }
  });

  it('sends a published call (a recording) only to accounts old enough to watch it', async () => {
    await create({
      title: 'Lembrete F',
      callTime: '20:00',
      callDate: '2030-03-28',
      link: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
      status: 'Publicado',
    });
    const s = schedules();
    try {
      expect(await s.a.tick(saoPaulo('2030-03-28', '19:05'))).toHaveLength(1);
    } finally {
      s.stop();
    }
    expect((await remindersFor('Lembrete F')).recipients).toEqual([ids.veteran, ids.admin].sort());
  });

  it('reminds again after the time changes, not after other edits; "amanhã" across midnight', async () => {
    const moved = await create({ title: 'Lembrete G', callTime: '20:00', callDate: '2030-04-04' });
    const s = schedules();
    try {
      expect(await s.a.tick(saoPaulo('2030-04-04', '19:10'))).toEqual([moved.id]);
      // A new title keeps the reminder sent.
      await edit(moved.id, { title: 'Lembrete G (pauta nova)', callTime: '20:00', callDate: '2030-04-04' });
      expect(await s.a.tick(saoPaulo('2030-04-04', '19:20'))).toEqual([]);
      // A new time: reminded again for it.
      await edit(moved.id, { title: 'Lembrete G', callTime: '00:30', callDate: '2030-04-05' });
      const [row] = await t.db.select().from(liveCalls).where(eq(liveCalls.id, moved.id));
      expect(row?.reminderSentAt).toBeNull();
      expect(await s.b.tick(saoPaulo('2030-04-04', '23:35'))).toEqual([moved.id]);
    } finally {
      s.stop();
    }
    const { notices } = await remindersFor('Lembrete G');
    expect(notices).toHaveLength(2);
    expect(notices[1]?.description).toBe(
      'Começa amanhã às 00:30 (horário de Brasília). Acesse pela aba Calls ao Vivo.',
    );
  });
});
