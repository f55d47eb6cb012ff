import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, userEscalatedOffers, userProfiles, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { CREATIVE_NOT_UPLOADED } from './user-offers.service';
import { type Session, session, storedCreative, submitOffer } from './user-offers.test-support';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await session(t, 'admin');
});
afterAll(() => t.close());

const rowOf = async (id: string) =>
  (await t.db.select().from(userEscalatedOffers).where(eq(userEscalatedOffers.id, id)))[0];
const pointsOf = async (userId: string) =>
  (await t.db.select({ points: users.points }).from(users).where(eq(users.id, userId)))[0]?.points;
const fileStatus = async (url: string) => (await t.request({ method: 'GET', url })).statusCode;

describe('admin review of member submissions', () => {
  it('lists pending submissions oldest first with their authors', async () => {
    const ana = await session(t, 'member', { name: 'Ana Paula Ribeiro' });
    await t.db.insert(userProfiles).values({ userId: ana.user.id, instagram: 'anapaula.ads' });
    const first = await submitOffer(t, ana, { productTitle: 'Primeira' });
    const second = await submitOffer(t, ana, { productTitle: 'Segunda' });
    const approved = await submitOffer(t, ana, { productTitle: 'Já aprovada' });
    expect((await admin.call('POST', `/api/admin/user-offers/${approved}/approve`)).statusCode).toBe(200);

    const res = await admin.call('GET', '/api/admin/user-offers');
    expect(res.statusCode).toBe(200);
    const list: { id: string; productTitle: string; author: unknown; isApproved: boolean }[] = res.json();
    const ids = list.map((item) => item.id);
    expect(ids).not.toContain(approved);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    const item = list.find((o) => o.id === first);
    expect(item).toMatchObject({
      productTitle: 'Primeira',
      isApproved: false,
      ticket: 197.9,
      roas: 2.75,
      advertiserLink: 'https://www.vidaleve.example.com/pagina',
      author: {
        id: ana.user.id,
        name: 'Ana Paula Ribeiro',
        uniqueId: ana.user.uniqueId,
        instagram: 'anapaula.ads',
        avatar: null,
      },
    });

    const one = await admin.call('GET', `/api/admin/user-offers/${first}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(item);
    const missing = await admin.call('GET', `/api/admin/user-offers/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Oferta não encontrada');
    expect((await admin.call('GET', '/api/admin/user-offers/nao-e-um-id')).statusCode).toBe(400);
  });

  it('approval creates a visible offer by the submitter, marks the submission and gives 10 points', async () => {
    const member = await session(t, 'member', { name: 'Carlos Mendes' });
    const id = await submitOffer(t, member, { niche: 'Nicho Hot' });
    const submission = await rowOf(id);
    const before = Date.now();

    const res = await admin.call('POST', `/api/admin/user-offers/${id}/approve`);
    expect(res.statusCode).toBe(200);
    const { message, offerId } = res.json();
    expect(message).toBe('Oferta aprovada');

    const [offer] = await t.db.select().from(offers).where(eq(offers.id, offerId));
    expect(offer).toMatchObject({
      userId: member.user.id,
      advertiser: 'vidaleve.example.com',
      creative: submission?.creative,
      creativeType: 'image',
      productTitle: 'Chá Seca Barriga',
      status: 'escalando',
      niche: 'Hot',
      format: 'VSL',
      language: 'Português',
      ads: 120,
      roas: 2.75,
      ticketCents: 19790,
      visible: true,
      likeCount: 0,
    });
    expect(JSON.parse(offer!.links)).toEqual({
      criativo: 'https://example.com/criativo',
      biblioteca: 'https://example.com/biblioteca',
      site: 'https://example.com/site',
      anunciante: 'https://www.vidaleve.example.com/pagina',
    });
    expect(offer!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);

    const marked = await rowOf(id);
    expect(marked).toMatchObject({
      state: 'aprovada',
      decidedBy: admin.user.id,
      offerId,
      refusalReason: null,
    });
    expect(marked!.decidedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await pointsOf(member.user.id)).toBe(10);

    // Members see it in the catalogue with the submitter as publisher.
    const detail = await member.call('GET', `/api/offers/${offerId}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: offerId, userName: 'Carlos Mendes', visible: true });

    const again = await admin.call('POST', `/api/admin/user-offers/${id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Oferta já aprovada');
    expect(await pointsOf(member.user.id)).toBe(10);
  });

  it('concurrent approvals create one offer and give the points once', async () => {
    const member = await session(t, 'member');
    const id = await submitOffer(t, member);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => admin.call('POST', `/api/admin/user-offers/${id}/approve`)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await pointsOf(member.user.id)).toBe(10);
    const created = await t.db.select().from(offers).where(eq(offers.userId, member.user.id));
    expect(created).toHaveLength(1);
  });

  it('names the advertiser after the submitter when there is no advertiser link', async () => {
    const member = await session(t, 'member', { name: 'Júlia Sem Link' });
    const id = await submitOffer(t, member);
    // A submission sent before the links were required; the administrator may also clear one.
    const cleared = await admin.call('PATCH', `/api/admin/user-offers/${id}`, { advertiserLink: '' });
    expect(cleared.statusCode).toBe(200);
    const { offerId } = (await admin.call('POST', `/api/admin/user-offers/${id}/approve`)).json();
    const [offer] = await t.db.select().from(offers).where(eq(offers.id, offerId));
    expect(offer?.advertiser).toBe('Júlia Sem Link');
    expect(JSON.parse(offer!.links).anunciante).toBeNull();
  });

  it('edits the fields of a pending submission and replaces its creative', async () => {
    const member = await session(t, 'member');
    const id = await submitOffer(t, member);
    const oldCreative = (await rowOf(id))!.creative!;
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypqt  '), Buffer.alloc(32)]);
    const newCreative = await storedCreative(t, video);

    const res = await admin.call('PATCH', `/api/admin/user-offers/${id}`, {
      productTitle: 'Título Revisado',
      niche: 'Nicho Hot',
      ticket: 47,
      ads: '',
      siteLink: 'https://novo.example.com',
      creative: newCreative,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      productTitle: 'Título Revisado',
      niche: 'Hot',
      ticket: 47,
      ads: 0,
      roas: 2.75,
      siteLink: 'https://novo.example.com',
      creativeLink: 'https://example.com/criativo',
      creative: newCreative,
      creativeType: 'video',
      isApproved: false,
    });
    expect(await fileStatus(oldCreative)).toBe(404);
    expect(await fileStatus(newCreative)).toBe(200);

    // A URL on another host is downloaded (import-remote.test.ts); an internal one is refused.
    const internal = await admin.call('PATCH', `/api/admin/user-offers/${id}`, {
      creative: 'http://169.254.169.254/latest/meta-data/x.png',
    });
    expect(internal.statusCode).toBe(400);
    expect(internal.json().message).toBe(
      'Não foi possível baixar o criativo: endereço não permitido: a URL aponta para uma rede interna.',
    );
    for (const creative of ['ftp://evil.example/x.png', `/uploads/avatars/${'a'.repeat(32)}.png`]) {
      const foreign = await admin.call('PATCH', `/api/admin/user-offers/${id}`, { creative });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().message).toBe(CREATIVE_NOT_UPLOADED);
    }
    const negative = await admin.call('PATCH', `/api/admin/user-offers/${id}`, { roas: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe('ROAS deve ser um número positivo');
    const empty = await admin.call('PATCH', `/api/admin/user-offers/${id}`, { productTitle: '' });
    expect(empty.json().message).toBe('Título da oferta é obrigatório');
    expect((await rowOf(id))?.productTitle).toBe('Título Revisado');

    const missing = await admin.call('PATCH', `/api/admin/user-offers/${randomUUID()}`, { ads: 1 });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses to edit an approved submission', async () => {
    const member = await session(t, 'member');
    const id = await submitOffer(t, member);
    await admin.call('POST', `/api/admin/user-offers/${id}/approve`);
    const res = await admin.call('PATCH', `/api/admin/user-offers/${id}`, { productTitle: 'Outro' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Oferta já aprovada');
  });

  it('members cannot list, read, edit, approve or reject submissions', async () => {
    const author = await session(t, 'member');
    const id = await submitOffer(t, author);
    for (const [method, url, payload] of [
      ['GET', '/api/admin/user-offers', undefined],
      ['GET', `/api/admin/user-offers/${id}`, undefined],
      ['PATCH', `/api/admin/user-offers/${id}`, { productTitle: 'Invadido' }],
      ['POST', `/api/admin/user-offers/${id}/approve`, {}],
      ['DELETE', `/api/admin/user-offers/${id}`, undefined],
    ] as const) {
      // Even the author of the submission.
      const res = await author.call(method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect(await rowOf(id)).toMatchObject({ productTitle: 'Chá Seca Barriga', state: 'pendente' });
    expect(await pointsOf(author.user.id)).toBe(0);
  });
});
