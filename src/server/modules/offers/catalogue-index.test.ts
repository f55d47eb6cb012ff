import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import {
  OFFER_FORMATS,
  OFFER_LANGUAGES,
  OFFER_MOMENTUMS,
  OFFER_STATUSES,
  TICKET_RANGES,
} from '../../../shared/offer-constants';
import { addDays, saoPauloDay } from '../../../shared/sao-paulo-day';
import { favorites, offerAdCounts, offerLikes, offers } from '../../db/schema/index';
import { CACHE_SAFETY_TTL_MS } from '../../lib/fill-cache';
import type { Viewer } from '../../plugins/access';
import { createMember } from '../../testing/factories';
import { createOffer } from '../../testing/offer-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { syncOfferAdsToLatest, upsertAdCount } from './ad-counts.repo';
import { type CatalogueQuery, listCatalogue } from './catalogue.repo';
import { CatalogueCache } from './catalogue-cache';
import { CatalogueIndex, LIKES_COALESCE_MS } from './catalogue-index';
import { presentSharedCard } from './offers.presenters';
import { signedInMember } from './offers.test-support';

/**
 * The in-memory catalogue index must answer exactly what PostgreSQL answers: the same cards in the same order and
 * the same totals, for every sort, filter, search, page and the Favoritos tab, and again after likes and offer
 * changes reported by the change feed. Each query is asked twice: through the index and with no cache (SQL).
 */
let t: TestApp;
let viewer: Viewer;
let cache: CatalogueCache;
/** The index's clock, stopped by the coalescing test (null: the real one). */
let stoppedAt: number | null = null;
const N = 260;

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}
const r = rng(42);
const pick = <T>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;
const NICHES = ['Emagrecimento', 'Renda Extra', 'Espiritualidade', 'Fitness'];
const WORDS = ['detox', 'Detox', 'renda', 'fé', 'oração', 'glow', '100%', 'a_b', 'segredo', 'MAX', 'pro'];
const SORTS = ['recent', 'oldest', 'likes', 'roas', 'ads', 'growth'] as const;
/** Ad-count histories (days ago) giving every momentum: none, a baseline 7 days ago, only recent points... */
const HISTORIES = [[], [30, 7, 0], [9, 2], [3], [14, 8, 6, 1], [40]];

beforeAll(async () => {
  t = await createTestApp();
  const member = await signedInMember(t);
  viewer = { id: member.user.id, isAdmin: false };
  const base = Date.now() - 1_000_000_000;
  const created: string[] = [];
  for (let i = 0; i < N; i++) {
    const text = () => `${pick(WORDS)} ${pick(WORDS)} ${i}`;
    const row = await createOffer(t.db, {
      productTitle: text(),
      advertiser: text(),
      adText: text(),
      status: pick(OFFER_STATUSES),
      niche: pick(NICHES),
      format: pick(OFFER_FORMATS),
      language: pick(OFFER_LANGUAGES),
      ads: Math.floor(r() * 5) * 10,
      roas: Math.floor(r() * 8) / 2,
      ticketCents: pick([1000, 5000, 5001, 10000, 15000, 20000, 50000, 50001, 90000]),
      likeCount: Math.floor(r() * 6),
      // Groups of offers created in the same microsecond: the id decides their order. Some are new (momentum 'novo').
      createdAt:
        i % 11 === 0
          ? new Date(Date.now() - 2 * 86_400_000 - i)
          : new Date(base + Math.floor(i / 3) * 60_000),
      visible: r() > 0.1,
    });
    created.push(row.id);
  }
  const today = saoPauloDay();
  const points = created.flatMap((offerId, i) =>
    HISTORIES[i % HISTORIES.length]!.map((ago) => ({
      offerId,
      day: addDays(today, -ago),
      ads: Math.floor(r() * 8) * 10,
    })),
  );
  await t.db.insert(offerAdCounts).values(points);
  // Each offer's count is its latest point.
  await t.db.execute(sql`update offers o set ads = l.ads from (
    select distinct on (offer_id) offer_id, ads from offer_ad_counts order by offer_id, day desc) l
    where l.offer_id = o.id`);
  await t.db
    .insert(favorites)
    .values(created.filter((_, i) => i % 7 === 0).map((offerId) => ({ offerId, userId: viewer.id })));
  await t.app.changeFeed.whenLive();
  cache = new CatalogueCache(
    t.app.changeFeed,
    new CatalogueIndex(t.db, 10_000, presentSharedCard, () => stoppedAt ?? Date.now()),
  );
});
afterAll(() => t.close());

