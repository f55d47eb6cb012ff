import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase, type Database } from '../db/client';
import { offers } from '../db/schema/index';
import { AUTH_RATE_LIMITS } from '../modules/auth/auth.limits';
import { SESSION_COOKIE } from '../plugins/session';
import { createAdmin, createMember, signIn, TEST_PASSWORD } from './factories';
import { createOffer } from './offer-factories';
import { createTestDatabase, TEST_ORIGIN } from './test-app';

const redisUrl = process.env.TEST_REDIS_URL || undefined;

/**
 * ARCHITECTURE "Scaling out": N stateless instances on one database. Two apps built on the same database
 * share sessions; with REDIS_URL (TEST_REDIS_URL, when the machine has Redis) they share rate limits.
 */
describe('two instances on one database', () => {
  let drop: () => Promise<void>;
  let databaseUrl: string;
  let dataDir: string;
  const instances: Array<{ app: FastifyInstance; database: Database }> = [];

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    databaseUrl = created.url;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ce-multi-'));
    for (let i = 0; i < 2; i++) {
      const config = loadConfig({
        APP_URL: TEST_ORIGIN,
        DATA_DIR: dataDir,
        DATABASE_URL: created.url,
        LOG_LEVEL: 'silent',
        REDIS_URL: redisUrl ?? '',
      });
      const database = createDatabase(created.url, { max: 4 });
      const app = await buildApp({
        config,
        database,
        mailer: { destination: 'nenhum', send: async () => {} },
      });
      await app.ready();
      await app.changeFeed.whenLive();
      instances.push({ app, database });
    }
  });
  afterAll(async () => {
    for (const { app, database } of instances) {
      await app.close();
      await database.close();
    }
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const post = (i: number, url: string, payload: unknown, cookie?: string) =>
    instances[i]!.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });

  it('a session opened on one instance works on the other, and logout on either ends it everywhere', async () => {
    const member = await createMember(instances[0]!.database.db);
    const login = await post(0, '/api/auth/login', { email: member.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
    const session = login.cookies.find((c) => c.name === SESSION_COOKIE)!;
    const cookie = `${session.name}=${session.value}`;
    const onB = await instances[1]!.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(onB.statusCode).toBe(200);
    expect(onB.json().email).toBe(member.email);
    expect((await post(1, '/api/auth/logout', {}, cookie)).statusCode).toBe(200);
    const onA = await instances[0]!.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(onA.statusCode).toBe(401);
  });

  it.skipIf(!redisUrl)('login attempts are counted across instances through Redis', async () => {
    const email = `limite-${Date.now()}@example.com`;
    const { max } = AUTH_RATE_LIMITS.login;
    for (let i = 0; i < max; i++) {
      const res = await post(i % 2, '/api/auth/login', { email, password: 'errada123' });
      expect(res.statusCode).toBe(401);
    }
    const blockedA = await post(0, '/api/auth/login', { email, password: 'errada123' });
    const blockedB = await post(1, '/api/auth/login', { email, password: 'errada123' });
    expect(blockedA.statusCode).toBe(429);
    expect(blockedB.statusCode).toBe(429);
    expect(blockedB.json().message).toBe('Muitas tentativas. Aguarde um pouco e tente novamente.');
  });

  const get = (i: number, url: string, cookie: string) =>
    instances[i]!.app.inject({ method: 'GET', url, headers: { cookie } });
  const call = (i: number, method: 'PATCH' | 'POST', url: string, cookie: string, payload?: object) =>
    instances[i]!.app.inject({ method, url, payload, headers: { origin: TEST_ORIGIN, cookie } });

  /** Polls until `check` holds; fails after a second (the promise of the change feed). */
  async function withinASecond(check: () => Promise<boolean>, what: string) {
    const deadline = Date.now() + 1000;
    for (;;) {
      if (await check()) return Date.now();
      if (Date.now() > deadline) throw new Error(`${what}: not seen within a second`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  const signedIn = async (admin = false) => {
    const db = instances[0]!.database.db;
    const user = admin
      ? await createAdmin(db, { email: `admin-${Math.random().toString(36).slice(2)}@example.com` })
      : await createMember(db);
    return { user, cookie: await signIn(db, user.id) };
  };
  const titles = async (i: number, cookie: string) =>
    ((await get(i, '/api/offers?pageSize=100', cookie)).json().items as { productTitle: string }[]).map(
      (o) => o.productTitle,
    );

  it('caches only while the change feed listens, and B caches what A does not change', async () => {
    const { cookie } = await signedIn();
    for (const { app } of instances) expect(app.changeFeed.live).toBe(true);
    await get(1, '/api/auth/user', cookie);
    expect(instances[1]!.app.sessionCache.size).toBeGreaterThan(0);
  });

  it('an offer hidden by the administrator on A leaves the catalogue of B within a second', async () => {
    const { cookie: admin } = await signedIn(true);
    const { cookie } = await signedIn();
    const offer = await createOffer(instances[0]!.database.db, { productTitle: 'Oferta Compartilhada' });
    await withinASecond(async () => (await titles(1, cookie)).includes('Oferta Compartilhada'), 'new offer');
    // B now holds the page in its cache: without the notification it would keep answering it.
    expect(await titles(1, cookie)).toContain('Oferta Compartilhada');
    const hidden = await call(0, 'PATCH', `/api/admin/offers/${offer.id}/toggle-visibility`, admin);
    expect(hidden.statusCode).toBe(200);
    // At once on the instance that wrote (its response waited for its own notification).
    expect(await titles(0, cookie)).not.toContain('Oferta Compartilhada');
    await withinASecond(
      async () => !(await titles(1, cookie)).includes('Oferta Compartilhada'),
      'hidden offer',
    );
  });

  it('a write made outside any instance (a script, psql) reaches both caches within a second', async () => {
    const { cookie } = await signedIn();
    const offer = await createOffer(instances[0]!.database.db, { productTitle: 'Antes do Script' });
    for (const i of [0, 1]) {
      await withinASecond(async () => (await titles(i, cookie)).includes('Antes do Script'), 'offer');
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`update offers set product_title = 'Depois do Script' where id = $1`, [offer.id]);
    await client.end();
    for (const i of [0, 1]) {
      await withinASecond(
        async () => (await titles(i, cookie)).includes('Depois do Script'),
        'renamed offer',
      );
    }
  });

  it('a logout on A ends the session at once on A and within a second on B', async () => {
    const { cookie } = await signedIn();
    for (const i of [0, 1]) expect((await get(i, '/api/auth/user', cookie)).statusCode).toBe(200);
    expect((await call(0, 'POST', '/api/auth/logout', cookie)).statusCode).toBe(200);
    expect((await get(0, '/api/auth/user', cookie)).statusCode).toBe(401);
    await withinASecond(async () => (await get(1, '/api/auth/user', cookie)).statusCode === 401, 'logout');
  });

  it('a cancellation on A ends every session of the member at once on A and within a second on B', async () => {
    const { cookie: admin } = await signedIn(true);
    const { user, cookie } = await signedIn();
    for (const i of [0, 1]) expect((await get(i, '/api/offers', cookie)).statusCode).toBe(200);
    const res = await call(0, 'PATCH', `/api/admin/users/${user.id}/status`, admin, { status: 'Cancelado' });
    expect(res.statusCode).toBe(200);
    expect((await get(0, '/api/offers', cookie)).statusCode).toBe(401);
    await withinASecond(async () => (await get(1, '/api/offers', cookie)).statusCode === 401, 'cancellation');
  });

  it('a balance or points change reaches the cached session of every instance within a second', async () => {
    const { user, cookie } = await signedIn();
    for (const i of [0, 1]) expect((await get(i, '/api/auth/user', cookie)).json().points).toBe(0);
    await instances[0]!.database.db.execute(sql`update users set points = 7 where id = ${user.id}`);
    for (const i of [0, 1]) {
      await withinASecond(async () => (await get(i, '/api/auth/user', cookie)).json().points === 7, 'points');
    }
  });

  type Card = {
    id: string;
    productTitle: string;
    likeCount: number;
    likedByMe: boolean;
    favoritedByMe: boolean;
  };
  const cardOf = async (i: number, cookie: string, id: string) =>
    ((await get(i, '/api/offers?pageSize=100', cookie)).json().items as Card[]).find((c) => c.id === id);
  const flagsOf = async (i: number, cookie: string, id: string) => {
    const card = await cardOf(i, cookie, id);
    return card ? [card.likeCount, card.likedByMe, card.favoritedByMe] : undefined;
  };

  it('a like and a favourite on A show in the cards at once on A and within a second on B', async () => {
    const { cookie } = await signedIn();
    const { cookie: other } = await signedIn();
    const offer = await createOffer(instances[0]!.database.db, { productTitle: 'Oferta Curtida' });
    // Both instances cache the page, the count and both members' flags before the writes.
    for (const i of [0, 1]) {
      await withinASecond(async () => (await cardOf(i, cookie, offer.id)) !== undefined, 'offer');
      expect(await flagsOf(i, cookie, offer.id)).toEqual([0, false, false]);
      expect(await flagsOf(i, other, offer.id)).toEqual([0, false, false]);
    }
    expect((await call(0, 'POST', `/api/offers/${offer.id}/like`, cookie)).json()).toEqual({
      liked: true,
      likeCount: 1,
    });
    expect(await flagsOf(0, cookie, offer.id)).toEqual([1, true, false]);
    expect(await flagsOf(0, other, offer.id)).toEqual([1, false, false]);
    await withinASecond(async () => String(await flagsOf(1, cookie, offer.id)) === '1,true,false', 'like');
    expect(await flagsOf(1, other, offer.id)).toEqual([1, false, false]);

    const fav = await call(0, 'POST', '/api/favorites', cookie, { offerId: offer.id });
    expect(fav.statusCode).toBe(201);
    expect(await flagsOf(0, cookie, offer.id)).toEqual([1, true, true]);
    await withinASecond(
      async () => String(await flagsOf(1, cookie, offer.id)) === '1,true,true',
      'favourite',
    );
    expect(await flagsOf(1, other, offer.id)).toEqual([1, false, false]);

    // Back the other way, written on B.
    expect((await call(1, 'POST', `/api/offers/${offer.id}/like`, cookie)).json().liked).toBe(false);
    const unfav = await instances[1]!.app.inject({
      method: 'DELETE',
      url: `/api/favorites/${offer.id}`,
      headers: { origin: TEST_ORIGIN, cookie },
    });
    expect(unfav.statusCode).toBe(200);
    expect(await flagsOf(1, cookie, offer.id)).toEqual([0, false, false]);
    await withinASecond(async () => String(await flagsOf(0, cookie, offer.id)) === '0,false,false', 'unlike');
    expect(await flagsOf(0, other, offer.id)).toEqual([0, false, false]);
  });

  it('a warm catalogue page is answered from memory: counts and flags come from the caches', async () => {
    const { user, cookie } = await signedIn();
    const offer = await createOffer(instances[0]!.database.db, { productTitle: 'Oferta em Memória' });
    await withinASecond(async () => (await cardOf(1, cookie, offer.id)) !== undefined, 'offer');
    expect(await flagsOf(1, cookie, offer.id)).toEqual([0, false, false]);
    // Rows changed with the triggers off (test only): no notification, so B keeps what it cached.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query('begin');
      await client.query('set local session_replication_role = replica');
      await client.query('update offers set like_count = 5 where id = $1', [offer.id]);
      await client.query('insert into favorites (user_id, offer_id) values ($1, $2)', [user.id, offer.id]);
      await client.query('commit');
      expect(await flagsOf(1, cookie, offer.id)).toEqual([0, false, false]);
      // A notification for that offer and that member (as the triggers send) makes B read them again.
      await client.query(`select pg_notify('ce_changes', $1), pg_notify('ce_changes', $2)`, [
        `likes:${offer.id}`,
        `flags:${user.id}`,
      ]);
      await withinASecond(
        async () => String(await flagsOf(1, cookie, offer.id)) === '5,false,true',
        'notified',
      );
    } finally {
      await client.end();
    }
  });

  it('the unread count follows a notification sent on A and read on B, on both instances', async () => {
    const { cookie: admin } = await signedIn(true);
    const { cookie } = await signedIn();
    const unread = async (i: number) =>
      (await get(i, '/api/notifications/unread-count', cookie)).json().count as number;
    const before = await unread(0);
    expect(await unread(1)).toBe(before);
    const sent = await call(0, 'POST', '/api/admin/notifications', admin, {
      title: 'Aviso em cache',
      description: 'Conta de não lidas',
    });
    expect(sent.statusCode).toBe(201);
    expect(await unread(0)).toBe(before + 1);
    await withinASecond(async () => (await unread(1)) === before + 1, 'new notification');
    const read = await call(1, 'PATCH', `/api/notifications/${sent.json().id}/read`, cookie);
    expect(read.statusCode).toBe(200);
    expect(await unread(1)).toBe(before);
    await withinASecond(async () => (await unread(0)) === before, 'read notification');
  });

  it('when the LISTEN connection dies the caches step aside, and the feed comes back by itself', async () => {
    const { cookie } = await signedIn();
    const offer = await createOffer(instances[0]!.database.db, { productTitle: 'Sem Ouvinte' });
    await withinASecond(async () => (await titles(1, cookie)).includes('Sem Ouvinte'), 'offer');
    const feed = instances[1]!.app.changeFeed;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    // Kill B's LISTEN backend; while it is gone, a write must not be hidden behind B's cache.
    const pid = feed.backendPid;
    expect(pid).toBeTypeOf('number');
    await client.query('select pg_terminate_backend($1)', [pid]);
    await withinASecond(async () => !feed.live, 'feed down');
    await instances[0]!.database.db
      .update(offers)
      .set({ productTitle: 'Com Ouvinte' })
      .where(eq(offers.id, offer.id));
    if (!feed.live) expect(await titles(1, cookie)).toContain('Com Ouvinte');
    await client.end();
    const deadline = Date.now() + 5000;
    while (!feed.live && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(feed.live).toBe(true);
    expect(await titles(1, cookie)).toContain('Com Ouvinte');
  });
});
