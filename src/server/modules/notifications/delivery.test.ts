import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createDatabase, type Database } from '../../db/client';
import { createMailer, type Mailer, type MailMessage } from '../../lib/mail/mail';
import { metricValue } from '../../testing/metrics-text';
import { startSmtpServer } from '../../testing/smtp-server';
import type { TestApp } from '../../testing/test-app';
import {
  commentOn,
  communityTestApp,
  postBy,
  type Session,
  signedInMember,
} from '../community/community.test-support';
import { type DeliveryDeps, deliverDue } from './delivery';
import { notifyMembers, notifyUser } from './notifications.repo';
import { signUnsubscribeToken, unsubscribeKey } from './unsubscribe-token';

let t: TestApp;
let ana: Session;
let bruno: Session;
let carla: Session;
let admin: Session;
const sent: MailMessage[] = [];
/** What the SMTP side does with the next sends: deliver, fail for a while, or refuse the mailbox (550). */
let smtp: 'ok' | 'down' | 'refused' = 'ok';
const mailer: Mailer = {
  destination: 'teste',
  async send(message) {
    if (smtp === 'down')
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNECTION' });
    if (smtp === 'refused')
      throw Object.assign(new Error('550 Caixa postal inexistente'), { responseCode: 550 });
    sent.push(message);
  },
};
let deps: DeliveryDeps;

beforeAll(async () => {
  ({ t, ana, bruno, admin } = await communityTestApp());
  carla = await signedInMember(t, { name: 'Carla Dias' });
  deps = { db: t.db, mailer, config: t.config, log: t.app.log };
});
afterAll(() => t.close());
beforeEach(async () => {
  sent.length = 0;
  smtp = 'ok';
  await t.db.execute(sql`delete from notification_deliveries`);
  await t.db.execute(sql`delete from notification_preferences`);
});

async function rows(userId: string) {
  const result = await t.db.execute<{
    kind: string;
    mode: string;
    state: string;
    attempts: number;
    last_error: string | null;
  }>(
    sql`select kind, mode, state, attempts, last_error from notification_deliveries where user_id = ${userId} order by id`,
  );
  return result.rows;
}
/** The hour has passed for every waiting row. */
const hourPasses = () =>
  t.db.execute(
    sql`update notification_deliveries set due_at = now() - interval '1 second' where state = 'pending'`,
  );
const to = (s: Session) => sent.filter((m) => m.to === s.user.email);

