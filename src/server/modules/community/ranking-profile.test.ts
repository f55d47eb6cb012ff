import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saoPauloMonth } from '../../../shared/sao-paulo-month';
import { USER_NOT_FOUND } from '../../../shared/schemas/community';
import { offerLikes, userProfiles, users } from '../../db/schema/index';
import { createAdmin, createMember, signIn } from '../../testing/factories';
import { createOffer } from '../../testing/offer-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  createPostRow,
  insertLikeAt,
  publish,
  type Session,
  signedInMember,
  validCommunityPost,
} from './community.test-support';
import { getMonthlyRanking } from './ranking.service';

let t: TestApp;
let viewer: Session;

beforeAll(async () => {
  t = await createTestApp();
  viewer = await signedInMember(t, { name: 'Leitor' });
});
afterAll(() => t.close());

const at = (iso: string) => new Date(iso);
const member = (name: string) => createMember(t.db, { name });
/** Fans: distinct members, so each can like a post once. */
const fans = (n: number) => Promise.all(Array.from({ length: n }, (_, i) => member(`Fã ${i}`)));

/** `likes` likes from distinct fans on a new community post of the author, at the given instants. */
async function likedPost(
  authorId: string,
  instants: string[],
  kind: 'community' | 'promotion' = 'community',
) {
  const post = await createPostRow(t.db, authorId, { kind });
  const likers = await fans(instants.length);
  for (const [i, iso] of instants.entries()) await insertLikeAt(t.db, post.id, likers[i]!.id, at(iso));
  return post;
}

const summary = (entries: Awaited<ReturnType<typeof getMonthlyRanking>>) =>
  entries.map((e) => [e.position, e.name, e.monthlyLikes]);

describe('saoPauloMonth', () => {
  it('starts and ends months at midnight in São Paulo (UTC-3), across the year', () => {
    expect(saoPauloMonth(at('2025-01-01T02:59:59.999Z'))).toEqual({
      start: at('2024-12-01T03:00:00Z'),
      end: at('2025-01-01T03:00:00Z'),
    });
    expect(saoPauloMonth(at('2025-01-01T03:00:00Z'))).toEqual({
      start: at('2025-01-01T03:00:00Z'),
      end: at('2025-02-01T03:00:00Z'),
    });
  });
});

