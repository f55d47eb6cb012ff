import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userEscalatedOffers } from '../../db/schema/index';
import { detectFileType } from '../../lib/file-type';
import { TINY_PNG } from '../../testing/multipart';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SUBMISSIONS_PER_HOUR, TOO_MANY_SUBMISSIONS } from './user-offers.routes';
import { CREATIVE_NOT_UPLOADED } from './user-offers.service';
import { type Session, session, storedCreative, submissionPayload } from './user-offers.test-support';

let t: TestApp;
let member: Session;
let creative: string;
beforeAll(async () => {
  t = await createTestApp();
  member = await session(t, 'member');
  creative = await storedCreative(t);
});
afterAll(() => t.close());

const submit = (payload: Record<string, unknown>) => member.call('POST', '/api/user-offers', payload);

describe('POST /api/user-offers', () => {
  it('stores a pending submission of the member and answers 201', async () => {
    const res = await submit(submissionPayload(creative, { niche: 'Nicho Hot' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Oferta enviada para revisão!', id: expect.any(String) });
    const [row] = await t.db
      .select()
      .from(userEscalatedOffers)
      .where(eq(userEscalatedOffers.id, res.json().id));
    expect(row).toMatchObject({
      userId: member.user.id,
      creative,
      creativeType: 'image',
      productTitle: 'Chá Seca Barriga',
      niche: 'Hot',
      ads: 120,
      roas: 2.75,
      ticketCents: 19790,
      advertiser: '',
      adText: '',
      state: 'pendente',
      refusalReason: null,
      decidedAt: null,
      decidedBy: null,
      offerId: null,
    });
  });

  it('takes the creative type from the stored file, not from the client', async () => {
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(32)]);
    const url = await storedCreative(t, video);
    const res = await submit(submissionPayload(url, { creativeType: 'image' }));
    expect(res.statusCode).toBe(201);
    const [row] = await t.db
      .select({ creativeType: userEscalatedOffers.creativeType })
      .from(userEscalatedOffers)
      .where(eq(userEscalatedOffers.id, res.json().id));
    expect(row?.creativeType).toBe('video');
  });

  it('accepts empty numbers (0), as the form sends them', async () => {
    const res = await submit(
      submissionPayload(creative, {
        ads: '' as unknown as number,
        roas: '' as unknown as number,
        ticket: '' as unknown as number,
      }),
    );
    expect(res.statusCode).toBe(201);
  });

  it("refuses an absent, empty or blank link with the link's own message (a link must be a valid URL)", async () => {
    const messages = {
      advertiserLink: 'Link do anunciante deve ser uma URL válida',
      creativeLink: 'Link do criativo deve ser uma URL válida',
      libraryLink: 'Link da biblioteca deve ser uma URL válida',
      siteLink: 'Link do site deve ser uma URL válida',
    } as const;
    const before = (await t.db.select().from(userEscalatedOffers)).length;
    for (const [field, message] of Object.entries(messages)) {
      const { [field as keyof typeof messages]: _left, ...without } = submissionPayload(creative);
      for (const body of [without, { ...without, [field]: '' }, { ...without, [field]: '   ' }]) {
        const res = await submit(body);
        expect(res.statusCode, `${field}: ${JSON.stringify(body[field as never])}`).toBe(400);
        expect(res.json().message).toBe(message);
      }
    }
    expect(await t.db.select().from(userEscalatedOffers)).toHaveLength(before);
  });

  it('answers each validation rule of the spec with its message', async () => {
    const base = submissionPayload(creative);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, creative: undefined }, 'Upload do criativo é obrigatório'],
      [{ ...base, creative: '' }, 'Upload do criativo é obrigatório'],
      [{ ...base, productTitle: '   ' }, 'Título da oferta é obrigatório'],
      [{ ...base, productTitle: undefined }, 'Título da oferta é obrigatório'],
      [{ ...base, advertiserLink: 'minha-pagina' }, 'Link do anunciante deve ser uma URL válida'],
      [{ ...base, creativeLink: 'javascript:alert(1)' }, 'Link do criativo deve ser uma URL válida'],
      [{ ...base, libraryLink: 'ftp://biblioteca.com' }, 'Link da biblioteca deve ser uma URL válida'],
      [{ ...base, siteLink: 'http://' }, 'Link do site deve ser uma URL válida'],
      [{ ...base, siteLink: 42 }, 'Link do site deve ser uma URL válida'],
      [{ ...base, status: undefined }, 'Status é obrigatório'],
      [{ ...base, status: 'ativo' }, 'Status é obrigatório'],
      [{ ...base, format: '' }, 'Formato é obrigatório'],
      [{ ...base, language: 'Alemão' }, 'Idioma é obrigatório'],
      [{ ...base, niche: undefined }, 'Nicho é obrigatório'],
      [{ ...base, niche: 'Culinária' }, 'Nicho é obrigatório'],
      [{ ...base, ads: -1 }, 'Anúncios ativos deve ser um número positivo'],
      [{ ...base, roas: -0.5 }, 'ROAS deve ser um número positivo'],
      [{ ...base, ticket: '-10' }, 'Ticket médio deve ser um número positivo'],
    ];
    for (const [payload, message] of cases) {
      const res = await submit(payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('accepts only creatives this app stored as creatives', async () => {
    const hex = randomBytes(16).toString('hex');
    const avatar = (await t.app.storage.put(TINY_PNG, detectFileType(TINY_PNG)!, 'avatars')).url;
    for (const foreign of [
      'https://evil.example/criativo.png',
      `/uploads/creatives/${hex}.html`,
      `/uploads/creatives/../avatars/${hex}.png`,
      avatar,
      'data:image/png;base64,iVBORw0KGgo=',
    ]) {
      const res = await submit(submissionPayload(foreign));
      expect(res.statusCode, foreign).toBe(400);
      expect(res.json().message).toBe(CREATIVE_NOT_UPLOADED);
    }
  });

  it(`limits each member to ${SUBMISSIONS_PER_HOUR} submissions an hour (429 in Portuguese, Retry-After); others are not affected`, async () => {
    const flooder = await session(t, 'member');
    const bystander = await session(t, 'member');
    const payload = submissionPayload(creative, { productTitle: 'Oferta em série' });
    for (let i = 0; i < SUBMISSIONS_PER_HOUR; i++) {
      const res = await flooder.call('POST', '/api/user-offers', payload);
      expect(res.statusCode, `envio ${i + 1}`).toBe(201);
    }
    const refused = await flooder.call('POST', '/api/user-offers', payload);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: TOO_MANY_SUBMISSIONS });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 3600).toBe(true);
    const stored = await t.db
      .select({ id: userEscalatedOffers.id })
      .from(userEscalatedOffers)
      .where(eq(userEscalatedOffers.userId, flooder.user.id));
    expect(stored).toHaveLength(SUBMISSIONS_PER_HOUR);

    // Another member (same address) still submits.
    expect((await bystander.call('POST', '/api/user-offers', payload)).statusCode).toBe(201);
  });

  it('is for signed-in members only', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/user-offers',
      payload: submissionPayload(creative),
    });
    expect(res.statusCode).toBe(401);
  });
});
