import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saoPauloMonthKey } from '../../../shared/sao-paulo-month';
import { rankingMonths, userDevices, users } from '../../db/schema/index';
import { sha256 } from '../../lib/crypto';
import { DEVICE_COOKIE } from '../../plugins/device';
import { createMember, TEST_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  createPostRow,
  insertLikeAt,
  type Session,
  signedInAdmin,
  signedInMember,
} from './community.test-support';
import { BURST_LIMIT_PER_DAY } from './like-fairness';
import { getMonthlyRanking, getRankingReview } from './ranking.service';

let t: TestApp;
let admin: Session;
let viewer: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  viewer = await signedInMember(t, { name: 'Leitor' });
});
afterAll(() => t.close());

const member = (name: string) =>
  createMember(t.db, { name, email: `${name.toLowerCase()}-${Math.random()}@x.com` });
/** Noon (São Paulo 09:00) of a day of March 2025. */
const march = (day: number, minute = 0) =>
  new Date(`2025-03-${String(day).padStart(2, '0')}T12:${String(minute).padStart(2, '0')}:00Z`);
const MID_MARCH = new Date('2025-03-20T12:00:00Z');

/** The ring members' posts: `n` each; every other member of the ring likes each one, one like per pair per day. */
async function ring(names: string[], n: number) {
  const ids = await Promise.all(names.map(async (name) => (await member(name)).id));
  for (const author of ids) {
    for (let i = 0; i < n; i++) {
      const post = await createPostRow(t.db, author);
      for (const liker of ids) if (liker !== author) await insertLikeAt(t.db, post.id, liker, march(2 + i));
    }
  }
  return ids;
}