describe('monthly ranking', () => {
  it('counts the likes of the São Paulo month only, on both sides of its boundaries', async () => {
    const author = await member('Fronteira');
    await likedPost(author.id, [
      '2025-04-01T02:59:59.999Z', // 31/03 23:59:59 in São Paulo: March
      '2025-04-01T03:00:00.000Z', // 01/04 00:00 in São Paulo: April
      '2025-04-30T23:30:00.000Z', // 30/04 20:30 in São Paulo (already 1 May in UTC): April
      '2025-05-01T03:00:00.000Z', // 01/05 00:00 in São Paulo: May
    ]);
    const april = await getMonthlyRanking(t.db, at('2025-04-15T12:00:00Z'));
    expect(summary(april)).toEqual([[1, 'Fronteira', 2]]);
    // 02:00 UTC on 1 April is still 31 March in São Paulo.
    expect(summary(await getMonthlyRanking(t.db, at('2025-04-01T02:00:00Z')))).toEqual([[1, 'Fronteira', 1]]);
    expect(summary(await getMonthlyRanking(t.db, at('2025-05-01T02:59:00Z')))).toEqual([[1, 'Fronteira', 2]]);
    expect(summary(await getMonthlyRanking(t.db, at('2025-05-01T03:00:00Z')))).toEqual([[1, 'Fronteira', 1]]);
  });

  it('ranks by likes, ties to who reached the count first, and ignores self-likes, the admin and promotion likes', async () => {
    const first = await member('Chegou Primeiro');
    const second = await member('Chegou Depois');
    const top = await member('Mais Curtido');
    const selfish = await member('Só Se Curte');
    const admin = await createAdmin(t.db);
    // June 2025. Same count (2): 'Chegou Primeiro' got its first like later but reached 2 earlier.
    await likedPost(second.id, ['2025-06-02T12:00:00Z', '2025-06-03T12:00:00Z']);
    await likedPost(first.id, ['2025-06-02T13:00:00Z']);
    await likedPost(first.id, ['2025-06-02T18:00:00Z']);
    await likedPost(top.id, ['2025-06-05T12:00:00Z', '2025-06-06T12:00:00Z', '2025-06-07T12:00:00Z']);
    // Self-likes: 3 on their own posts, 1 from someone else.
    for (let i = 0; i < 3; i++) {
      const own = await createPostRow(t.db, selfish.id);
      await insertLikeAt(t.db, own.id, selfish.id, at('2025-06-10T12:00:00Z'));
    }
    await likedPost(selfish.id, ['2025-06-10T12:00:00Z']);
    // The administrator, however liked, is never ranked; promotion likes do not count.
    await likedPost(admin.id, Array(5).fill('2025-06-10T12:00:00Z'));
    await likedPost(top.id, Array(5).fill('2025-06-10T12:00:00Z'), 'promotion');

    const june = await getMonthlyRanking(t.db, at('2025-06-20T12:00:00Z'));
    expect(summary(june)).toEqual([
      [1, 'Mais Curtido', 3],
      [2, 'Chegou Primeiro', 2],
      [3, 'Chegou Depois', 2],
      [4, 'Só Se Curte', 1],
    ]);
  });

  it('counts likes on offers too (never the author’s own), and leaves cancelled members out', async () => {
    const seller = await member('Dono de Oferta');
    const cancelled = await member('Cancelado');
    await t.db.update(users).set({ status: 'Cancelado' }).where(eq(users.id, cancelled.id));
    await likedPost(cancelled.id, ['2025-07-02T12:00:00Z', '2025-07-03T12:00:00Z']);
    const offer = await createOffer(t.db, { userId: seller.id });
    const likers = await fans(2);
    for (const liker of [...likers, seller]) {
      await t.db
        .insert(offerLikes)
        .values({ offerId: offer.id, userId: liker.id, createdAt: at('2025-07-05T12:00:00Z') });
    }
    const july = await getMonthlyRanking(t.db, at('2025-07-31T12:00:00Z'));
    expect(summary(july)).toEqual([[1, 'Dono de Oferta', 2]]);
  });

  it('answers places 1 to 10 with id, position, name, avatar, instagram and monthlyLikes', async () => {
    const authors = [];
    for (let i = 0; i < 12; i++) {
      const author = await member(`Autor ${String(i).padStart(2, '0')}`);
      authors.push(author);
      // Autor 00 gets 12 likes, Autor 11 gets 1.
      await likedPost(author.id, Array(12 - i).fill('2025-08-10T12:00:00Z'));
    }
    await t.db
      .insert(userProfiles)
      .values({ userId: authors[0]!.id, instagram: 'autor00', avatar: '/uploads/avatars/a.png' });
    const august = await getMonthlyRanking(t.db, at('2025-08-15T12:00:00Z'));
    expect(august).toHaveLength(10);
    expect(august[0]).toEqual({
      id: authors[0]!.id,
      position: 1,
      name: 'Autor 00',
      avatar: '/uploads/avatars/a.png',
      instagram: 'autor00',
      monthlyLikes: 12,
    });
    expect(august.map((e) => e.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(august[9]).toMatchObject({ name: 'Autor 09', monthlyLikes: 3, avatar: null, instagram: null });
    expect(await getMonthlyRanking(t.db, at('2025-09-15T12:00:00Z'))).toEqual([]);
  });

  it('GET /api/ranking/monthly ranks this month’s likes for members; 401 without a session', async () => {
    const author = await signedInMember(t, { name: 'Deste Mês' });
    const created = (await publish(author, validCommunityPost)).json();
    // A like from an account created less than 7 days before it does not count (like-fairness.ts): an older viewer.
    await t.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 30 * 24 * 3600 * 1000) })
      .where(eq(users.id, viewer.user.id));
    await viewer.call('POST', `/api/posts/${created.id}/like`);
    const res = await viewer.call('GET', '/api/ranking/monthly');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual(expect.objectContaining({ name: 'Deste Mês', monthlyLikes: 1 }));
    expect((await t.request({ method: 'GET', url: '/api/ranking/monthly' })).statusCode).toBe(401);
  });

  it('serves the open month from memory for a few seconds; an administrator decision shows at once', async () => {
    const author = await signedInMember(t, { name: 'Memória' });
    const post = await createPostRow(t.db, author.user.id);
    const likers = await fans(3);
    await t.db.update(users).set({ createdAt: at('2020-01-01T00:00:00Z') });
    await insertLikeAt(t.db, post.id, likers[0]!.id, new Date());
    const [adminRow] = await t.db.select().from(users).where(eq(users.role, 'admin'));
    const adminCookie = await signIn(t.db, adminRow?.id ?? (await createAdmin(t.db)).id);
    const month = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' }).slice(0, 7);
    const decide = async (decision: 'count' | null) => {
      const res = await t.request({
        method: 'POST',
        url: '/api/admin/ranking/review/overrides',
        headers: { cookie: adminCookie },
        payload: { month, userId: author.user.id, decision },
      });
      expect(res.statusCode).toBe(200);
    };
    const likesOf = async () =>
      (
        (await viewer.call('GET', '/api/ranking/monthly')).json() as Array<{
          name: string;
          monthlyLikes: number;
        }>
      ).find((e) => e.name === 'Memória')?.monthlyLikes;
    // A decision makes the instance compute the month again at the next request.
    await decide('count');
    expect(await likesOf()).toBe(1);
    // Two more likes: the next seconds still answer what was computed (LIVE_RANKING_TTL_MS).
    await insertLikeAt(t.db, post.id, likers[1]!.id, new Date());
    await insertLikeAt(t.db, post.id, likers[2]!.id, new Date());
    expect(await likesOf()).toBe(1);
    await decide(null);
    expect(await likesOf()).toBe(3);
  });
});