function randomQuery(): CatalogueQuery {
  return {
    sort: pick(SORTS),
    page: r() < 0.6 ? 1 : 1 + Math.floor(r() * 8),
    pageSize: pick([24, 24, 10, 7]),
    status: r() < 0.3 ? pick(OFFER_STATUSES) : undefined,
    niche: r() < 0.3 ? pick(NICHES) : undefined,
    format: r() < 0.2 ? pick(OFFER_FORMATS) : undefined,
    language: r() < 0.15 ? pick(OFFER_LANGUAGES) : undefined,
    ticket: r() < 0.25 ? pick(TICKET_RANGES) : undefined,
    momentum: r() < 0.3 ? pick(OFFER_MOMENTUMS) : undefined,
    search: r() < 0.35 ? pick(WORDS) : undefined,
    favorites: r() < 0.1 ? '1' : undefined,
  };
}

async function expectSame(query: CatalogueQuery) {
  const fromIndex = await listCatalogue(t.db, viewer, query, cache);
  const fromSql = await listCatalogue(t.db, viewer, query);
  expect({ q: query, total: fromIndex.total, ids: fromIndex.items.map((o) => o.id) }).toEqual({
    q: query,
    total: fromSql.total,
    ids: fromSql.items.map((o) => o.id),
  });
  expect(fromIndex.items).toEqual(fromSql.items);
}

