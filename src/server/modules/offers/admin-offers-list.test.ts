import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOfferCard } from '../../../shared/schemas/offers';
import { offerStatusReports, userEscalatedOffers } from '../../db/schema/index';
import { createMember } from '../../testing/factories';
import { createOffer } from '../../testing/offer-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type Session, signedInAdmin } from './offers.test-support';

let t: TestApp;
let admin: Session;
const ids: Record<'A' | 'B' | 'C' | 'D', string> = { A: '', B: '', C: '', D: '' };
const keyOf = (id: string) => (Object.keys(ids) as (keyof typeof ids)[]).find((k) => ids[k] === id);

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  const day = 24 * 60 * 60 * 1000;
  ids.A = (await createOffer(t.db, { createdAt: new Date(Date.now() - day) })).id;
  ids.B = (await createOffer(t.db, { createdAt: new Date(Date.now() - 2 * day), visible: false })).id;
  ids.C = (await createOffer(t.db, { createdAt: new Date(Date.now() - 3 * day) })).id;
  ids.D = (await createOffer(t.db, { createdAt: new Date(Date.now() - 4 * day) })).id;
  const voters = await Promise.all(Array.from({ length: 3 }, () => createMember(t.db)));
  const votes: [keyof typeof ids, number, 'ativo' | 'inativo'][] = [
    ['B', 0, 'inativo'],
    ['B', 1, 'inativo'],
    ['B', 2, 'ativo'],
    ['C', 0, 'ativo'],
    ['C', 1, 'ativo'],
    ['C', 2, 'ativo'],
    ['D', 0, 'inativo'],
  ];
  await t.db
    .insert(offerStatusReports)
    .values(votes.map(([k, v, s]) => ({ offerId: ids[k], userId: voters[v]!.id, reportedStatus: s })));
});
afterAll(() => t.close());

async function list(query = '') {
  const res = await admin.call('GET', `/api/admin/offers${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: AdminOfferCard[]; total: number; page: number; pageSize: number };
}

describe('GET /api/admin/offers', () => {
  it('lists every offer, hidden included, newest first, with the vote counts', async () => {
    const page = await list();
    expect(page.items.map((o) => keyOf(o.id))).toEqual(['A', 'B', 'C', 'D']);
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 24 });
    const byKey = Object.fromEntries(page.items.map((o) => [keyOf(o.id), o]));
    expect(byKey.B).toMatchObject({ visible: false, statusReports: { ativo: 1, inativo: 2 } });
    expect(byKey.A?.statusReports).toEqual({ ativo: 0, inativo: 0 });
    expect(byKey.C?.statusReports).toEqual({ ativo: 3, inativo: 0 });
  });

  it('sorts by most inactive and most active votes (ties newest first)', async () => {
    expect((await list('?sort=most-inactive')).items.map((o) => keyOf(o.id))).toEqual(['B', 'D', 'A', 'C']);
    expect((await list('?sort=most-active')).items.map((o) => keyOf(o.id))).toEqual(['C', 'B', 'A', 'D']);
    expect((await list('?sort=default')).items.map((o) => keyOf(o.id))).toEqual(['A', 'B', 'C', 'D']);
  });

  it('pages with the total of all offers', async () => {
    const second = await list('?pageSize=3&page=2');
    expect(second.items.map((o) => keyOf(o.id))).toEqual(['D']);
    expect(second.total).toBe(4);
  });

  it('refuses bad queries with 400', async () => {
    for (const q of ['sort=likes', 'page=abc', 'pageSize=-3']) {
      const res = await admin.call('GET', `/api/admin/offers?${q}`);
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('admin stats', () => {
  it('counts every offer and the pending member submissions', async () => {
    const submitter = await createMember(t.db);
    const submission = {
      userId: submitter.id,
      productTitle: 'Enviada',
      status: 'validando' as const,
      format: 'VSL',
      language: 'Português',
      niche: 'Outros',
    };
    await t.db
      .insert(userEscalatedOffers)
      .values([
        submission,
        submission,
        { ...submission, state: 'aprovada', decidedAt: new Date() },
        { ...submission, state: 'recusada', decidedAt: new Date(), refusalReason: 'Fora das regras' },
      ]);
    const res = await admin.call('GET', '/api/admin/stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalOffers: 4, userOffers: 2 });
  });
});