describe('e-mails of the bell notices', () => {
  it("mails a comment on my post at once, with the post's link and one-click unsubscribe; never the actor", async () => {
    const postId = await postBy(ana, 'Como escalar no TikTok');
    const commentId = await commentOn(bruno, postId);
    expect(await rows(ana.user.id)).toEqual([
      expect.objectContaining({ kind: 'comment', mode: 'immediate', state: 'pending' }),
    ]);
    expect(await rows(bruno.user.id)).toEqual([]);

    expect(await deliverDue(deps)).toMatchObject({ sent: 1, skipped: 0, failed: 0 });
    const [mail] = to(ana);
    expect(to(ana)).toHaveLength(1);
    expect(mail?.subject).toBe('Bruno comentou no seu post');
    expect(mail?.text).toContain('Olá, Ana!');
    expect(mail?.text).toContain(
      `${t.config.APP_URL}/dashboard?tab=comunidade&post=${postId}&comment=${commentId}`,
    );
    expect(mail?.html).toContain('Como escalar no TikTok');
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(
      new RegExp(`^<${t.config.APP_URL}/api/notifications/unsubscribe\\?token=[^>]+>$`),
    );
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.text).toContain(`${t.config.APP_URL}/descadastrar?token=`);
    expect(mail?.text).toContain('"Comentários nos meus posts"');
    expect(await rows(ana.user.id)).toEqual([expect.objectContaining({ state: 'sent', attempts: 1 })]);

    // The bundle's next comments within the window: the bell moves, no second e-mail.
    await commentOn(carla, postId, 'Também quero saber');
    expect(await deliverDue(deps)).toMatchObject({ sent: 0 });
    expect(to(ana)).toHaveLength(1);
  });

  it("waits for the hour with likes, then sends the hour's likes as one e-mail", async () => {
    const first = await postBy(ana, 'Primeiro post');
    const second = await postBy(ana, 'Segundo post');
    expect((await bruno.call('POST', `/api/posts/${first}/like`)).statusCode).toBe(200);
    expect((await carla.call('POST', `/api/posts/${second}/like`)).statusCode).toBe(200);
    expect(await rows(ana.user.id)).toEqual([
      expect.objectContaining({ kind: 'like', mode: 'hourly', state: 'pending' }),
      expect.objectContaining({ kind: 'like', mode: 'hourly', state: 'pending' }),
    ]);
    const due = await t.db.execute<{ on_the_hour: boolean }>(
      sql`select bool_and(due_at = date_trunc('hour', now()) + interval '1 hour') as on_the_hour
          from notification_deliveries where user_id = ${ana.user.id}`,
    );
    expect(due.rows[0]?.on_the_hour).toBe(true);
    expect(await deliverDue(deps)).toMatchObject({ sent: 0 });

    await hourPasses();
    expect(await deliverDue(deps)).toMatchObject({ sent: 2 });
    expect(to(ana)).toHaveLength(1);
    expect(to(ana)[0]?.subject).toBe('Carla Dias curtiu seu post e mais 1 novidade');
    expect(to(ana)[0]?.text).toContain('Bruno curtiu seu post');
    expect(to(ana)[0]?.text).toContain('"Curtidas nos meus posts e comentários"');
  });

  it('queues nothing for a kind switched off, and drops what was queued when it is switched off before it leaves', async () => {
    expect(
      (await ana.call('PUT', '/api/user/notification-preferences', { comment: { email: 'off', push: true } }))
        .statusCode,
    ).toBe(200);
    const postId = await postBy(ana);
    await commentOn(bruno, postId);
    expect(await rows(ana.user.id)).toEqual([]);

    await ana.call('PUT', '/api/user/notification-preferences', {
      comment: { email: 'immediate', push: true },
    });
    const other = await postBy(ana, 'Outro post');
    await commentOn(bruno, other);
    await ana.call('PUT', '/api/user/notification-preferences', { comment: { email: 'off', push: true } });
    expect(await deliverDue(deps)).toMatchObject({ sent: 0, skipped: 1 });
    expect(await rows(ana.user.id)).toEqual([
      expect.objectContaining({ state: 'skipped', last_error: 'desligado pelo membro' }),
    ]);
    expect(to(ana)).toEqual([]);
  });

  it('does not mail what the member already read in the bell', async () => {
    const postId = await postBy(ana);
    await commentOn(bruno, postId);
    const [notice] = (await (await ana.call('GET', '/api/notifications')).json()) as { id: string }[];
    expect((await ana.call('PATCH', `/api/notifications/${notice?.id}/read`)).statusCode).toBe(200);
    expect(await deliverDue(deps)).toMatchObject({ sent: 0, skipped: 1 });
    expect(to(ana)).toEqual([]);
  });

  it('retries while SMTP is down and gives up on a refused mailbox; the bell keeps the notice either way', async () => {
    const postId = await postBy(ana);
    await commentOn(bruno, postId);
    smtp = 'down';
    expect(await deliverDue(deps)).toMatchObject({ sent: 0, retried: 1 });
    const waiting = await t.db.execute<{ wait: number }>(
      sql`select extract(epoch from due_at - now())::int as wait from notification_deliveries where user_id = ${ana.user.id}`,
    );
    expect(waiting.rows[0]?.wait).toBeGreaterThan(50);
    expect(await deliverDue(deps)).toMatchObject({ sent: 0, retried: 0 });

    smtp = 'ok';
    await hourPasses();
    expect(await deliverDue(deps)).toMatchObject({ sent: 1 });
    expect(await rows(ana.user.id)).toEqual([expect.objectContaining({ state: 'sent', attempts: 2 })]);

    await commentOn(carla, await postBy(ana, 'Mais um'));
    smtp = 'refused';
    expect(await deliverDue(deps)).toMatchObject({ failed: 1, retried: 0 });
    const last = (await rows(ana.user.id)).at(-1);
    expect(last).toMatchObject({ state: 'failed' });
    expect(last?.last_error).toContain('550');
    const bell = (await (await ana.call('GET', '/api/notifications')).json()) as { title: string }[];
    expect(bell.map((n) => n.title)).toContain('Carla Dias comentou no seu post');
  });

  it('gives up after five tries', async () => {
    await commentOn(bruno, await postBy(ana));
    smtp = 'down';
    for (let i = 0; i < 5; i++) {
      await deliverDue(deps);
      await hourPasses();
    }
    expect(await rows(ana.user.id)).toEqual([expect.objectContaining({ state: 'failed', attempts: 5 })]);
  });

  it('sends each e-mail once when two instances deliver at the same time', async () => {
    const other: Database = createDatabase(t.config.DATABASE_URL ?? '', { max: 4 });
    try {
      const members = await Promise.all(
        Array.from({ length: 12 }, (_, i) => signedInMember(t, { name: `Membro ${i}` })),
      );
      for (const member of members) {
        await t.db.transaction((tx) =>
          notifyUser(tx, member.user.id, {
            kind: 'offer-review',
            title: 'Sua oferta foi aprovada',
            description: 'X',
          }),
        );
      }
      const results = await Promise.all([deliverDue(deps), deliverDue({ ...deps, db: other.db })]);
      expect(results[0].sent + results[1].sent).toBe(12);
      for (const member of members) expect(to(member)).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it("queues the administrator's notice for every member by the hour (the default), none for a cancelled one", async () => {
    const gone = await signedInMember(t, { name: 'Saiu', status: 'Cancelado' });
    const res = await admin.call('POST', '/api/admin/notifications', {
      title: 'Call extra na sexta',
      description: 'Às 20h',
    });
    expect(res.statusCode).toBe(201);
    expect(await rows(ana.user.id)).toEqual([expect.objectContaining({ kind: 'admin', mode: 'hourly' })]);
    expect(await rows(gone.user.id)).toEqual([]);
  });
});

describe('notices to many members (call reminders)', () => {
  it("queue each member's e-mail as they chose: at once by default, nothing where it is off", async () => {
    await carla.call('PUT', '/api/user/notification-preferences', {
      'call-reminder': { email: 'off', push: true },
    });
    await t.db.transaction((tx) =>
      notifyMembers(
        tx,
        { kind: 'call-reminder', title: "A call 'Escala' começa em 1 hora", description: 'Hoje às 20:00' },
        sql`select id from users where id in (${ana.user.id}, ${carla.user.id})`,
      ),
    );
    expect(await rows(ana.user.id)).toEqual([
      expect.objectContaining({ kind: 'call-reminder', mode: 'immediate' }),
    ]);
    expect(await rows(carla.user.id)).toEqual([]);
    expect(await deliverDue(deps)).toMatchObject({ sent: 1 });
    expect(to(ana)[0]?.subject).toBe("A call 'Escala' começa em 1 hora");
  });
});

describe('a fan-out in chunks', () => {
  it('copies the notice and queues the e-mails for every member, chunk after chunk, each once', async () => {
    const crowd = await Promise.all(
      Array.from({ length: 7 }, (_, i) => signedInMember(t, { name: `Multidão ${i}` })),
    );
    const ids = crowd.map((m) => m.user.id);
    const { id, recipients } = await t.db.transaction((tx) =>
      notifyMembers(
        tx,
        { kind: 'call-reminder', title: 'Lembrete', description: 'Hoje' },
        // The same members twice: each gets one copy.
        sql`select id from users where id = any(${sql.param(ids)}::uuid[]) union all select id from users where id = any(${sql.param(ids)}::uuid[])`,
        3,
      ),
    );
    expect(recipients).toBe(7);
    const copies = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from user_notifications where notification_id = ${id}`,
    );
    expect(copies.rows[0]?.n).toBe(7);
    const queued = await t.db.execute<{ n: number }>(
      sql`select count(distinct user_id)::int as n from notification_deliveries where notification_id = ${id} and channel = 'email'`,
    );
    expect(queued.rows[0]?.n).toBe(7);
  });
});

describe('through a real SMTP server', () => {
  it('arrives with the unsubscribe headers; a mailbox the server refuses (550) is given up at once', async () => {
    const server = await startSmtpServer({ refuse: (address) => address === bruno.user.email });
    try {
      const config = loadConfig({ SMTP_URL: `smtp://127.0.0.1:${server.port}`, DATA_DIR: t.config.DATA_DIR });
      const real = { ...deps, mailer: createMailer(config, t.app.log) };
      const postId = await postBy(ana, 'Post com cabeçalhos');
      await commentOn(bruno, postId);
      const brunosPost = await postBy(bruno, 'Post do Bruno');
      await commentOn(ana, brunosPost);
      expect(await deliverDue(real)).toMatchObject({ sent: 1, failed: 1, retried: 0 });
      expect(server.received).toHaveLength(1);
      // Headers unfolded (RFC 5322: a long header goes on over lines that start with a space).
      const raw = (server.received[0]?.raw ?? '').replace(/\r?\n[ \t]+/g, ' ');
      expect(server.received[0]?.to).toEqual([ana.user.email]);
      expect(raw).toMatch(
        /^List-Unsubscribe: <http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=[^>]+>$/m,
      );
      expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
      expect(raw).toMatch(/^Content-Type: multipart\/alternative/m);
      expect(await rows(bruno.user.id)).toEqual([expect.objectContaining({ state: 'failed' })]);
    } finally {
      await server.close();
    }
  });
});

describe('GET and PUT /api/user/notification-preferences', () => {
  it('answers the defaults, changes only the kinds sent, and refuses what a kind cannot take', async () => {
    const defaults = await (await carla.call('GET', '/api/user/notification-preferences')).json();
    expect(defaults).toMatchObject({
      comment: { email: 'immediate', push: true },
      reply: { email: 'immediate', push: true },
      mention: { email: 'immediate', push: true },
      'offer-review': { email: 'immediate', push: true },
      like: { email: 'hourly', push: true },
      digest: { email: 'immediate', push: false },
    });
    expect(Object.keys(defaults)).toHaveLength(9);

    const changed = await carla.call('PUT', '/api/user/notification-preferences', {
      like: { email: 'off', push: false },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      like: { email: 'off', push: false },
      comment: { email: 'immediate' },
    });
    expect((await ana.call('GET', '/api/user/notification-preferences')).json().like).toEqual({
      email: 'hourly',
      push: true,
    });

    for (const [body, message] of [
      [{ 'call-reminder': { email: 'hourly', push: true } }, 'vai na hora ou fica desligado'],
      [{ digest: { email: 'immediate', push: true } }, 'só por e-mail'],
      [{ comment: { email: 'sometimes', push: true } }, "'immediate', 'hourly' ou 'off'"],
      [{ comment: { email: 'off' } }, 'push'],
      [{ reactions: { email: 'off', push: false } }, ''],
    ] as const) {
      const res = await carla.call('PUT', '/api/user/notification-preferences', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await t.request({ method: 'GET', url: '/api/user/notification-preferences' })).statusCode).toBe(
      401,
    );
  });
});

describe('the unsubscribe link', () => {
  it('says what it stops, stops it with one POST (RFC 8058) signed out, and refuses forged and expired links', async () => {
    const key = await unsubscribeKey(t.db);
    const token = signUnsubscribeToken(key, bruno.user.id, 'reply');
    const url = `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

    const info = await t.request({ method: 'GET', url });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({ kind: 'reply', label: 'Respostas aos meus comentários' });
    expect(info.json().email).toMatch(/^.{1,2}•••@/);

    // The mail provider's POST: a form body, no Origin, no cookie.
    const oneClick = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.json().message).toContain('Respostas aos meus comentários');
    const prefs = (await bruno.call('GET', '/api/user/notification-preferences')).json();
    expect(prefs.reply).toEqual({ email: 'off', push: true });
    expect(prefs.comment.email).toBe('immediate');
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(200);

    const forged = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const otherMember = token.replace(bruno.user.id, ana.user.id);
    for (const bad of [forged, otherMember, 'x'.repeat(20)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('Link de descadastro inválido');
    }
    const old = signUnsubscribeToken(key, bruno.user.id, 'reply', Date.now() - 200 * 86_400_000);
    const expired = await t.request({
      method: 'GET',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(old)}`,
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toContain('expirou');
    expect((await ana.call('GET', '/api/user/notification-preferences')).json().reply.email).toBe(
      'immediate',
    );
  });
});

describe('metrics of the outbox', () => {
  it('counts each e-mail that left and each send that failed (clube_notification_sends_total)', async () => {
    const counted: DeliveryDeps = { ...deps, counts: t.app.metrics.deliveries };
    const value = async (result: string) =>
      metricValue(await t.app.metrics.text(), 'clube_notification_sends_total', { channel: 'email', result });
    const [sentBefore, failedBefore] = [await value('sent'), await value('failed')];
    await commentOn(bruno, await postBy(ana, 'Post contado nas métricas'));
    expect(await deliverDue(counted)).toMatchObject({ sent: 1 });
    smtp = 'down';
    await commentOn(ana, await postBy(carla, 'Post que não sai'));
    expect(await deliverDue(counted)).toMatchObject({ sent: 0, retried: 1 });
    expect((await value('sent'))! - sentBefore!).toBe(1);
    expect((await value('failed'))! - failedBefore!).toBe(1);
  });
});
