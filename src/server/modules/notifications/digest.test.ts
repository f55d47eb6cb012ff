import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../../db/client';
import type { Mailer, MailMessage } from '../../lib/mail/mail';
import { createMember, signIn } from '../../testing/factories';
import { createOffer } from '../../testing/offer-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createPostRow, insertLikeAt } from '../community/community.test-support';
import { deliverDue } from './delivery';
import { createDigestMailer, digestInstant, dueDigestWeek, startDigestSchedule } from './digest';

let t: TestApp;
let other: Database;
const sent: MailMessage[] = [];
const mailer: Mailer = {
  destination: 'teste',
  async send(message) {
    sent.push(message);
  },
};
const quiet = { info() {}, error() {} };

beforeAll(async () => {
  t = await createTestApp();
  other = createDatabase(t.config.DATABASE_URL ?? '', { max: 4 });
});
afterAll(async () => {
  await other.close();
  await t.close();
});
beforeEach(async () => {
  sent.length = 0;
  await t.db.execute(sql`delete from notification_deliveries`);
  await t.db.execute(sql`delete from digest_runs`);
});

/** 2026-11-30 is a Monday; São Paulo is UTC−3 all year. */
const at = (iso: string) => new Date(iso);

describe('dueDigestWeek', () => {
  it("is the week's São Paulo Monday from Monday 09:00 on, and nothing on Monday before 09:00", () => {
    expect(dueDigestWeek(at('2026-11-30T11:59:00Z'))).toBeNull();
    expect(dueDigestWeek(at('2026-11-30T12:00:00Z'))).toBe('2026-11-30');
    expect(dueDigestWeek(at('2026-12-02T18:00:00Z'))).toBe('2026-11-30');
    // Sunday 23:30 in São Paulo is already Monday in UTC: still the week that began on the 30th.
    expect(dueDigestWeek(at('2026-12-07T02:30:00Z'))).toBe('2026-11-30');
    expect(dueDigestWeek(at('2026-12-07T12:00:00Z'))).toBe('2026-12-07');
    expect(digestInstant('2026-11-30').toISOString()).toBe('2026-11-30T12:00:00.000Z');
  });
});

describe('the weekly digest', () => {
  it('is queued once per week by one of two instances, for the members who want it and have not come by', async () => {
    const away = await createMember(t.db, { name: 'Longe' });
    const visitor = await createMember(t.db, { name: 'Presente' });
    await signIn(t.db, visitor.id);
    const noDigest = await createMember(t.db, { name: 'Sem Resumo' });
    await t.db.execute(
      sql`insert into notification_preferences (user_id, kind, email, push) values (${noDigest.id}, 'digest', 'off', false)`,
    );
    const cancelled = await createMember(t.db, { name: 'Saiu', status: 'Cancelado' });

    const one = startDigestSchedule({ db: t.db, log: quiet });
    const two = startDigestSchedule({ db: other.db, log: quiet });
    try {
      const monday = at('2026-11-30T12:05:00Z');
      const results = await Promise.all([one.tick(monday), two.tick(monday)]);
      expect(results.filter((r) => r === null)).toHaveLength(1);
      const queued = await t.db.execute<{ user_id: string; subject: string }>(
        sql`select user_id, subject from notification_deliveries where kind = 'digest'`,
      );
      const who = queued.rows.map((r) => r.user_id);
      expect(who).toContain(away.id);
      expect(who).not.toContain(visitor.id);
      expect(who).not.toContain(noDigest.id);
      expect(who).not.toContain(cancelled.id);
      expect(new Set(queued.rows.map((r) => r.subject))).toEqual(new Set(['digest:2026-11-30']));
      expect(results.find((r) => r !== null)).toBe(queued.rows.length);

      // Later checks of the same week, on either instance: nothing more.
      expect(await one.tick(at('2026-12-01T15:00:00Z'))).toBeNull();
      expect(await two.tick(at('2026-11-30T12:10:00Z'))).toBeNull();
      // Monday before 09:00: not yet the next week's.
      expect(await one.tick(at('2026-12-07T11:00:00Z'))).toBeNull();
      expect(await two.tick(at('2026-12-07T12:00:00Z'))).toBeGreaterThan(0);
    } finally {
      one.stop();
      two.stop();
    }
  });

  it("tells the week's offers, most liked posts, podium and next call, and sends nothing for a week with no news", async () => {
    const reader = await createMember(t.db, { name: 'Leitora Assídua' });
    const deps = {
      db: t.db,
      mailer,
      config: t.config,
      log: t.app.log,
      digestMail: createDigestMailer(t.db, t.config.APP_URL),
    };
    const queue = (week: string) =>
      t.db.execute(sql`insert into notification_deliveries (user_id, channel, kind, mode, subject)
        values (${reader.id}, 'email', 'digest', 'immediate', ${`digest:${week}`})`);

    // A week long gone: no offer is new, no like fell in it.
    await queue('2020-01-06');
    expect(await deliverDue(deps)).toMatchObject({ sent: 0, skipped: 1 });
    expect(sent).toEqual([]);

    const week = dueDigestWeek(new Date()) ?? dueDigestWeek(new Date(Date.now() - 86_400_000));
    if (!week) throw new Error('no week');
    const inWeek = new Date(digestInstant(week).getTime() - 86_400_000);
    const offer = await createOffer(t.db, {
      productTitle: 'Método Seca Barriga',
      niche: 'Emagrecimento',
      ads: 40,
    });
    const author = await createMember(t.db, { name: 'Autora' });
    const fan = await createMember(t.db, { name: 'Fã' });
    const post = await createPostRow(t.db, author.id, { title: 'Meu funil de R$ 10 mil' });
    await insertLikeAt(t.db, post.id, fan.id, inWeek);
    await t.db.execute(sql`insert into live_calls (title, description, call_time, call_date, status)
      values ('Escala no TikTok', 'x', '20:00', (now() at time zone 'America/Sao_Paulo')::date + 2, 'Agendado')`);

    await queue(week);
    expect(await deliverDue(deps)).toMatchObject({ sent: 1 });
    const [mail] = sent;
    expect(mail?.to).toBe(reader.email);
    expect(mail?.subject).toBe('Sua semana no Clube Escala');
    expect(mail?.text).toContain('Olá, Leitora!');
    expect(mail?.text).toContain('OFERTAS NOVAS NO CATÁLOGO');
    expect(mail?.text).toContain('Método Seca Barriga');
    expect(mail?.text).toContain(`${t.config.APP_URL}/detalhes-oferta/${offer.id}`);
    expect(mail?.text).toContain('Meu funil de R$ 10 mil');
    expect(mail?.text).toContain('1 curtida na semana');
    expect(mail?.text).toContain('PRÓXIMA CALL AO VIVO');
    expect(mail?.text).toContain('Escala no TikTok');
    expect(mail?.text).toContain('"Resumo semanal');
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.html).toContain('Ofertas novas no catálogo');

    // Never twice for one member and week.
    await expect(queue(week)).rejects.toThrow();
  });
});
