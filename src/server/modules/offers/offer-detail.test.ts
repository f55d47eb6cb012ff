import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerLikes, offerStatusReports, userProfiles } from '../../db/schema/index';
import { createMember } from '../../testing/factories';
import { createOffer, type OfferRow } from '../../testing/offer-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type Session, signedInAdmin, signedInMember } from './offers.test-support';

let t: TestApp;
let member: Session;
let admin: Session;
let author: Awaited<ReturnType<typeof createMember>>;
let authored: OfferRow;
let orphan: OfferRow;
let hidden: OfferRow;

beforeAll(async () => {
  t = await createTestApp();
  member = await signedInMember(t);
  admin = await signedInAdmin(t);
  author = await createMember(t.db, { name: 'Autora da Oferta' });
  await t.db
    .insert(userProfiles)
    .values({ userId: author.id, instagram: 'autora', avatar: '/uploads/avatars/a.png' });
  authored = await createOffer(t.db, { userId: author.id, productTitle: 'Com autora', likeCount: 2 });
  orphan = await createOffer(t.db, { id: 'oferta-legada-1', productTitle: 'Sem autor', links: '{quebrado' });
  hidden = await createOffer(t.db, { productTitle: 'Oculta', visible: false, likeCount: 4 });
});
afterAll(() => t.close());

describe('GET /api/offers/:id', () => {
  it('answers the offer with its author, the vote counts and my vote', async () => {
    const voters = await Promise.all([createMember(t.db), createMember(t.db)]);
    await t.db.insert(offerStatusReports).values([
      { offerId: authored.id, userId: voters[0]!.id, reportedStatus: 'ativo' },
      { offerId: authored.id, userId: voters[1]!.id, reportedStatus: 'ativo' },
      { offerId: authored.id, userId: member.user.id, reportedStatus: 'inativo' },
    ]);
    await t.db.insert(offerLikes).values({ offerId: authored.id, userId: member.user.id });
    // Straight to the database: wait for the change feed as a route's write would (cached per-member flags).
    await t.app.changeFeed.sync();
    const res = await member.call('GET', `/api/offers/${authored.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: authored.id,
      productTitle: 'Com autora',
      userId: author.id,
      userName: 'Autora da Oferta',
      userUniqueId: author.uniqueId,
      userAvatar: '/uploads/avatars/a.png',
      userInstagram: 'autora',
      statusReports: { ativo: 2, inativo: 1 },
      myReport: 'inativo',
      likeCount: 2,
      likedByMe: true,
      favoritedByMe: false,
      ticket: 97,
    });
    const other = await signedInMember(t);
    expect((await other.call('GET', `/api/offers/${authored.id}`)).json()).toMatchObject({
      myReport: null,
      likedByMe: false,
    });
  });

  it('answers null author fields and empty links for a text-id offer with invalid links JSON', async () => {
    const res = await member.call('GET', '/api/offers/oferta-legada-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: orphan.id,
      userName: null,
      userUniqueId: null,
      userAvatar: null,
      userInstagram: null,
      statusReports: { ativo: 0, inativo: 0 },
      myReport: null,
      links: { criativo: null, biblioteca: null, site: null, anunciante: null },
    });
  });

  it.each(['00000000-0000-0000-0000-000000000000', 'nao-existe', 'OFERTA-LEGADA-1', "x' or '1'='1", '%25'])(
    'answers 404 Oferta não encontrada for the unknown id %s',
    async (id) => {
      const res = await member.call('GET', `/api/offers/${encodeURIComponent(id)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Oferta não encontrada' });
    },
  );

  it('answers 414 for an absurdly long id (over the router limit), never 500', async () => {
    const res = await member.call('GET', `/api/offers/${'a'.repeat(5000)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('hides a hidden offer from members and shows it to the administrator', async () => {
    const res = await member.call('GET', `/api/offers/${hidden.id}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Oferta não encontrada');
    const asAdmin = await admin.call('GET', `/api/offers/${hidden.id}`);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json()).toMatchObject({ id: hidden.id, visible: false });
  });

  it('answers 401 without a session', async () => {
    expect((await t.request({ method: 'GET', url: `/api/offers/${authored.id}` })).statusCode).toBe(401);
  });
});

describe('GET /api/offers/like-counts', () => {
  it('maps the requested visible offers to their counts, unknown and hidden ones left out', async () => {
    const res = await member.call(
      'GET',
      `/api/offers/like-counts?ids=${authored.id},${orphan.id},${hidden.id},nao-existe,${authored.id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ [authored.id]: 2, [orphan.id]: 0 });
  });

  it('answers every visible offer without ids, and nothing for an empty list', async () => {
    expect((await member.call('GET', '/api/offers/like-counts')).json()).toEqual({
      [authored.id]: 2,
      [orphan.id]: 0,
    });
    expect((await member.call('GET', '/api/offers/like-counts?ids=')).json()).toEqual({});
    expect((await member.call('GET', '/api/offers/like-counts?ids=,%20,')).json()).toEqual({});
  });

  it('refuses more than 500 ids', async () => {
    const ids = Array.from({ length: 501 }, (_, i) => `id-${i}`).join(',');
    const res = await member.call('GET', `/api/offers/like-counts?ids=${ids}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Envie no máximo 500 ofertas por vez.');
  });
});

describe('GET /api/user/liked-offers', () => {
  it("lists the visible offers the member liked, not others' likes", async () => {
    const fresh = await signedInMember(t);
    await t.db.insert(offerLikes).values([
      { offerId: orphan.id, userId: fresh.user.id },
      { offerId: hidden.id, userId: fresh.user.id },
    ]);
    await t.app.changeFeed.sync();
    const res = await fresh.call('GET', '/api/user/liked-offers');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([orphan.id]);
    expect((await member.call('GET', '/api/user/liked-offers')).json()).toEqual([authored.id]);
  });
});
