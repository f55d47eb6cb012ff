import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saoPauloMonthKey } from '../../../shared/sao-paulo-month';
import { offerLikes, rankingMonths } from '../../db/schema/index';
import { createMember } from '../../testing/factories';
import { createOffer } from '../../testing/offer-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createPostRow, insertLikeAt, type Session, signedInMember } from './community.test-support';
import { listRankingMonths } from './ranking.service';

let t: TestApp;
let viewer: Session;

beforeAll(async () => {
  t = await createTestApp();
  viewer = await signedInMember(t, { name: 'Leitora' });
});
afterAll(() => t.close());

/** 15 Dec 2026, 12:00 in São Paulo. */
const NOW = new Date('2026-12-15T15:00:00Z');

describe('GET /api/ranking/months', () => {
  it('offers only the current month while nobody has received a like, to members only', async () => {
    expect(await listRankingMonths(t.db, NOW)).toEqual({ months: ['2026-12'] });
    const res = await viewer.call('GET', '/api/ranking/months');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ months: [saoPauloMonthKey()] });
    expect((await t.request({ method: 'GET', url: '/api/ranking/months' })).statusCode).toBe(401);
  });

  it("goes back to the São Paulo month of the first ranked like, ignoring one's own likes", async () => {
    const author = await createMember(t.db, { name: 'Autora', email: 'autora@x.com' });
    const fan = await createMember(t.db, { name: 'Fã', email: 'fa@x.com' });
    const post = await createPostRow(t.db, author.id);
    // One's own like in July never opens a month; the first like received, 31 Aug 23:30 in São Paulo, does.
    await insertLikeAt(t.db, post.id, author.id, new Date('2026-07-10T12:00:00Z'));
    await insertLikeAt(t.db, post.id, fan.id, new Date('2026-09-01T02:30:00Z'));
    expect((await listRankingMonths(t.db, NOW)).months).toEqual([
      '2026-12',
      '2026-11',
      '2026-10',
      '2026-09',
      '2026-08',
    ]);
    // A like received on an offer in May 2026 counts for the ranking: the list starts there.
    const offer = await createOffer(t.db, { userId: author.id });
    await t.db
      .insert(offerLikes)
      .values({ offerId: offer.id, userId: fan.id, createdAt: new Date('2026-05-20T12:00:00Z') });
    expect((await listRankingMonths(t.db, NOW)).months.at(-1)).toBe('2026-05');
  });

  it('starts at a frozen month older than every like, crosses years and keeps at most 36 months', async () => {
    await t.db.insert(rankingMonths).values({ month: '2025-11', entries: [] });
    const { months } = await listRankingMonths(t.db, NOW);
    expect(months).toHaveLength(14);
    expect(months.slice(11)).toEqual(['2026-01', '2025-12', '2025-11']);

    await t.db.insert(rankingMonths).values({ month: '2019-01', entries: [] });
    const capped = (await listRankingMonths(t.db, NOW)).months;
    expect(capped).toHaveLength(36);
    expect([capped[0], capped.at(-1)]).toEqual(['2026-12', '2024-01']);
  });
});
