import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OfferMomentum } from '../../../shared/offer-constants';
import { addDays, saoPauloDay } from '../../../shared/sao-paulo-day';
import type { MemberNotification } from '../../../shared/schemas/notifications';
import type { OfferPage } from '../../../shared/schemas/offers';
import { offerAdCounts } from '../../db/schema/index';
import { createOffer } from '../../testing/offer-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type AdPoint, factsFromPoints, momentumOf } from './momentum';
import { sweepScalingAlerts } from './offer-alerts.service';
import { type Session, signedInMember } from './offers.test-support';

/**
 * The SQL copy of the momentum rule (momentumSql: the catalogue without its in-memory index, and the alert sweep)
 * at each boundary of momentum.ts: a `>=` turned `>` (or the reverse) in either copy fails here.
 */
let t: TestApp;
let member: Session;
const today = saoPauloDay();
const yesterday = addDays(today, -1);
const daysAgo = (n: number) => addDays(today, -n);
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ CATALOGUE_INDEX_MAX_OFFERS: '0' });
  member = await signedInMember(t);
});
afterAll(() => t.close());

interface Case {
  title: string;
  /** Days since the offer was created (and first seen). */
  createdAgo: number;
  points: AdPoint[];
  expected: OfferMomentum;
}

/**
 * Each offer's count 30 days ago was already today's, so yesterday (baseline: the point of 30 days ago) every one
 * was 'Estável' or 'Novo', and the sweep finds exactly today's 'Escalando' ones.
 */
const change = (title: string, from: number, to: number, expected: OfferMomentum): Case => ({
  title,
  createdAgo: 60,
  points: [
    { date: daysAgo(30), ads: to },
    { date: daysAgo(7), ads: from },
    { date: today, ads: to },
  ],
  expected,
});
const cases: Case[] = [
  change('Limite 100 para 130', 100, 130, 'escalando'),
  change('Limite 33 para 43', 33, 43, 'escalando'),
  change('Limite 30 para 39', 30, 39, 'estavel'),
  change('Limite 100 para 70', 100, 70, 'esfriando'),
  change('Limite 100 para 71', 100, 71, 'estavel'),
  {
    title: 'Vista há 6 dias',
    createdAgo: 6,
    points: [
      { date: daysAgo(6), ads: 10 },
      { date: today, ads: 30 },
    ],
    expected: 'novo',
  },
  {
    title: 'Vista há 7 dias',
    createdAgo: 7,
    points: [
      { date: daysAgo(7), ads: 10 },
      { date: today, ads: 30 },
    ],
    expected: 'escalando',
  },
];

/** momentum.ts on `day` from the whole history, as the SQL reads it (the offer's count is its latest point). */
const tsMomentum = (c: Case, day: string) =>
  momentumOf(factsFromPoints(c.points, day, daysAgo(c.createdAgo), c.points.at(-1)?.ads ?? 0)).momentum;

describe('momentumSql at the boundaries (catalogue without the in-memory index, alert sweep)', () => {
  it('answers ?momentum= as momentum.ts, and the sweep tells followers of exactly the offers turned Escalando', async () => {
    const ids = new Map<string, Case>();
    for (const c of cases) {
      expect(tsMomentum(c, today), c.title).toBe(c.expected);
      const offer = await createOffer(t.db, {
        productTitle: c.title,
        ads: c.points.at(-1)?.ads ?? 0,
        createdAt: new Date(Date.now() - c.createdAgo * DAY_MS),
      });
      await t.db
        .insert(offerAdCounts)
        .values(c.points.map((p) => ({ offerId: offer.id, day: p.date, ads: p.ads })));
      expect((await member.call('POST', '/api/favorites', { offerId: offer.id })).statusCode).toBe(201);
      ids.set(offer.id, c);
    }
    await t.app.changeFeed.sync();

    const titles = (page: OfferPage) => page.items.map((o) => o.productTitle).sort();
    for (const momentum of ['escalando', 'estavel', 'esfriando', 'novo'] as const) {
      const res = await member.call('GET', `/api/offers?momentum=${momentum}&pageSize=100`);
      expect(res.statusCode, res.body).toBe(200);
      const page: OfferPage = res.json();
      const expected = cases.filter((c) => c.expected === momentum).map((c) => c.title);
      expect(titles(page), momentum).toEqual(expected.sort());
      for (const card of page.items) expect(card.momentum).toBe(ids.get(card.id)?.expected);
    }

    // The sweep (momentumSql today and yesterday) tells of the offers momentum.ts sees turn Escalando.
    const turned = cases.filter(
      (c) => tsMomentum(c, today) === 'escalando' && tsMomentum(c, yesterday) !== 'escalando',
    );
    expect(turned.map((c) => c.title).sort()).toEqual(
      ['Limite 100 para 130', 'Limite 33 para 43', 'Vista há 7 dias'].sort(),
    );
    await sweepScalingAlerts(t.db);
    const bell: MemberNotification[] = (await member.call('GET', '/api/notifications')).json();
    const told = bell.filter((n) => n.kind === 'offer-scaling').map((n) => n.title);
    expect(told.sort()).toEqual(turned.map((c) => `${c.title} está Escalando`).sort());
  });
});