describe('GET /api/user/{userId}/profile', () => {
  it('shows name, avatar, uniqueId, instagram, likes received from others and the join date', async () => {
    const owner = await signedInMember(t, { name: 'Perfil Público' });
    await t.db
      .insert(userProfiles)
      .values({ userId: owner.user.id, instagram: 'perfil.publico', avatar: null });
    const post = (await publish(owner, validCommunityPost)).json();
    await viewer.call('POST', `/api/posts/${post.id}/like`);
    await owner.call('POST', `/api/posts/${post.id}/like`); // self-like: not received
    const promo = (
      await publish(
        owner,
        { ...validCommunityPost, nicho: 'Serviço', formato: 'Texto', categoria: 'Vendedor' },
        'divulgacao',
      )
    ).json();
    await viewer.call('POST', `/api/divulgacao/posts/${promo.id}/like`); // promotion: no points, not counted
    const offer = await createOffer(t.db, { userId: owner.user.id });
    await viewer.call('POST', `/api/offers/${offer.id}/like`);

    const res = await viewer.call('GET', `/api/user/${owner.user.id}/profile`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Perfil Público',
      avatar: null,
      uniqueId: owner.user.uniqueId,
      instagram: 'perfil.publico',
      totalLikesReceived: 2,
      memberSince: owner.user.createdAt.toISOString(),
    });
    expect((await owner.call('GET', '/api/user/likes')).json()).toEqual({ likes: 2 });
  });

  it('answers 404 for an unknown user, 400 for a malformed id and 401 without a session', async () => {
    const unknown = await viewer.call('GET', '/api/user/00000000-0000-4000-8000-000000000000/profile');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: USER_NOT_FOUND });
    const malformed = await viewer.call('GET', '/api/user/1%20or%201=1/profile');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Usuário inválido.' });
    const anonymous = await t.request({ method: 'GET', url: `/api/user/${viewer.user.id}/profile` });
    expect(anonymous.statusCode).toBe(401);
  });
});
