import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOffer, type OfferRow } from '../../testing/offer-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type Session, signedInMember } from './offers.test-support';

let t: TestApp;
let member: Session;
let offer: OfferRow;
let hidden: OfferRow;

beforeAll(async () => {
  t = await createTestApp();
  member = await signedInMember(t);
  offer = await createOffer(t.db);
  hidden = await createOffer(t.db, { visible: false });
});
afterAll(() => t.close());

const vote = (session: Session, offerId: string, reportedStatus: unknown) =>
  session.call('POST', `/api/offers/${offerId}/report-status`, { reportedStatus });
const counts = async (session: Session, offerId: string) =>
  (await session.call('GET', `/api/offers/${offerId}/status-report-counts`)).json();
const myVote = async (session: Session, offerId: string) =>
  (await session.call('GET', `/api/offers/${offerId}/user-status-report`)).json();

describe('status votes', () => {
  it('records one vote per member, changeable, with counts and my vote', async () => {
    expect(await counts(member, offer.id)).toEqual({ ativo: 0, inativo: 0 });
    expect(await myVote(member, offer.id)).toEqual({ reportedStatus: null });

    const first = await vote(member, offer.id, 'ativo');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      message: 'Seu voto foi enviado aos administradores com sucesso.',
      counts: { ativo: 1, inativo: 0 },
    });
    expect(await myVote(member, offer.id)).toEqual({ reportedStatus: 'ativo' });

    const changed = await vote(member, offer.id, 'inativo');
    expect(changed.json().counts).toEqual({ ativo: 0, inativo: 1 });
    expect(await myVote(member, offer.id)).toEqual({ reportedStatus: 'inativo' });

    const other = await signedInMember(t);
    expect(await myVote(other, offer.id)).toEqual({ reportedStatus: null });
    expect((await vote(other, offer.id, 'inativo')).json().counts).toEqual({ ativo: 0, inativo: 2 });
    expect((await vote(other, offer.id, 'inativo')).json().counts).toEqual({ ativo: 0, inativo: 2 });
    const third = await signedInMember(t);
    expect((await vote(third, offer.id, 'ativo')).json().counts).toEqual({ ativo: 1, inativo: 2 });
    expect(await counts(member, offer.id)).toEqual({ ativo: 1, inativo: 2 });
    const detail = (await member.call('GET', `/api/offers/${offer.id}`)).json();
    expect(detail).toMatchObject({ statusReports: { ativo: 1, inativo: 2 }, myReport: 'inativo' });
  });

  it('refuses a status other than ativo or inativo with 400', async () => {
    for (const status of ['talvez', '', null, 1, undefined]) {
      const res = await vote(member, offer.id, status);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Escolha ativo ou inativo.');
    }
  });

  it('answers 404 for hidden and unknown offers on every status route', async () => {
    for (const id of [hidden.id, 'nao-existe']) {
      expect((await vote(member, id, 'ativo')).statusCode).toBe(404);
      const c = await member.call('GET', `/api/offers/${id}/status-report-counts`);
      expect(c.statusCode).toBe(404);
      expect(c.json()).toEqual({ message: 'Oferta não encontrada' });
      expect((await member.call('GET', `/api/offers/${id}/user-status-report`)).statusCode).toBe(404);
    }
  });

  it('the card says most recent voters call it inactive: at least 3 voters of the last 30 days, more than half', async () => {
    const voted = await createOffer(t.db, { productTitle: 'Oferta Votada Inativa' });
    const voters = [member, await signedInMember(t), await signedInMember(t)];
    const card = async () => {
      const page = (await member.call('GET', '/api/offers?search=Votada%20Inativa')).json();
      return page.items[0] as { membersSayInactive: boolean } | undefined;
    };
    await vote(voters[0]!, voted.id, 'inativo');
    await vote(voters[1]!, voted.id, 'inativo');
    // Two voters: not enough to say anything.
    await expect.poll(async () => (await card())?.membersSayInactive, { timeout: 3_000 }).toBe(false);
    await vote(voters[2]!, voted.id, 'ativo');
    await expect.poll(async () => (await card())?.membersSayInactive, { timeout: 3_000 }).toBe(true);
    // A tie is not most.
    await vote(voters[1]!, voted.id, 'ativo');
    await expect.poll(async () => (await card())?.membersSayInactive, { timeout: 3_000 }).toBe(false);
    // Votes older than 30 days do not count.
    await vote(voters[1]!, voted.id, 'inativo');
    await expect.poll(async () => (await card())?.membersSayInactive, { timeout: 3_000 }).toBe(true);
    await t.db.execute(
      `update offer_status_reports set updated_at = now() - interval '31 days' where offer_id = '${voted.id}'`,
    );
    await t.db.execute(`select ce_notify_offers(array['${voted.id}']::text[])`);
    await expect.poll(async () => (await card())?.membersSayInactive, { timeout: 3_000 }).toBe(false);
  });
});
