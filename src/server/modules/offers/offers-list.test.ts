import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferPage } from '../../../shared/schemas/offers';
import { favorites, offerLikes } from '../../db/schema/index';
import { createOffer } from '../../testing/offer-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type Session, signedInMember } from './offers.test-support';

let t: TestApp;
let member: Session;
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

/** Seven visible offers (A newest ... G oldest) and one hidden offer that matches almost every filter. */
const SEED = {
  A: {
    productTitle: 'Detox Turbo',
    advertiser: 'Saúde Já',
    adText: 'Perca peso rápido',
    status: 'escalando',
    niche: 'Emagrecimento',
    format: 'VSL',
    language: 'Português',
    ads: 150,
    roas: 3.2,
    ticketCents: 4990,
    likeCount: 5,
    createdAt: daysAgo(1),
  },
  B: {
    productTitle: 'Renda Fácil',
    advertiser: 'GRANA MAX',
    adText: 'Ganhe em casa',
    status: 'pre-escala',
    niche: 'Renda Extra',
    format: 'Quiz',
    language: 'Inglês',
    ads: 40,
    roas: 1.1,
    ticketCents: 5000,
    likeCount: 9,
    createdAt: daysAgo(2),
  },
  C: {
    productTitle: 'Fé Diária',
    advertiser: 'Igreja Online',
    adText: 'Oração DETOX da alma',
    status: 'validando',
    niche: 'Espiritualidade',
    format: 'Typebot',
    language: 'Espanhol',
    ads: 220,
    roas: 5,
    ticketCents: 5001,
    likeCount: 1,
    createdAt: daysAgo(3),
  },
  D: {
    productTitle: 'Corpo Fit',
    advertiser: 'Detox Labs',
    adText: 'Treino em casa e peso ideal',
    status: 'escalando',
    niche: 'Fitness',
    format: 'WhatsApp',
    language: 'Português',
    ads: 80,
    roas: 2,
    ticketCents: 10000,
    likeCount: 2,
    createdAt: daysAgo(4),
  },
  E: {
    productTitle: 'Invest Pro',
    advertiser: 'Bolsa',
    adText: 'Renda 100% garantida',
    status: 'escalando',
    niche: 'Investimentos',
    format: 'Página de Vendas',
    language: 'Português',
    ads: 10,
    roas: 4,
    ticketCents: 20000,
    likeCount: 0,
    createdAt: daysAgo(5),
  },
  F: {
    productTitle: 'Beleza Top',
    advertiser: 'Glow',
    adText: 'Pele_perfeita',
    status: 'escalando',
    niche: 'Beleza',
    format: 'VSL',
    language: 'Português',
    ads: 60,
    roas: 0.5,
    ticketCents: 50000,
    likeCount: 3,
    createdAt: daysAgo(6),
  },
  G: {
    productTitle: 'Mega Hot',
    advertiser: 'Xis',
    adText: 'Conteúdo adulto',
    status: 'escalando',
    niche: 'Hot',
    format: 'VSL',
    language: 'Português',
    ads: 5,
    roas: 1.5,
    ticketCents: 50001,
    likeCount: 0,
    createdAt: daysAgo(7),
  },
  H: {
    productTitle: 'Detox Oculto',
    advertiser: 'Detox Labs',
    adText: 'detox',
    status: 'escalando',
    niche: 'Emagrecimento',
    format: 'VSL',
    language: 'Português',
    ads: 999,
    roas: 9,
    ticketCents: 4000,
    likeCount: 100,
    createdAt: daysAgo(0.5),
    visible: false,
  },
} as const;
type Key = keyof typeof SEED;
const ids = {} as Record<Key, string>;
const keyOf = (id: string) => (Object.keys(ids) as Key[]).find((k) => ids[k] === id);

beforeAll(async () => {
  t = await createTestApp();
  member = await signedInMember(t);
  for (const [key, values] of Object.entries(SEED)) ids[key as Key] = (await createOffer(t.db, values)).id;
});
afterAll(() => t.close());