/** Login through the API from a browser holding this device cookie (null: a new browser); returns its cookie. */
async function loginFrom(email: string, device: string | null) {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    headers: device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {},
    payload: { email, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const set = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  return set?.value ?? device;
}

describe('fair monthly ranking (issue #28)', () => {
  let popular: string;
  let author: string;
  let second: string;
  let burstAuthor: string;
  let pair: string[];
  let trio: string[];

  beforeAll(async () => {
    // A popular member liked once by each of 60 distinct members (the month's average likes per pair stays low).
    popular = (await member('Popular')).id;
    for (let i = 0; i < 60; i++) {
      const fan = await member(`Fa${i}`);
      const post = await createPostRow(t.db, popular);
      await insertLikeAt(t.db, post.id, fan.id, march(2 + (i % 20), i % 60));
    }
    // Two rings: a pair and a trio, 8 likes each way (average about 2 per pair: the threshold is about 6).
    pair = await ring(['ParA', 'ParB'], 8);
    trio = await ring(['TrioA', 'TrioB', 'TrioC'], 8);

    // A second account of one member, signed in from the same browser: its 3 likes do not count.
    const main = await member('Principal');
    const other = await member('Segunda');
    author = main.id;
    second = other.id;
    const device = await loginFrom(main.email, null);
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await loginFrom(other.email, device)).toBe(device);
    for (let i = 0; i < 3; i++) {
      await insertLikeAt(t.db, (await createPostRow(t.db, author)).id, second, march(3 + i));
    }
    // A new account (created 1 March 2025): its likes on 3 March do not count, on 9 March they do.
    const newbie = await member('Novato');
    await t.db
      .update(users)
      .set({ createdAt: new Date('2025-03-01T15:00:00Z') })
      .where(eq(users.id, newbie.id));
    await insertLikeAt(t.db, (await createPostRow(t.db, popular)).id, newbie.id, march(3));
    await insertLikeAt(t.db, (await createPostRow(t.db, popular)).id, newbie.id, march(9));

    // A burst: 12 likes from one member to one author's posts on 10 March (São Paulo), then 1 on 11 March.
    const fan = await member('Rajada');
    burstAuthor = (await member('Alvo')).id;
    for (let i = 0; i < 12; i++) {
      await insertLikeAt(t.db, (await createPostRow(t.db, burstAuthor)).id, fan.id, march(10, i));
    }
    await insertLikeAt(t.db, (await createPostRow(t.db, burstAuthor)).id, fan.id, march(11));
  });

  it('stores only the SHA-256 of the device id, for both accounts that signed in from it', async () => {
    const rows = await t.db.select().from(userDevices);
    const mine = rows.filter((r) => r.userId === author || r.userId === second);
    expect(mine).toHaveLength(2);
    expect(mine[0]!.deviceHash).toBe(mine[1]!.deviceHash);
    expect(mine[0]!.deviceHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('excludes each pattern with its reason and never a popular member liked by many', async () => {
    const review = await getRankingReview(t.db, '2025-03');
    const byId = new Map(review.entries.map((e) => [e.userId, e]));
    expect(byId.get(popular)).toMatchObject({ counted: 61, excluded: [{ reason: 'new-account', count: 1 }] });
    for (const id of pair)
      expect(byId.get(id)).toMatchObject({ counted: 0, excluded: [{ reason: 'ring', count: 8 }] });
    for (const id of trio) {
      expect(byId.get(id)).toMatchObject({ counted: 0, excluded: [{ reason: 'ring', count: 16 }] });
    }
    expect(byId.get(author)).toMatchObject({ counted: 0, excluded: [{ reason: 'same-device', count: 3 }] });
    expect(byId.get(burstAuthor)).toMatchObject({
      counted: BURST_LIMIT_PER_DAY + 1,
      excluded: [{ reason: 'burst', count: 2 }],
    });
    // The fans and the ring members who gave likes but received none are not listed.
    expect(review.entries).toHaveLength(1 + 2 + 3 + 1 + 1);
  });

  it('ranks on the counted likes only', async () => {
    const ranking = await getMonthlyRanking(t.db, MID_MARCH);
    expect(ranking.map((e) => [e.name, e.monthlyLikes])).toEqual([
      ['Popular', 61],
      ['Alvo', 11],
    ]);
  });

  it('serves the review to the administrator only, with a Portuguese 400 for a bad month', async () => {
    const ok = await admin.call('GET', '/api/admin/ranking/review?month=2025-03');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().entries).toHaveLength(8);
    expect((await viewer.call('GET', '/api/admin/ranking/review?month=2025-03')).statusCode).toBe(403);
    for (const month of ['2025-13', '03-2025', '']) {
      const bad = await admin.call('GET', `/api/admin/ranking/review?month=${month}`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain('Mês inválido');
    }
    expect((await admin.call('GET', '/api/admin/ranking/review')).statusCode).toBe(400);
  });

  it('reveals nothing of the exclusions to a member', async () => {
    const res = await viewer.call('GET', '/api/ranking/monthly');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/same-device|new-account|burst|ring|excluded/);
    expect(
      Object.keys(res.json()[0] ?? { id: 1, position: 1, name: 1, avatar: 1, instagram: 1, monthlyLikes: 1 }),
    ).toEqual(['id', 'position', 'name', 'avatar', 'instagram', 'monthlyLikes']);
  });

  it('freezes a closed month once, as announced: later likes dated in it change nothing', async () => {
    const asked = await Promise.all(
      Array.from({ length: 4 }, () => viewer.call('GET', '/api/ranking/monthly?month=2025-03')),
    );
    const expected = [
      ['Popular', 61],
      ['Alvo', 11],
    ];
    for (const res of asked) {
      expect(res.statusCode).toBe(200);
      expect(res.json().map((e: { name: string; monthlyLikes: number }) => [e.name, e.monthlyLikes])).toEqual(
        expected,
      );
    }
    // Five more counted likes dated in March 2025 after it closed: the live figure moves, the frozen one does not.
    for (let i = 0; i < 5; i++) {
      const fan = await member(`Tardio${i}`);
      await insertLikeAt(t.db, (await createPostRow(t.db, burstAuthor)).id, fan.id, march(25));
    }
    expect((await getMonthlyRanking(t.db, MID_MARCH)).map((e) => e.monthlyLikes)).toEqual([61, 16]);
    const again = await viewer.call('GET', '/api/ranking/monthly?month=2025-03');
    expect(again.json()).toEqual(asked[0]!.json());
    expect(await t.db.select().from(rankingMonths)).toHaveLength(1);
    // An empty closed month freezes as empty; the current month is live; a future or malformed month is a 400.
    expect((await viewer.call('GET', '/api/ranking/monthly?month=2024-02')).json()).toEqual([]);
    expect((await viewer.call('GET', '/api/ranking/monthly')).statusCode).toBe(200);
    const future = await viewer.call('GET', '/api/ranking/monthly?month=2999-01');
    expect([future.statusCode, future.json().message]).toEqual([400, 'Esse mês ainda não começou.']);
    const bad = await viewer.call('GET', '/api/ranking/monthly?month=2025-3');
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'Mês inválido: use o formato AAAA-MM.']);
  });

  it("lets the administrator count or exclude a member's likes of the open month, never a closed one", async () => {
    const month = saoPauloMonthKey();
    const star = await member('Estrela');
    const fresh = await member('Recem');
    await insertLikeAt(t.db, (await createPostRow(t.db, star.id)).id, fresh.id, new Date());
    const entryOf = async () =>
      (await admin.call('GET', `/api/admin/ranking/review?month=${month}`))
        .json()
        .entries.find((e: { userId: string }) => e.userId === star.id);
    const ranked = async () =>
      (await viewer.call('GET', '/api/ranking/monthly')).json().map((e: { name: string }) => e.name);
    expect(await entryOf()).toMatchObject({
      counted: 0,
      excluded: [{ reason: 'new-account', count: 1 }],
      decision: null,
    });
    expect(await ranked()).not.toContain('Estrela');

    const decide = (who: Session, body: object) =>
      who.call('POST', '/api/admin/ranking/review/overrides', body);
    expect((await decide(admin, { month, userId: star.id, decision: 'count' })).statusCode).toBe(200);
    expect(await entryOf()).toMatchObject({ counted: 1, excluded: [], decision: 'count' });
    expect(await ranked()).toContain('Estrela');
    expect((await decide(admin, { month, userId: star.id, decision: 'exclude' })).statusCode).toBe(200);
    expect(await entryOf()).toMatchObject({
      counted: 0,
      excluded: [{ reason: 'admin', count: 1 }],
      decision: 'exclude',
    });
    expect(await ranked()).not.toContain('Estrela');

    // null hands the likes back to the rules ('Voltar às regras'); clearing twice is no error.
    for (let i = 0; i < 2; i++) {
      const reset = await decide(admin, { month, userId: star.id, decision: null });
      expect([reset.statusCode, reset.json().message]).toEqual([200, 'Decisão removida: as regras decidem.']);
      expect(await entryOf()).toMatchObject({
        counted: 0,
        excluded: [{ reason: 'new-account', count: 1 }],
        decision: null,
      });
    }
    const saved = await decide(admin, { month, userId: star.id, decision: 'count' });
    expect([saved.statusCode, saved.json().message]).toEqual([200, 'Decisão registrada.']);
    expect((await decide(admin, { month, userId: star.id, decision: null })).statusCode).toBe(200);
    expect(await entryOf()).toMatchObject({ counted: 0, decision: null });
    expect(await ranked()).not.toContain('Estrela');

    expect((await decide(viewer, { month, userId: star.id, decision: 'count' })).statusCode).toBe(403);
    expect((await decide(viewer, { month, userId: star.id, decision: null })).statusCode).toBe(403);
    const closed = await decide(admin, { month: '2025-03', userId: star.id, decision: 'count' });
    expect([closed.statusCode, closed.json().message]).toEqual([
      409,
      'O ranking desse mês já foi encerrado.',
    ]);
    const closedReset = await decide(admin, { month: '2025-03', userId: star.id, decision: null });
    expect(closedReset.statusCode).toBe(409);
    const future = await decide(admin, { month: '2999-01', userId: star.id, decision: null });
    expect([future.statusCode, future.json().message]).toEqual([400, 'Esse mês ainda não começou.']);
    for (const decision of ['talvez', '', 0, false, 'null', undefined]) {
      const bad = await decide(admin, { month, userId: star.id, decision });
      expect([bad.statusCode, bad.json().message]).toEqual([
        400,
        "Decisão inválida: use 'count', 'exclude' ou null.",
      ]);
    }
    for (const decision of ['count', null]) {
      const unknown = await decide(admin, {
        month,
        userId: '00000000-0000-4000-8000-000000000000',
        decision,
      });
      expect(unknown.statusCode).toBe(404);
    }
  });
});

describe('device cookie', () => {
  it('is set on the sign-in, registration and verification pages and the auth API when absent, not elsewhere', async () => {
    for (const url of ['/login', '/register', '/verificar-email', '/api/auth/user']) {
      const res = await t.request({ method: 'GET', url });
      const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
      expect(cookie, url).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie!.maxAge).toBeGreaterThanOrEqual(700 * 24 * 3600);
    }
    const kept = await t.request({
      method: 'GET',
      url: '/login',
      headers: { cookie: `${DEVICE_COOKIE}=${'a'.repeat(43)}` },
    });
    expect(kept.cookies.find((c) => c.name === DEVICE_COOKIE)).toBeUndefined();
    expect((await t.request({ method: 'GET', url: '/api/ranking/monthly' })).cookies).toEqual([]);
  });

  it('records no device for a visit without a sign-in', async () => {
    const device = 'b'.repeat(43);
    const res = await t.request({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: `${DEVICE_COOKIE}=${device}` },
    });
    expect(res.statusCode).toBe(401);
    const rows = await t.db
      .select()
      .from(userDevices)
      .where(eq(userDevices.deviceHash, sha256(device)));
    expect(rows).toEqual([]);
  });
});
