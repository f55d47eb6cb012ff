import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOffer, type OfferRow } from '../../testing/offer-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type Session, signedInMember } from './offers.test-support';

let t: TestApp;
let member: Session;
let older: OfferRow;
let newer: OfferRow;
let hidden: OfferRow;

beforeAll(async () => {
  t = await createTestApp();
  member = await signedInMember(t);
  older = await createOffer(t.db, { productTitle: 'Primeira' });
  newer = await createOffer(t.db, { id: 'texto-livre', productTitle: 'Segunda' });
  hidden = await createOffer(t.db, { visible: false });
});
afterAll(() => t.close());

const add = (session: Session, offerId: unknown) => session.call('POST', '/api/favorites', { offerId });
const remove = (session: Session, offerId: string) =>
  session.call('DELETE', `/api/favorites/${encodeURIComponent(offerId)}`);
const listIds = async (session: Session) => (await session.call('GET', '/api/favorites')).json();

describe('favourites', () => {
  it('adds, refuses a repeat with 409 code 23505, lists newest first and removes', async () => {
    const first = await add(member, older.id);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: 'Oferta adicionada aos favoritos' });
    expect((await add(member, newer.id)).statusCode).toBe(201);

    const repeat = await add(member, older.id);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json()).toEqual({ message: 'Já está nos favoritos', code: '23505' });

    expect(await listIds(member)).toEqual([newer.id, older.id]);
    const page = (await member.call('GET', '/api/offers?favorites=1')).json();
    expect(page.items.every((o: { favoritedByMe: boolean }) => o.favoritedByMe)).toBe(true);
    expect(page.total).toBe(2);

    const removed = await remove(member, newer.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Oferta removida dos favoritos' });
    expect(await listIds(member)).toEqual([older.id]);

    const again = await remove(member, newer.id);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Esta oferta não está nos seus favoritos.');
  });

  it("keeps each member's favourites apart", async () => {
    const other = await signedInMember(t);
    expect(await listIds(other)).toEqual([]);
    expect((await add(other, older.id)).statusCode).toBe(201);
    expect((await remove(other, newer.id)).statusCode).toBe(404);
    expect(await listIds(other)).toEqual([older.id]);
  });

  it('refuses hidden and unknown offers with 404', async () => {
    for (const id of [hidden.id, 'nao-existe', '00000000-0000-0000-0000-000000000000']) {
      const res = await add(member, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Oferta não encontrada' });
    }
    expect((await remove(member, 'nao-existe')).statusCode).toBe(404);
  });

  it('refuses a bad body with 400 and a message', async () => {
    for (const offerId of [undefined, '', '   ', 42, null, { id: 'x' }]) {
      const res = await add(member, offerId);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Oferta inválida.');
    }
  });

  it('answers 401 without a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/favorites' })).statusCode).toBe(401);
    const post = await t.request({ method: 'POST', url: '/api/favorites', payload: { offerId: older.id } });
    expect(post.statusCode).toBe(401);
  });
});
