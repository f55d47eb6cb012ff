import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favorites, offerLikes, offerStatusReports, offers } from '../../db/schema/index';
import { detectFileType } from '../../lib/file-type';
import { uploadsDir } from '../../lib/storage/storage';
import { createMember } from '../../testing/factories';
import { createOffer } from '../../testing/offer-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type Session, signedInAdmin, signedInMember } from './offers.test-support';

let t: TestApp;
let admin: Session;
let member: Session;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  member = await signedInMember(t);
});
afterAll(() => t.close());

const valid = {
  productTitle: 'Emagrece Já',
  advertiser: 'Saúde Total',
  adText: 'Perca 5 kg',
  creative: null,
  creativeType: 'image',
  status: 'escalando',
  niche: 'Emagrecimento',
  format: 'VSL',
  language: 'Português',
  ads: 120,
  roas: 3.456,
  ticket: 97.5,
  links: JSON.stringify({
    criativo: 'https://c.exemplo.com',
    biblioteca: 'https://l.exemplo.com',
    site: 'https://s.exemplo.com',
    anunciante: 'https://a.exemplo.com',
  }),
};
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('permissions', () => {
  it('refuses members (403) and anonymous callers (401) on every admin offer route', async () => {
    const offer = await createOffer(t.db);
    const calls: [Parameters<Session['call']>[0], string, unknown?][] = [
      ['POST', '/api/offers', valid],
      ['PUT', `/api/offers/${offer.id}`, valid],
      ['DELETE', `/api/offers/${offer.id}`],
      ['GET', '/api/admin/offers'],
      ['PATCH', `/api/admin/offers/${offer.id}/toggle-visibility`],
      ['DELETE', `/api/admin/offers/${offer.id}`],
    ];
    for (const [method, url, payload] of calls) {
      const asMember = await member.call(method, url, payload as Record<string, unknown>);
      expect(asMember.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await t.request({ method, url, ...(payload ? { payload: payload as object } : {}) });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
    const [row] = await t.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(row).toMatchObject({ visible: true, productTitle: offer.productTitle });
  });
});

describe('POST /api/offers', () => {
  it('publishes the offer: ticket in cents, links normalised, the administrator as author', async () => {
    const res = await admin.call('POST', '/api/offers', {
      ...valid,
      links: JSON.stringify({ creativeUrl: 'https://c.exemplo.com', siteLink: 'https://s.exemplo.com' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).toMatchObject({
      productTitle: 'Emagrece Já',
      ticket: 97.5,
      roas: 3.46,
      ads: 120,
      visible: true,
      likeCount: 0,
      userId: admin.user.id,
      userName: 'Administrador',
      links: {
        criativo: 'https://c.exemplo.com',
        biblioteca: null,
        site: 'https://s.exemplo.com',
        anunciante: null,
      },
      statusReports: { ativo: 0, inativo: 0 },
    });
    const [row] = await t.db.select().from(offers).where(eq(offers.id, body.id));
    expect(row?.ticketCents).toBe(9750);
    expect(JSON.parse(row!.links)).toEqual({
      criativo: 'https://c.exemplo.com',
      biblioteca: null,
      site: 'https://s.exemplo.com',
      anunciante: null,
    });
    const seen = await member.call('GET', `/api/offers/${body.id}`);
    expect(seen.statusCode).toBe(200);
  });

  it('accepts links as an object, numbers as text read the Brazilian way, blank as 0', async () => {
    const res = await admin.call('POST', '/api/offers', {
      ...valid,
      links: { anunciante: 'https://a.exemplo.com' },
      ticket: '1.234,56',
      ads: '',
      roas: '3,4',
      niche: 'Nicho Hot',
      creative: '',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ ticket: 1234.56, ads: 0, roas: 3.4, niche: 'Hot', creative: null });
    const [row] = await t.db.select().from(offers).where(eq(offers.id, res.json().id));
    expect(row?.ticketCents).toBe(123456);
    expect(res.json().links.anunciante).toBe('https://a.exemplo.com');
  });

  it.each([
    [{ productTitle: undefined }, 'Título é obrigatório'],
    [{ productTitle: '   ' }, 'Título é obrigatório'],
    [{ productTitle: 123 }, 'Título é obrigatório'],
    [{ advertiser: '' }, 'Anunciante é obrigatório'],
    [{ status: undefined }, 'Status é obrigatório'],
    [{ status: 'ativo' }, 'Status é obrigatório'],
    [{ niche: 'Culinária' }, 'Nicho é obrigatório'],
    [{ format: undefined }, 'Formato é obrigatório'],
    [{ language: 'Alemão' }, 'Idioma é obrigatório'],
    [{ ads: -1 }, 'Anúncios deve ser um número positivo'],
    [{ ads: 1.5 }, 'Anúncios deve ser um número inteiro'],
    [{ roas: -2 }, 'ROAS deve ser um número positivo'],
    [{ ticket: '-10' }, 'Ticket deve ser um número positivo'],
    [
      { ticket: '1,234.56' },
      'Ticket deve ser um número positivo. Use vírgula para os centavos, como 1.234,56.',
    ],
    [
      { ticket: '19,999' },
      'Ticket deve ser um número positivo. Use no máximo 2 casas decimais, como 1.234,56.',
    ],
    [{ roas: 'abc' }, 'ROAS deve ser um número positivo. Use vírgula para as casas decimais, como 2,5.'],
    [{ roas: '1e3' }, 'ROAS deve ser um número positivo. Use vírgula para as casas decimais, como 2,5.'],
    [{ ads: '1,5' }, 'Anúncios deve ser um número inteiro'],
    [{ ads: true }, 'Anúncios deve ser um número positivo'],
    [{ ticket: 1e12 }, 'Ticket deve ser um número positivo'],
    [{ links: '{não é json' }, 'Links da oferta em formato inválido.'],
    [{ links: '[1]' }, 'Links da oferta em formato inválido.'],
    [{ creative: 'javascript:alert(1)' }, 'Criativo deve ser um arquivo enviado ou uma URL http(s) válida.'],
    [
      { creative: 'data:image/png;base64,AAAA' },
      'Criativo deve ser um arquivo enviado ou uma URL http(s) válida.',
    ],
    [
      { creative: '/uploads/creatives/../../x.png' },
      'Criativo deve ser um arquivo enviado ou uma URL http(s) válida.',
    ],
    [
      { creative: `/uploads/avatars/${'a'.repeat(32)}.png` },
      'Criativo deve ser um arquivo enviado ou uma URL http(s) válida.',
    ],
  ])('refuses %j with 400 %s', async (change, message) => {
    const before = (await t.db.select({ id: offers.id }).from(offers)).length;
    const res = await admin.call('POST', '/api/offers', { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect((await t.db.select({ id: offers.id }).from(offers)).length).toBe(before);
  });

  it('refuses wrong types (creativeType, links number, array body) with 400', async () => {
    for (const payload of [{ ...valid, creativeType: 'pdf' }, { ...valid, links: 5 }, [valid]]) {
      const res = await admin.call('POST', '/api/offers', payload as object);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('PUT /api/offers/:id', () => {
  it('replaces the fields, moves updatedAt and keeps author, likes and visibility', async () => {
    const author = await createMember(t.db);
    const created = await createOffer(t.db, {
      userId: author.id,
      likeCount: 7,
      visible: false,
      createdAt: new Date('2024-01-01T00:00:00Z'),
      updatedAt: new Date('2024-01-01T00:00:00Z'),
    });
    const res = await admin.call('PUT', `/api/offers/${created.id}`, {
      ...valid,
      productTitle: 'Novo título',
      ticket: 10,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: created.id,
      productTitle: 'Novo título',
      ticket: 10,
      userId: author.id,
      likeCount: 7,
      visible: false,
      createdAt: '2024-01-01T00:00:00.000Z',
    });
    expect(new Date(body.updatedAt).getTime()).toBeGreaterThan(Date.parse('2024-01-02'));
  });

  it('answers 404 for an unknown offer and 400 for a bad payload', async () => {
    const missing = await admin.call('PUT', '/api/offers/nao-existe', valid);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Oferta não encontrada' });
    const offer = await createOffer(t.db);
    const bad = await admin.call('PUT', `/api/offers/${offer.id}`, { ...valid, status: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Status é obrigatório' });
  });

  it('removes a replaced stored creative unless another offer still shows it', async () => {
    const type = detectFileType(PNG)!;
    const stored = await t.app.storage.put(PNG, type, 'creatives');
    const shared = await t.app.storage.put(PNG, type, 'creatives');
    const file = (url: string) => path.join(uploadsDir(t.config), url.replace('/uploads/', ''));
    const offer = (await admin.call('POST', '/api/offers', { ...valid, creative: stored.url })).json();
    const first = (await admin.call('POST', '/api/offers', { ...valid, creative: shared.url })).json();
    await admin.call('POST', '/api/offers', { ...valid, creative: shared.url });
    expect(existsSync(file(stored.url))).toBe(true);

    await admin.call('PUT', `/api/offers/${offer.id}`, {
      ...valid,
      creative: null,
    });
    expect(existsSync(file(stored.url))).toBe(false);
    await admin.call('DELETE', `/api/offers/${first.id}`);
    expect(existsSync(file(shared.url))).toBe(true);
  });
});

describe('delete and visibility', () => {
  it.each(['/api/offers', '/api/admin/offers'])(
    'DELETE %s/:id removes the offer with its likes, favourites and votes',
    async (base) => {
      const offer = await createOffer(t.db);
      await t.db.insert(offerLikes).values({ offerId: offer.id, userId: member.user.id });
      await t.db.insert(favorites).values({ offerId: offer.id, userId: member.user.id });
      await t.db
        .insert(offerStatusReports)
        .values({ offerId: offer.id, userId: member.user.id, reportedStatus: 'ativo' });
      const res = await admin.call('DELETE', `${base}/${offer.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Oferta excluída' });
      expect(await t.db.select().from(offers).where(eq(offers.id, offer.id))).toEqual([]);
      expect(await t.db.select().from(favorites).where(eq(favorites.offerId, offer.id))).toEqual([]);
      const again = await admin.call('DELETE', `${base}/${offer.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'Oferta não encontrada' });
    },
  );

  it('toggles visibility: hidden offers leave the member catalogue and come back', async () => {
    const offer = await createOffer(t.db, { productTitle: 'Vai e volta' });
    const hide = await admin.call('PATCH', `/api/admin/offers/${offer.id}/toggle-visibility`);
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({
      id: offer.id,
      visible: false,
      statusReports: { ativo: 0, inativo: 0 },
    });
    expect(hide.json()).not.toHaveProperty('userName');
    expect((await member.call('GET', `/api/offers/${offer.id}`)).statusCode).toBe(404);
    const page = (await member.call('GET', '/api/offers?search=Vai%20e%20volta')).json();
    expect(page.total).toBe(0);
    expect((await member.call('POST', '/api/favorites', { offerId: offer.id })).statusCode).toBe(404);

    const show = await admin.call('PATCH', `/api/admin/offers/${offer.id}/toggle-visibility`);
    expect(show.json()).toMatchObject({ visible: true });
    expect((await member.call('GET', '/api/offers?search=Vai%20e%20volta')).json().total).toBe(1);

    const missing = await admin.call('PATCH', '/api/admin/offers/nao-existe/toggle-visibility');
    expect(missing.statusCode).toBe(404);
  });
});