describe('catalogue index', () => {
  it('answers like PostgreSQL for 400 random queries (sorts, filters, search, pages, favourites)', async () => {
    for (let i = 0; i < 400; i++) await expectSame(randomQuery());
    // The histories give every momentum.
    for (const momentum of OFFER_MOMENTUMS) {
      const page = await listCatalogue(
        t.db,
        viewer,
        { sort: 'growth', page: 1, pageSize: 5, momentum },
        cache,
      );
      expect(page.total, momentum).toBeGreaterThan(3);
    }
  });

  it('reorders the likes-sorted pages after likes reported by the change feed', async () => {
    const top = await listCatalogue(t.db, viewer, { sort: 'likes', page: 1, pageSize: 24 }, cache);
    const last = await listCatalogue(t.db, viewer, { sort: 'likes', page: 9, pageSize: 24 }, cache);
    const lifted = last.items.slice(0, 3).map((o) => o.id);
    expect(lifted).toHaveLength(3);
    const liker = await createMember(t.db);
    // Likes as the app writes them (like row + like_count), many times over: the feed reports `likes:<ids>`.
    for (const offerId of lifted) {
      await t.db.transaction(async (tx) => {
        await tx.insert(offerLikes).values({ offerId, userId: liker.id });
        await tx.update(offers).set({ likeCount: 50 }).where(eq(offers.id, offerId));
      });
    }
    await t.app.changeFeed.sync();
    // The feed carried the new counts (migration 0008): cached without reading them back.
    for (const id of lifted) expect(cache.likeCounts.get(id)).toBe(50);
    cache.noteLiker(viewer.id);
    const after = await listCatalogue(t.db, viewer, { sort: 'likes', page: 1, pageSize: 24 }, cache);
    expect(
      after.items
        .slice(0, 3)
        .map((o) => o.id)
        .sort(),
    ).toEqual([...lifted].sort());
    expect(after.items[0]?.likeCount).toBe(50);
    expect(top.items[0]?.id).not.toBe(after.items[0]?.id);
    for (let i = 0; i < 60; i++) await expectSame({ ...randomQuery(), sort: 'likes' });
  });

  it("shows a member's own like in the likes order at once, everyone else's within LIKES_COALESCE_MS", async () => {
    const q: CatalogueQuery = { sort: 'likes', page: 1, pageSize: 24 };
    const other = { id: (await createMember(t.db)).id, isAdmin: false };
    // The clock stands still until the test moves it: 'inside the window' must not depend on how fast this
    // machine runs the queries below (a busy CI machine took longer than the window).
    stoppedAt = Date.now();
    onTestFinished(() => {
      stoppedAt = null;
    });
    // A like reported, then a read that applies it: the coalescing window starts now. (Without something pending
    // the read applies nothing and the window would start at the previous test's last reorder.)
    const last = await listCatalogue(t.db, viewer, { ...q, page: 9 }, cache);
    const lifted = last.items[0]!.id;
    const nudged = last.items[5]!;
    await t.db
      .update(offers)
      .set({ likeCount: nudged.likeCount + 1 })
      .where(eq(offers.id, nudged.id));
    await t.app.changeFeed.sync();
    await listCatalogue(t.db, viewer, q, cache);
    await t.db.update(offers).set({ likeCount: 999 }).where(eq(offers.id, lifted));
    await t.app.changeFeed.sync();
    // Someone else, inside the window: the order may still be the old one (the card's count is already new).
    const seenByOther = await listCatalogue(t.db, other, q, cache);
    expect(seenByOther.items[0]?.id).not.toBe(lifted);
    // The member who liked (the like route notes them after its sync): the new order now.
    cache.noteLiker(viewer.id);
    const seenByLiker = await listCatalogue(t.db, viewer, q, cache);
    expect(seenByLiker.items[0]).toMatchObject({ id: lifted, likeCount: 999 });
    stoppedAt += LIKES_COALESCE_MS + 20;
    expect((await listCatalogue(t.db, other, q, cache)).items[0]?.id).toBe(lifted);
  });

  it('rebuilds after an offer changes (hidden, edited, created) and still answers like PostgreSQL', async () => {
    const first = await listCatalogue(t.db, viewer, { sort: 'recent', page: 1, pageSize: 24 }, cache);
    await t.db.update(offers).set({ visible: false }).where(eq(offers.id, first.items[0]!.id));
    await t.db
      .update(offers)
      .set({ productTitle: 'Novo Título Zebra', roas: 99 })
      .where(eq(offers.id, first.items[1]!.id));
    await createOffer(t.db, { productTitle: 'Oferta zebra recém-criada', createdAt: new Date() });
    await t.app.changeFeed.sync();
    const after = await listCatalogue(t.db, viewer, { sort: 'recent', page: 1, pageSize: 24 }, cache);
    expect(after.items[0]?.productTitle).toBe('Oferta zebra recém-criada');
    expect(after.items.map((o) => o.id)).not.toContain(first.items[0]!.id);
    const zebra = await listCatalogue(
      t.db,
      viewer,
      { sort: 'roas', page: 1, pageSize: 24, search: 'ZEBRA' },
      cache,
    );
    expect(zebra.items.map((o) => o.productTitle)).toEqual([
      'Novo Título Zebra',
      'Oferta zebra recém-criada',
    ]);
    for (let i = 0; i < 100; i++) await expectSame(randomQuery());
  });

  it('moves the offers a change names instead of reading the catalogue again, and still answers like PostgreSQL', async () => {
    const index = cache.index!;
    await listCatalogue(t.db, viewer, { sort: 'recent', page: 1, pageSize: 24 }, cache);
    const builds = index.stats.builds;
    const moved = index.stats.moved;
    const page = await listCatalogue(t.db, viewer, { sort: 'ads', page: 2, pageSize: 24 }, cache);
    const [a, b, c, d] = page.items;
    const heard: string[] = [];
    t.app.changeFeed.subscribe({
      onChange: (change) => heard.push(`${change.topic}:${change.ids.join(',')}`),
      onReset: () => {},
    });
    // One at a time, as the administrator edits: every field a sort or filter reads.
    await t.db.update(offers).set({ ads: 990, status: 'escalando' }).where(eq(offers.id, a!.id));
    await t.app.changeFeed.sync();
    await expectSame({ sort: 'ads', page: 1, pageSize: 24 });
    await t.db.update(offers).set({ visible: false }).where(eq(offers.id, b!.id));
    await t.app.changeFeed.sync();
    await expectSame({ sort: 'recent', page: 1, pageSize: 24, niche: b!.niche });
    await t.db
      .update(offers)
      .set({ roas: 42, niche: 'Nicho Novo', ticketCents: 77_700 })
      .where(eq(offers.id, c!.id));
    await t.app.changeFeed.sync();
    await expectSame({ sort: 'roas', page: 1, pageSize: 24, niche: 'Nicho Novo' });
    await t.db.delete(offers).where(eq(offers.id, d!.id));
    await createOffer(t.db, { productTitle: 'Quokka recém-chegada', createdAt: new Date(), ads: 991 });
    // One statement: a like count (announced as `likes:<id>=<n>`) and an edit together.
    await t.db.execute(
      sql`update ${offers} set like_count = case when id = ${a!.id} then 5000 else like_count end,
          advertiser = case when id = ${c!.id} then 'Anunciante Quokka' else advertiser end
          where id in (${a!.id}, ${c!.id})`,
    );
    await t.app.changeFeed.sync();
    // What the triggers announced (migration 0016): the offers by id, the like count apart.
    expect(heard).toContain(`offers:${a!.id}`);
    expect(heard).toContain(`offers:${d!.id}`);
    expect(heard).toContain(`offers:${c!.id}`);
    expect(heard).toContain(`likes:${a!.id}=5000`);
    expect(heard).not.toContain('offers:');
    cache.noteLiker(viewer.id);
    const quokka = await listCatalogue(
      t.db,
      viewer,
      { sort: 'ads', page: 1, pageSize: 24, search: 'quokka' },
      cache,
    );
    expect(quokka.items.map((o) => o.productTitle).sort()).toEqual(
      ['Quokka recém-chegada', c!.productTitle].sort(),
    );
    expect(
      (await listCatalogue(t.db, viewer, { sort: 'likes', page: 1, pageSize: 24 }, cache)).items[0]?.id,
    ).toBe(a!.id);
    for (let i = 0; i < 150; i++) await expectSame(randomQuery());
    expect(index.stats.builds).toBe(builds);
    expect(index.stats.moved).toBeGreaterThanOrEqual(moved + 5);

    // A bulk statement (more than 200 offers) is a bare `offers`: one rebuild.
    await t.db.update(offers).set({ ads: sql`${offers.ads} + 1` });
    await t.app.changeFeed.sync();
    for (let i = 0; i < 50; i++) await expectSame(randomQuery());
    expect(index.stats.builds).toBe(builds + 1);
  });

  it('moves an offer whose history changed (a back-filled point leaves its count) and rebuilds on a new day', async () => {
    const index = cache.index!;
    const growth: CatalogueQuery = { sort: 'growth', page: 1, pageSize: 24 };
    await listCatalogue(t.db, viewer, growth, cache);
    const builds = index.stats.builds;
    const last = (await listCatalogue(t.db, viewer, { ...growth, momentum: 'estavel', page: 3 }, cache))
      .items[0]!;
    // A point 7 days ago far below today's count, written as the back-fill route writes it: the count stays, the
    // catalogue hears of the offer all the same, and it turns 'Escalando' at the top of the growth sort.
    const today = saoPauloDay();
    await t.db.transaction(async (tx) => {
      await upsertAdCount(tx, last.id, addDays(today, -7), 0);
      await upsertAdCount(tx, last.id, today, 5000);
      await syncOfferAdsToLatest(tx, last.id);
    });
    await t.db.transaction(async (tx) => {
      await upsertAdCount(tx, last.id, addDays(today, -8), 1);
      await syncOfferAdsToLatest(tx, last.id);
    });
    await t.app.changeFeed.sync();
    const top = (await listCatalogue(t.db, viewer, growth, cache)).items[0]!;
    expect(top).toMatchObject({ id: last.id, ads: 5000, momentum: 'escalando', growth7d: { ads: 5000 } });
    expect(index.stats.builds).toBe(builds);
    for (let i = 0; i < 60; i++) await expectSame({ ...randomQuery(), sort: 'growth' });

    // Tomorrow (the index's São Paulo day moves): one rebuild, momentum computed for the new day.
    const tomorrow = new CatalogueIndex(t.db, 10_000, presentSharedCard, Date.now, () => addDays(today, 1));
    let day = today;
    const rolling = new CatalogueIndex(t.db, 10_000, presentSharedCard, Date.now, () => day);
    await rolling.query(growth);
    day = addDays(today, 1);
    const next = await rolling.query(growth);
    expect(rolling.stats.builds).toBe(2);
    expect(next).toEqual(await tomorrow.query(growth));
  });

  it('rebuilds a snapshot older than CACHE_SAFETY_TTL_MS (a change the feed never delivered), not before', async () => {
    let clock = Date.now();
    // Not subscribed to the feed: only its age can bring it up to date.
    const deaf = new CatalogueIndex(t.db, 10_000, presentSharedCard, () => clock);
    const recent: CatalogueQuery = { sort: 'recent', page: 1, pageSize: 24 };
    await deaf.query(recent);
    expect(deaf.stats.builds).toBe(1);
    const missed = await createOffer(t.db, { advertiser: 'NUNCA NOTIFICADA', createdAt: new Date() });
    const ids = async () => (await deaf.query(recent))!.cards.map((c) => c.id);
    clock += CACHE_SAFETY_TTL_MS - 1_000;
    expect(await ids()).not.toContain(missed.id);
    expect(deaf.stats.builds).toBe(1);
    clock += 1_000;
    expect(await ids()).toContain(missed.id);
    expect(deaf.stats.builds).toBe(2);
    expect(await deaf.query(recent)).toEqual(
      await new CatalogueIndex(t.db, 10_000, presentSharedCard).query(recent),
    );
    await t.db.delete(offers).where(eq(offers.id, missed.id));
    await t.app.changeFeed.sync();
  });

  it('steps aside (the caller queries PostgreSQL) when the catalogue is larger than its limit', async () => {
    const small = new CatalogueIndex(t.db, 5, presentSharedCard);
    expect(await small.query({ sort: 'recent', page: 1, pageSize: 24 })).toBeNull();
    const off = new CatalogueIndex(t.db, 0, presentSharedCard);
    expect(await off.query({ sort: 'recent', page: 1, pageSize: 24 })).toBeNull();
    const sized = new CatalogueCache(t.app.changeFeed, small);
    const q: CatalogueQuery = { sort: 'likes', page: 2, pageSize: 10, search: 'detox' };
    expect(await listCatalogue(t.db, viewer, q, sized)).toEqual(await listCatalogue(t.db, viewer, q));
  });

  it('folds case in the search the Unicode way (ORAÇÃO is found by oração)', async () => {
    await createOffer(t.db, { advertiser: 'CORRENTE DE ORAÇÃO', createdAt: new Date() });
    await t.app.changeFeed.sync();
    const page = await listCatalogue(
      t.db,
      viewer,
      { sort: 'recent', page: 1, pageSize: 24, search: 'oração' },
      cache,
    );
    expect(page.items.map((o) => o.advertiser)).toContain('CORRENTE DE ORAÇÃO');
  });
});
