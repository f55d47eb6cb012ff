import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, userEscalatedOffers } from '../../db/schema/index';
import { createOffer } from '../../testing/offer-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  type Session,
  session,
  storedCreative,
  submissionPayload,
  submitOffer,
} from './user-offers.test-support';

/**
 * The offer metrics on every route that takes them (POST /api/user-offers, PATCH /api/admin/user-offers/{id},
 * POST and PUT /api/offers): JSON numbers as they are, text read the Brazilian way, blank as 0, unreadable text
 * refused with the field's message and nothing stored.
 */
let t: TestApp;
let member: Session;
let admin: Session;
let creative: string;
beforeAll(async () => {
  t = await createTestApp();
  member = await session(t, 'member');
  admin = await session(t, 'admin');
  creative = await storedCreative(t);
});
afterAll(() => t.close());

const put = (url: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url, headers: { cookie: admin.cookie }, payload });

const storedSubmission = async (id: string) =>
  (await t.db.select().from(userEscalatedOffers).where(eq(userEscalatedOffers.id, id)))[0]!;

const scaledOffer = {
  productTitle: 'Oferta digitada',
  advertiser: 'Loja',
  status: 'escalando',
  niche: 'Emagrecimento',
  format: 'VSL',
  language: 'Português',
};

describe('a member submission (Subir Oferta)', () => {
  it('stores text typed the Brazilian way as the numbers the member meant', async () => {
    const res = await member.call(
      'POST',
      '/api/user-offers',
      submissionPayload(creative, { ads: '1.234', roas: '3,4', ticket: '147,90' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await storedSubmission(res.json().id)).toMatchObject({ ads: 1234, roas: 3.4, ticketCents: 14790 });
  });

  it('stores prefixed, suffixed and dot-decimal text, and JSON numbers as they are', async () => {
    const typed = await member.call(
      'POST',
      '/api/user-offers',
      submissionPayload(creative, { ads: ' 80 ', roas: '2.5x', ticket: 'R$ 1.000,00' }),
    );
    expect(await storedSubmission(typed.json().id)).toMatchObject({
      ads: 80,
      roas: 2.5,
      ticketCents: 100000,
    });
    const numbers = await member.call(
      'POST',
      '/api/user-offers',
      submissionPayload(creative, { ads: 80, roas: 2.5, ticket: 1000 }),
    );
    expect(await storedSubmission(numbers.json().id)).toMatchObject({
      ads: 80,
      roas: 2.5,
      ticketCents: 100000,
    });
  });

  it.each([
    [
      { ticket: '1,234.56' },
      'Ticket médio deve ser um número positivo. Use vírgula para os centavos, como 1.234,56.',
    ],
    [
      { ticket: '147,905' },
      'Ticket médio deve ser um número positivo. Use no máximo 2 casas decimais, como 1.234,56.',
    ],
    [
      { ticket: 'cento e quarenta' },
      'Ticket médio deve ser um número positivo. Use vírgula para os centavos, como 1.234,56.',
    ],
    [{ roas: '3,4,5' }, 'ROAS deve ser um número positivo. Use vírgula para as casas decimais, como 2,5.'],
    [{ roas: 'Infinity' }, 'ROAS deve ser um número positivo. Use vírgula para as casas decimais, como 2,5.'],
    [{ roas: '-3,4' }, 'ROAS deve ser um número positivo'],
    [{ ads: '12.34.567' }, 'Anúncios ativos deve ser um número positivo. Use só algarismos, como 1.234.'],
    [{ ads: '1,5' }, 'Anúncios ativos deve ser um número inteiro'],
    [{ ads: 1.5 }, 'Anúncios ativos deve ser um número inteiro'],
  ])('refuses %j with 400 and its message, storing nothing', async (change, message) => {
    const before = (await t.db.select().from(userEscalatedOffers)).length;
    const res = await member.call('POST', '/api/user-offers', submissionPayload(creative, change));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await t.db.select().from(userEscalatedOffers)).toHaveLength(before);
  });

  it("reads the administrator's edit of a submission by the same rule", async () => {
    const id = await submitOffer(t, member);
    const res = await admin.call('PATCH', `/api/admin/user-offers/${id}`, { roas: '4,25', ticket: '2.497' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ roas: 4.25, ticket: 2497 });
    const bad = await admin.call('PATCH', `/api/admin/user-offers/${id}`, { ticket: '2,497.00' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'Ticket médio deve ser um número positivo. Use vírgula para os centavos, como 1.234,56.',
    );
    expect(await storedSubmission(id)).toMatchObject({ roas: 4.25, ticketCents: 249700 });
  });
});

describe("the administrator's scaled offers (/nova-oferta, /admin/editar-oferta)", () => {
  it('creates and replaces an offer from Brazilian text, and refuses unreadable text on PUT', async () => {
    const created = await admin.call('POST', '/api/offers', {
      ...scaledOffer,
      ads: '1.200',
      roas: '2,75',
      ticket: '197,00',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ ads: 1200, roas: 2.75, ticket: 197 });

    const offer = await createOffer(t.db, { ticketCents: 5000 });
    const replaced = await put(`/api/offers/${offer.id}`, {
      ...scaledOffer,
      ads: 3,
      roas: '3.4',
      ticket: '1.234,56',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const [row] = await t.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(row).toMatchObject({ ads: 3, roas: 3.4, ticketCents: 123456 });

    const refused = await put(`/api/offers/${offer.id}`, {
      ...scaledOffer,
      ticket: '1.000,00,0',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Ticket deve ser um número positivo. Use vírgula para os centavos, como 1.234,56.',
    );
    const [kept] = await t.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(kept?.ticketCents).toBe(123456);
  });
});
