import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerLikes, offers, users } from '../../db/schema/index';
import { createOffer } from '../../testing/offer-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type Session, signedInAdmin, signedInMember } from './offers.test-support';

let t: TestApp;
let author: Session;
let member: Session;

beforeAll(async () => {
  t = await createTestApp();
  author = await signedInMember(t, { name: 'Autor' });
  member = await signedInMember(t);
});
afterAll(() => t.close());

async function pointsOf(userId: string) {
  const [row] = await t.db.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return row?.points;
}
async function likeState(offerId: string) {
  const [offer] = await t.db
    .select({ likeCount: offers.likeCount })
    .from(offers)
    .where(eq(offers.id, offerId));
  const [rows] = await t.db.select({ n: count() }).from(offerLikes).where(eq(offerLikes.offerId, offerId));
  return { likeCount: offer?.likeCount, rows: rows?.n };
}
/** The one administrator (the e-mail is fixed): signed in once for the tests that need it. */
let adminSession: Session | undefined;
const theAdmin = async () => {
  adminSession ??= await signedInAdmin(t);
  return adminSession;
};
const like = (session: Session, offerId: string) => session.call('POST', `/api/offers/${offerId}/like`);
const likesOf = async (session: Session) => (await session.call('GET', '/api/user/likes')).json().likes;

describe('POST /api/offers/:id/like', () => {
  it("toggles the like, moving the count and the author's points, and the author's profile likes", async () => {
    const offer = await createOffer(t.db, { userId: author.user.id });
    const first = await like(member, offer.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ liked: true, likeCount: 1 });
    expect(await pointsOf(author.user.id)).toBe(1);
    expect(await likesOf(author)).toBe(1);
    expect((await member.call('GET', '/api/user/liked-offers')).json()).toContain(offer.id);

    const second = await like(member, offer.id);
    expect(second.json()).toEqual({ liked: false, likeCount: 0 });
    expect(await pointsOf(author.user.id)).toBe(0);
    expect(await likesOf(author)).toBe(0);
    expect(await likeState(offer.id)).toEqual({ likeCount: 0, rows: 0 });

    expect((await like(member, offer.id)).json()).toEqual({ liked: true, likeCount: 1 });
    expect(await pointsOf(author.user.id)).toBe(1);
    expect((await like(member, offer.id)).json()).toEqual({ liked: false, likeCount: 0 });
  });

  it('counts a like on your own offer but gives no points for it', async () => {
    const offer = await createOffer(t.db, { userId: author.user.id });
    const before = await pointsOf(author.user.id);
    expect((await like(author, offer.id)).json()).toEqual({ liked: true, likeCount: 1 });
    expect(await pointsOf(author.user.id)).toBe(before);
    expect(await likesOf(author)).toBe(0);
    expect((await like(author, offer.id)).json()).toEqual({ liked: false, likeCount: 0 });
    expect(await pointsOf(author.user.id)).toBe(before);
  });

  it('never takes points below 0 and gives none for an offer without author', async () => {
    const offer = await createOffer(t.db, { userId: author.user.id });
    await like(member, offer.id);
    await t.db.update(users).set({ points: 0 }).where(eq(users.id, author.user.id));
    expect((await like(member, offer.id)).json()).toEqual({ liked: false, likeCount: 0 });
    expect(await pointsOf(author.user.id)).toBe(0);

    const orphan = await createOffer(t.db, { userId: null });
    expect((await like(member, orphan.id)).json()).toEqual({ liked: true, likeCount: 1 });
  });

  it('answers 404 for a hidden or unknown offer and 401 without a session', async () => {
    const hidden = await createOffer(t.db, { userId: author.user.id, visible: false });
    for (const id of [hidden.id, 'nao-existe', '00000000-0000-0000-0000-000000000000']) {
      const res = await like(member, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Oferta não encontrada' });
    }
    expect(await likeState(hidden.id)).toEqual({ likeCount: 0, rows: 0 });
    expect((await t.request({ method: 'POST', url: `/api/offers/${hidden.id}/like` })).statusCode).toBe(401);
    // The administrator, who can open hidden offers, can also like them.
    const admin = await theAdmin();
    expect((await like(admin, hidden.id)).json()).toEqual({ liked: true, likeCount: 1 });
  });

  it('keeps the count and the points exact under concurrent likes and unlikes', async () => {
    const owner = await signedInMember(t, { name: 'Dona' });
    const offer = await createOffer(t.db, { userId: owner.user.id });
    const likers = await Promise.all(Array.from({ length: 30 }, () => signedInMember(t)));

    const liked = await Promise.all(likers.map((s) => like(s, offer.id)));
    expect(liked.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    expect(liked.every((r) => r.json().liked === true)).toBe(true);
    expect(new Set(liked.map((r) => r.json().likeCount)).size).toBe(30);
    expect(await likeState(offer.id)).toEqual({ likeCount: 30, rows: 30 });
    expect(await pointsOf(owner.user.id)).toBe(30);

    const unliked = await Promise.all(likers.slice(0, 15).map((s) => like(s, offer.id)));
    expect(unliked.every((r) => r.statusCode === 200 && r.json().liked === false)).toBe(true);
    expect(await likeState(offer.id)).toEqual({ likeCount: 15, rows: 15 });
    expect(await pointsOf(owner.user.id)).toBe(15);
    expect(await likesOf(owner)).toBe(15);
    const counts = (await member.call('GET', `/api/offers/like-counts?ids=${offer.id}`)).json();
    expect(counts).toEqual({ [offer.id]: 15 });
  });

  it("keeps one member's rapid toggles consistent: every answer is a state that existed, counters match the rows", async () => {
    const owner = await signedInMember(t);
    const offer = await createOffer(t.db, { userId: owner.user.id });
    const clicker = await signedInMember(t);
    const answers = await Promise.all(Array.from({ length: 12 }, () => like(clicker, offer.id)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    for (const r of answers) {
      const { liked, likeCount } = r.json();
      expect(likeCount).toBe(liked ? 1 : 0);
    }
    const state = await likeState(offer.id);
    expect(state.likeCount).toBe(state.rows);
    expect(await pointsOf(owner.user.id)).toBe(state.rows);
  });

  it('deleting an offer while it is being liked answers 200 or 404, never 500, and leaves no like behind', async () => {
    const admin = await theAdmin();
    const offer = await createOffer(t.db, { userId: author.user.id });
    const likers = await Promise.all(Array.from({ length: 10 }, () => signedInMember(t)));
    const results = await Promise.all([
      ...likers.map((s) => like(s, offer.id)),
      admin.call('DELETE', `/api/offers/${offer.id}`),
    ]);
    expect(results.map((r) => `${r.statusCode} ${r.body}`).filter((r) => !/^(200|404) /.test(r))).toEqual([]);
    expect((await likeState(offer.id)).rows).toBe(0);
  });
});
