import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, saoPauloDay } from '../../../shared/sao-paulo-day';
import type { AdHistory, OfferPage } from '../../../shared/schemas/offers';
import { offerAdCounts, offers } from '../../db/schema/index';
import { createOffer } from '../../testing/offer-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { session, submitOffer } from '../user-offers/user-offers.test-support';
import { type Session, signedInAdmin, signedInMember } from './offers.test-support';

let t: TestApp;
let admin: Session;
let member: Session;
const today = saoPauloDay();
const daysAgo = (n: number) => addDays(today, -n);
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  member = await signedInMember(t);
});
afterAll(() => t.close());

const points = (offerId: string) =>
  t.db
    .select({ day: offerAdCounts.day, ads: offerAdCounts.ads })
    .from(offerAdCounts)
    .where(eq(offerAdCounts.offerId, offerId))
    .orderBy(offerAdCounts.day);
const adsOf = async (offerId: string) =>
  (await t.db.select({ ads: offers.ads }).from(offers).where(eq(offers.id, offerId)))[0]?.ads;
const postCount = (offerId: string, body: object, who = admin) =>
  who.call('POST', `/api/admin/offers/${offerId}/ad-counts`, body);
/** An offer created `ago` days ago with no history yet. */
const oldOffer = (ago = 60, ads = 10) =>
  createOffer(t.db, { ads, createdAt: new Date(Date.now() - ago * DAY_MS) });