async function list(query = '', session = member): Promise<OfferPage> {
  const res = await session.call('GET', `/api/offers${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const keys = (page: OfferPage) => page.items.map((o) => keyOf(o.id));

describe('GET /api/offers', () => {
  it('answers 401 without a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/offers' })).statusCode).toBe(401);
  });

  it('lists visible offers newest first, never the hidden one', async () => {
    const page = await list();
    expect(keys(page)).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
    expect(page).toMatchObject({ total: 7, page: 1, pageSize: 24 });
  });

  it('answers the card fields: ticket in reais, links parsed, like count', async () => {
    const a = (await list()).items[0];
    expect(a).toMatchObject({
      id: ids.A,
      productTitle: 'Detox Turbo',
      ticket: 49.9,
      roas: 3.2,
      ads: 150,
      likeCount: 5,
      visible: true,
      likedByMe: false,
      favoritedByMe: false,
      links: { criativo: 'https://exemplo.com/criativo', site: 'https://exemplo.com' },
    });
    expect(a?.createdAt).toBe(SEED.A.createdAt.toISOString());
  });

  it.each([
    ['recent', ['A', 'B', 'C', 'D', 'E', 'F', 'G']],
    ['oldest', ['G', 'F', 'E', 'D', 'C', 'B', 'A']],
    ['likes', ['B', 'A', 'F', 'D', 'C', 'E', 'G']],
    ['roas', ['C', 'E', 'A', 'D', 'G', 'B', 'F']],
    ['ads', ['C', 'A', 'D', 'F', 'B', 'E', 'G']],
  ])('sorts by %s (ties newest first)', async (sort, expected) => {
    expect(keys(await list(`?sort=${sort}`))).toEqual(expected);
  });

  it.each([
    ['status=validando', ['C']],
    ['status=pre-escala', ['B']],
    ['status=escalando', ['A', 'D', 'E', 'F', 'G']],
    ['niche=Renda%20Extra', ['B']],
    ['niche=Emagrecimento', ['A']],
    ['niche=Hot', ['G']],
    ['niche=Nicho%20Hot', ['G']],
    ['format=Quiz', ['B']],
    ['format=VSL', ['A', 'F', 'G']],
    [`format=${encodeURIComponent('Página de Vendas')}`, ['E']],
    ['language=Espanhol', ['C']],
    [`language=${encodeURIComponent('Inglês')}`, ['B']],
    ['ticket=ate-50', ['A', 'B']],
    ['ticket=50-100', ['C', 'D']],
    ['ticket=100-200', ['E']],
    ['ticket=200-500', ['F']],
    ['ticket=acima-500', ['G']],
    ['niche=Fitness&status=validando', []],
    ['status=escalando&format=VSL&ticket=acima-500', ['G']],
  ])('filters %s', async (query, expected) => {
    const page = await list(`?${query}`);
    expect(keys(page)).toEqual(expected);
    expect(page.total).toBe(expected.length);
  });

  it('searches title, advertiser and ad text case-insensitively', async () => {
    expect(keys(await list('?search=detox'))).toEqual(['A', 'C', 'D']);
    expect(keys(await list('?search=DeToX'))).toEqual(['A', 'C', 'D']);
    expect(keys(await list('?search=grana'))).toEqual(['B']);
    expect(keys(await list('?search=%20%20igreja%20'))).toEqual(['C']);
    expect(keys(await list(`?search=${encodeURIComponent('saúde')}`))).toEqual(['A']);
    expect(keys(await list('?search=detox&niche=Fitness&sort=oldest'))).toEqual(['D']);
  });

  it('answers right when one query shape runs many times with other values (prepared, generic plan)', async () => {
    const expected: [string, string[]][] = [
      ['niche=Fitness&search=detox', ['D']],
      ['niche=Emagrecimento&search=detox', ['A']],
      ['niche=Beleza&search=detox', []],
      ['niche=Espiritualidade&search=detox', ['C']],
    ];
    for (let round = 0; round < 3; round++) {
      for (const [query, keysExpected] of expected)
        expect(keys(await list(`?${query}`))).toEqual(keysExpected);
      expect(keys(await list(`?niche=${round % 2 ? 'Fitness' : 'Beleza'}`))).toEqual(
        round % 2 ? ['D'] : ['F'],
      );
      expect(keys(await list(`?search=${round % 2 ? 'de' : 'te'}`))).toEqual(
        round % 2 ? ['A', 'C', 'D'] : ['G'],
      );
    }
  });

  it('treats % and _ in the search as plain characters', async () => {
    expect(keys(await list('?search=100%25'))).toEqual(['E']);
    expect(keys(await list('?search=e_p'))).toEqual(['F']);
    expect(keys(await list('?search=%25%25'))).toEqual([]);
  });

  it('pages with a correct total', async () => {
    const first = await list('?pageSize=3');
    expect(keys(first)).toEqual(['A', 'B', 'C']);
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(keys(await list('?pageSize=3&page=2'))).toEqual(['D', 'E', 'F']);
    const last = await list('?pageSize=3&page=3');
    expect(keys(last)).toEqual(['G']);
    expect(last.total).toBe(7);
    const beyond = await list('?pageSize=3&page=4');
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(7);
    expect(keys(await list('?pageSize=2&page=2&sort=likes'))).toEqual(['F', 'D']);
  });

  it("marks the viewer's own likes and favourites, and lists only their visible favourites", async () => {
    const other = await signedInMember(t);
    await t.db.insert(offerLikes).values({ offerId: ids.A, userId: member.user.id });
    await t.db.insert(favorites).values([
      { offerId: ids.C, userId: member.user.id },
      { offerId: ids.H, userId: member.user.id },
      { offerId: ids.B, userId: other.user.id },
    ]);
    // Written straight to the database, not through a route: wait for this instance's caches to hear of it (the
    // per-member flags of earlier tests are cached; a route's write does this itself, see plugins/change-feed.ts).
    await t.app.changeFeed.sync();
    const mine = await list();
    expect(mine.items.filter((o) => o.likedByMe).map((o) => keyOf(o.id))).toEqual(['A']);
    expect(mine.items.filter((o) => o.favoritedByMe).map((o) => keyOf(o.id))).toEqual(['C']);
    const theirs = await list('', other);
    expect(theirs.items.filter((o) => o.likedByMe)).toEqual([]);
    expect(theirs.items.filter((o) => o.favoritedByMe).map((o) => keyOf(o.id))).toEqual(['B']);

    const favs = await list('?favorites=1');
    expect(keys(favs)).toEqual(['C']);
    expect(favs.total).toBe(1);
    expect(keys(await list('?favorites=true&search=fé'))).toEqual(['C']);
    expect(keys(await list('?favorites=1', other))).toEqual(['B']);
  });

  it.each([
    'page=abc',
    'page=0',
    'page=-1',
    'page=1.5',
    'pageSize=0',
    'pageSize=1000',
    'status=ativo',
    'niche=Culinária',
    'format=PDF',
    'language=Alemão',
    'ticket=barato',
    'sort=random',
    'favorites=yes',
    `search=${'x'.repeat(201)}`,
  ])('refuses %s with 400 and a message', async (query) => {
    const res = await member.call('GET', `/api/offers?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
  });
});