describe('POST /api/admin/offers/{id}/ad-counts', () => {
  it('stores today by default; a second count the same day replaces the first; the latest point is the count', async () => {
    const offer = await oldOffer();
    const first = await postCount(offer.id, { ads: 40 });
    expect(first.statusCode, first.body).toBe(200);
    const second = await postCount(offer.id, { ads: 55 });
    expect(second.statusCode).toBe(200);
    expect(await points(offer.id)).toEqual([{ day: today, ads: 55 }]);
    expect(await adsOf(offer.id)).toBe(55);
    const body: AdHistory = second.json();
    expect(body.points).toEqual([{ date: today, ads: 55 }]);
    expect(body.lastSeen).toBe(today);
  });

  it('a back-filled older point keeps the count, moves the growth, and may move first seen before the creation', async () => {
    const offer = await oldOffer(3, 100);
    await postCount(offer.id, { ads: 100 });
    const res = await postCount(offer.id, { ads: 20, date: daysAgo(10) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await adsOf(offer.id)).toBe(100);
    expect(res.json()).toEqual({
      points: [
        { date: daysAgo(10), ads: 20 },
        { date: today, ads: 100 },
      ],
      before: null,
      firstSeen: daysAgo(10),
      lastSeen: today,
      momentum: 'escalando',
      growth7d: { ads: 80, percent: 400 },
    });
    // A count for the latest day (or later) is the offer's count again.
    await postCount(offer.id, { ads: 60, date: today });
    expect(await adsOf(offer.id)).toBe(60);
  });

  it.each([
    [{ ads: 10, date: addDays(today, 1) }, 'A data não pode estar no futuro.'],
    [{ ads: -1 }, 'Anúncios deve ser um número positivo'],
    [{ ads: 1.5 }, 'Anúncios deve ser um número inteiro'],
    [{ ads: '12' }, 'Anúncios deve ser um número positivo'],
    [{}, 'Anúncios deve ser um número positivo'],
    [{ ads: 10, date: '2026-02-30' }, 'Data inválida: use AAAA-MM-DD.'],
    [{ ads: 10, date: '26/11/2026' }, 'Data inválida: use AAAA-MM-DD.'],
  ])('refuses %j with a Portuguese 400 and stores nothing', async (body, message) => {
    const offer = await oldOffer();
    const res = await postCount(offer.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await points(offer.id)).toEqual([]);
    expect(await adsOf(offer.id)).toBe(10);
  });

  it('answers 404 for an unknown offer, 403 to a member and 401 without a session; nothing stored', async () => {
    const missing = await postCount('nao-existe', { ads: 5 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Oferta não encontrada');
    const offer = await oldOffer();
    expect((await postCount(offer.id, { ads: 5 }, member)).statusCode).toBe(403);
    const anonymous = await t.request({
      method: 'POST',
      url: `/api/admin/offers/${offer.id}/ad-counts`,
      payload: { ads: 5 },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await points(offer.id)).toEqual([]);
    expect(await adsOf(offer.id)).toBe(10);
  });
});

describe('points written with the offer', () => {
  it("the administrator's create and a changed count on edit write today's point; an unchanged one does not", async () => {
    const payload = {
      productTitle: 'Oferta com histórico',
      advertiser: 'Anunciante',
      status: 'escalando',
      niche: 'Emagrecimento',
      format: 'VSL',
      language: 'Português',
      ads: 30,
      roas: 2,
      ticket: 97,
    };
    const created = await admin.call('POST', '/api/offers', payload);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(created.json()).toMatchObject({
      momentum: 'novo',
      growth7d: null,
      firstSeen: today,
      lastSeen: today,
    });
    expect(await points(id)).toEqual([{ day: today, ads: 30 }]);
    // Make yesterday's point the latest, so an unchanged edit visibly writes nothing.
    await t.db
      .update(offerAdCounts)
      .set({ day: daysAgo(1) })
      .where(eq(offerAdCounts.offerId, id));
    await admin.call('PUT', `/api/offers/${id}`, { ...payload, productTitle: 'Outro título' });
    expect(await points(id)).toEqual([{ day: daysAgo(1), ads: 30 }]);
    const edited = await admin.call('PUT', `/api/offers/${id}`, { ...payload, ads: 45 });
    expect(edited.statusCode).toBe(200);
    expect(await points(id)).toEqual([
      { day: daysAgo(1), ads: 30 },
      { day: today, ads: 45 },
    ]);
  });

  it("an approved submission's count is the new offer's first point", async () => {
    const author = await session(t, 'member');
    const submission = await submitOffer(t, author, { ads: 77 });
    const res = await admin.call('POST', `/api/admin/user-offers/${submission}/approve`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await points(res.json().offerId)).toEqual([{ day: today, ads: 77 }]);
  });
});

describe('GET /api/offers/{id}/ad-history', () => {
  it('answers the points of the window oldest first (90 days by default) and the momentum', async () => {
    const offer = await oldOffer(100);
    await t.db
      .insert(offerAdCounts)
      .values(
        [200, 89, 29, 7, 0].map((ago, i) => ({ offerId: offer.id, day: daysAgo(ago), ads: 10 * (i + 1) })),
      );
    await t.db.update(offers).set({ ads: 50 }).where(eq(offers.id, offer.id));
    const get = (query = '', who = member) => who.call('GET', `/api/offers/${offer.id}/ad-history${query}`);
    const byDefault = await get();
    expect(byDefault.statusCode, byDefault.body).toBe(200);
    // +10 ads at +25 % over 7 days: Estável (Escalando needs at least +30 % too).
    expect(byDefault.json()).toEqual({
      points: [
        { date: daysAgo(89), ads: 20 },
        { date: daysAgo(29), ads: 30 },
        { date: daysAgo(7), ads: 40 },
        { date: today, ads: 50 },
      ],
      before: { date: daysAgo(200), ads: 10 },
      firstSeen: daysAgo(200),
      lastSeen: today,
      momentum: 'estavel',
      growth7d: { ads: 10, percent: 25 },
    });
    const dates = async (query: string) => ((await get(query)).json() as AdHistory).points.map((p) => p.date);
    expect(await dates('?days=30')).toEqual([daysAgo(29), daysAgo(7), today]);
    expect((await get('?days=30')).json().before).toEqual({ date: daysAgo(89), ads: 20 });
    expect(await dates('?days=365')).toHaveLength(5);
    const bad = await get('?days=7');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Período inválido: use 30, 90 ou 365 dias.');

    // A hidden offer: only the administrator sees its history, as the detail.
    await t.db.update(offers).set({ visible: false }).where(eq(offers.id, offer.id));
    const hidden = await get();
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe('Oferta não encontrada');
    expect((await get('', admin)).statusCode).toBe(200);
    expect((await member.call('GET', '/api/offers/nao-existe/ad-history')).statusCode).toBe(404);
  });

  it.each([
    [10, [{ date: daysAgo(10), ads: 50 }], { date: daysAgo(45), ads: 40 }],
    [40, [], { date: daysAgo(40), ads: 50 }],
  ])(
    'a last count %i days old: the window still ends today, and the count before it starts the line',
    async (ago, inWindow, before) => {
      const offer = await oldOffer(100, 50);
      await t.db.insert(offerAdCounts).values([
        { offerId: offer.id, day: daysAgo(45), ads: 40 },
        { offerId: offer.id, day: daysAgo(ago), ads: 50 },
      ]);
      const res = await member.call('GET', `/api/offers/${offer.id}/ad-history?days=30`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        points: inWindow,
        before,
        lastSeen: daysAgo(ago),
        momentum: 'estavel',
      });
    },
  );

  it('the catalogue cards carry the same momentum; filter by momentum and sort by growth', async () => {
    const scaling = await oldOffer(30, 0);
    const cooling = await oldOffer(30, 0);
    await postCount(scaling.id, { ads: 10, date: daysAgo(8) });
    await postCount(scaling.id, { ads: 60 });
    await postCount(cooling.id, { ads: 100, date: daysAgo(7) });
    await postCount(cooling.id, { ads: 70 });
    await t.app.changeFeed.sync();
    const list = async (query: string): Promise<OfferPage> => {
      const res = await member.call('GET', `/api/offers?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const escalando = await list('momentum=escalando&sort=growth');
    expect(escalando.items[0]).toMatchObject({
      id: scaling.id,
      momentum: 'escalando',
      growth7d: { ads: 50, percent: 500 },
      lastSeen: today,
    });
    expect(escalando.items.every((o) => o.momentum === 'escalando')).toBe(true);
    const esfriando = await list('momentum=esfriando');
    expect(esfriando.items.map((o) => o.id)).toContain(cooling.id);
    expect(esfriando.items.find((o) => o.id === cooling.id)?.growth7d).toEqual({ ads: -30, percent: -30 });
    const growth = (await list('sort=growth&pageSize=100')).items.map((o) => o.growth7d?.ads ?? null);
    const known = growth.filter((g) => g !== null);
    expect(known).toEqual([...known].sort((a, b) => b - a));
    expect(growth.slice(known.length).every((g) => g === null)).toBe(true);
    const detail = await member.call('GET', `/api/offers/${scaling.id}`);
    expect(detail.json()).toMatchObject({ momentum: 'escalando', firstSeen: daysAgo(30) });
    const adminList = await admin.call('GET', '/api/admin/offers?pageSize=100');
    const card = adminList.json().items.find((o: { id: string }) => o.id === scaling.id);
    expect(card).toMatchObject({ momentum: 'escalando', growth7d: { ads: 50 } });
    expect((await member.call('GET', '/api/offers?momentum=subindo')).statusCode).toBe(400);
  });
});

describe('the SQL path (no in-memory index): cached pages follow the points', () => {
  it('a point written through the route moves the offer in the momentum filter and the growth sort at once', async () => {
    const sqlApp = await createTestApp({ CATALOGUE_INDEX_MAX_OFFERS: '0' });
    try {
      const boss = await signedInAdmin(sqlApp);
      const reader = await signedInMember(sqlApp);
      const created = new Date(Date.now() - 60 * DAY_MS);
      const [a, b] = [
        await createOffer(sqlApp.db, { ads: 50, createdAt: created }),
        await createOffer(sqlApp.db, { ads: 50, createdAt: created }),
      ];
      for (const offer of [a, b]) {
        await boss.call('POST', `/api/admin/offers/${offer.id}/ad-counts`, { ads: 50, date: daysAgo(20) });
      }
      await sqlApp.app.changeFeed.sync();
      const list = async (query: string): Promise<OfferPage> =>
        (await reader.call('GET', `/api/offers?${query}`)).json();
      expect((await list('momentum=escalando')).total).toBe(0);
      expect((await list('sort=growth')).items.map((o) => o.growth7d?.ads)).toEqual([0, 0]);
      const res = await boss.call('POST', `/api/admin/offers/${b.id}/ad-counts`, { ads: 90 });
      expect(res.statusCode).toBe(200);
      const escalando = await list('momentum=escalando');
      expect(escalando.items.map((o) => o.id)).toEqual([b.id]);
      expect((await list('sort=growth')).items.map((o) => o.id)).toEqual([b.id, a.id]);
    } finally {
      await sqlApp.close();
    }
  });
});
