import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, userEscalatedOffers, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  type Session,
  session,
  storedCreative,
  submissionPayload,
  submitOffer,
} from './user-offers.test-support';

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
const approve = (id: string) => admin.call('POST', `/api/admin/user-offers/${id}/approve`);
const refuse = (id: string, body?: Record<string, unknown>) =>
  admin.call('DELETE', `/api/admin/user-offers/${id}`, body);

interface Notice {
  title: string;
  description: string;
  link: string | null;
  isRead: boolean;
}
const noticesOf = async (who: Session): Promise<Notice[]> =>
  (await who.call('GET', '/api/notifications')).json();
const pendingCount = async (): Promise<number> =>
  (await admin.call('GET', '/api/admin/stats')).json().userOffers;

describe("'Minhas ofertas': GET /api/user-offers/mine", () => {
  it("lists only the caller's submissions, newest first, with each state, reason, decision date and offer", async () => {
    const ana = await session(t, 'member');
    const other = await session(t, 'member');
    const waiting = await submitOffer(t, ana, { productTitle: 'Em análise' });
    const approved = await submitOffer(t, ana, { productTitle: 'Vai ser aprovada' });
    const refused = await submitOffer(t, ana, { productTitle: 'Vai ser recusada' });
    const notMine = await submitOffer(t, other, { productTitle: 'De outro membro' });
    const { offerId } = (await approve(approved)).json();
    expect((await refuse(refused, { reason: '  Página fora do ar.  ' })).statusCode).toBe(200);

    const res = await ana.call('GET', '/api/user-offers/mine');
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((o: { id: string }) => o.id)).toEqual([refused, approved, waiting]);
    expect(list.map((o: { id: string }) => o.id)).not.toContain(notMine);
    expect(list[0]).toEqual({
      id: refused,
      productTitle: 'Vai ser recusada',
      state: 'recusada',
      reason: 'Página fora do ar.',
      createdAt: expect.any(String),
      decidedAt: expect.any(String),
    });
    expect(list[1]).toEqual({
      id: approved,
      productTitle: 'Vai ser aprovada',
      state: 'aprovada',
      createdAt: expect.any(String),
      decidedAt: expect.any(String),
      offerId,
    });
    expect(list[2]).toEqual({
      id: waiting,
      productTitle: 'Em análise',
      state: 'pendente',
      createdAt: expect.any(String),
    });
    expect(Date.parse(list[0].decidedAt)).toBeGreaterThanOrEqual(Date.parse(list[0].createdAt));

    // The other member sees only theirs; the administrator (who submitted nothing) sees none.
    const others = (await other.call('GET', '/api/user-offers/mine')).json();
    expect(others.map((o: { id: string }) => o.id)).toEqual([notMine]);
    expect((await admin.call('GET', '/api/user-offers/mine')).json()).toEqual([]);
  });

  it('an approved submission whose catalogue offer was deleted keeps its state without a link', async () => {
    const member = await session(t, 'member');
    const id = await submitOffer(t, member);
    const { offerId } = (await approve(id)).json();
    await t.db.delete(offers).where(eq(offers.id, offerId));
    const [item] = (await member.call('GET', '/api/user-offers/mine')).json();
    expect(item).toMatchObject({ id, state: 'aprovada' });
    expect(item).not.toHaveProperty('offerId');
  });

  it('is for signed-in members only', async () => {
    const res = await t.request({ method: 'GET', url: '/api/user-offers/mine' });
    expect(res.statusCode).toBe(401);
  });
});

describe('refusal: DELETE /api/admin/user-offers/{id} with an optional reason', () => {
  it("keeps the submission as 'recusada' with the reason, when and by whom, and its creative file", async () => {
    const member = await session(t, 'member');
    const id = await submitOffer(t, member);
    const creative = (await rowOf(id))!.creative!;
    const pendingBefore = await pendingCount();
    const before = Date.now();

    const res = await refuse(id, { reason: '  Oferta já está no catálogo.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Oferta rejeitada' });

    const row = await rowOf(id);
    expect(row).toMatchObject({
      state: 'recusada',
      refusalReason: 'Oferta já está no catálogo.',
      decidedBy: admin.user.id,
      offerId: null,
    });
    expect(row!.decidedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await fileStatus(creative)).toBe(200);
    expect(await pointsOf(member.user.id)).toBe(0);
    // Out of the review queue and its counters; the detail still shows what happened.
    const pending = (await admin.call('GET', '/api/admin/user-offers')).json();
    expect(pending.map((o: { id: string }) => o.id)).not.toContain(id);
    expect(await pendingCount()).toBe(pendingBefore - 1);
    const detail = (await admin.call('GET', `/api/admin/user-offers/${id}`)).json();
    expect(detail).toMatchObject({
      state: 'recusada',
      reason: 'Oferta já está no catálogo.',
      isApproved: false,
    });
    expect(detail.decidedAt).toEqual(expect.any(String));
    expect(detail.approvedAt).toBeNull();
  });

  it('without a body, or with a blank reason, records no reason', async () => {
    const member = await session(t, 'member');
    const silent = await submitOffer(t, member, { productTitle: 'Sem corpo' });
    const blank = await submitOffer(t, member, { productTitle: 'Motivo em branco' });
    expect((await refuse(silent)).statusCode).toBe(200);
    expect((await refuse(blank, { reason: '   ' })).statusCode).toBe(200);
    expect((await rowOf(silent))?.refusalReason).toBeNull();
    expect((await rowOf(blank))?.refusalReason).toBeNull();
    const mine = (await member.call('GET', '/api/user-offers/mine')).json();
    for (const item of mine) expect(item).not.toHaveProperty('reason');
    const notices = await noticesOf(member);
    expect(notices.map((n) => n.description)).toEqual([
      'Sua oferta "Motivo em branco" foi recusada.',
      'Sua oferta "Sem corpo" foi recusada.',
    ]);
  });

  it('refuses a reason over 500 characters, or not text, in Portuguese and leaves the submission pending', async () => {
    const member = await session(t, 'member');
    const id = await submitOffer(t, member);
    const long = await refuse(id, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('O motivo pode ter no máximo 500 caracteres.');
    const wrong = await refuse(id, { reason: 42 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Motivo inválido.');
    expect((await rowOf(id))?.state).toBe('pendente');
    expect(await noticesOf(member)).toEqual([]);
    // Exactly 500 is accepted.
    expect((await refuse(id, { reason: 'y'.repeat(500) })).statusCode).toBe(200);
    expect((await rowOf(id))?.refusalReason).toHaveLength(500);
  });
});

describe('notices to the submitter', () => {
  it('approval and refusal each put a notice in the submitter’s bell only, linking to Subir Oferta', async () => {
    const author = await session(t, 'member');
    const bystander = await session(t, 'member');
    const approved = await submitOffer(t, author, { productTitle: 'Método Seca Barriga' });
    const refused = await submitOffer(t, author, { productTitle: 'Cápsula Milagrosa' });
    await approve(approved);
    await refuse(refused, { reason: 'Promessa de saúde sem comprovação.' });

    expect(await noticesOf(author)).toEqual([
      expect.objectContaining({
        title: 'Oferta recusada',
        description:
          'Sua oferta "Cápsula Milagrosa" foi recusada.\nMotivo: Promessa de saúde sem comprovação.',
        link: '/dashboard?tab=subir-oferta',
        isRead: false,
      }),
      expect.objectContaining({
        title: 'Oferta aprovada',
        description:
          'Sua oferta "Método Seca Barriga" foi aprovada e já está no catálogo de Ofertas Escaladas. Você ganhou 10 pontos.',
        link: '/dashboard?tab=subir-oferta',
        isRead: false,
      }),
    ]);
    expect((await author.call('GET', '/api/notifications/unread-count')).json()).toMatchObject({ count: 2 });
    expect(await noticesOf(bystander)).toEqual([]);
    const adminTitles = (await noticesOf(admin)).map((n) => n.title);
    expect(adminTitles).not.toContain('Oferta aprovada');
    expect(adminTitles).not.toContain('Oferta recusada');
    // Personal notices stay out of the administrator's history of notices to everyone.
    const history = (await admin.call('GET', '/api/admin/notifications')).json();
    expect(history.map((n: { title: string }) => n.title)).not.toContain('Oferta aprovada');
  });
});

describe('a decision is made once', () => {
  it('approved or refused, a submission can no longer be approved, refused or edited (409), with no second effect', async () => {
    const member = await session(t, 'member');
    const approved = await submitOffer(t, member);
    const refused = await submitOffer(t, member);
    await approve(approved);
    await refuse(refused, { reason: 'Duplicada.' });
    const noticesBefore = (await noticesOf(member)).length;

    for (const [id, message] of [
      [approved, 'Oferta já aprovada'],
      [refused, 'Oferta já recusada'],
    ] as const) {
      for (const res of [
        await approve(id),
        await refuse(id, { reason: 'De novo' }),
        await admin.call('PATCH', `/api/admin/user-offers/${id}`, { productTitle: 'Outro título' }),
      ]) {
        expect(res.statusCode).toBe(409);
        expect(res.json().message).toBe(message);
      }
    }
    expect(await rowOf(approved)).toMatchObject({ state: 'aprovada', refusalReason: null });
    expect(await rowOf(refused)).toMatchObject({
      state: 'recusada',
      refusalReason: 'Duplicada.',
      offerId: null,
      productTitle: 'Chá Seca Barriga',
    });
    expect(await pointsOf(member.user.id)).toBe(10);
    expect(await noticesOf(member)).toHaveLength(noticesBefore);
    const created = await t.db.select().from(offers).where(eq(offers.userId, member.user.id));
    expect(created).toHaveLength(1);

    const missing = randomUUID();
    expect((await refuse(missing)).statusCode).toBe(404);
    expect((await refuse(missing)).json().message).toBe('Oferta não encontrada');
  });

  it('an approval and a refusal at the same time: exactly one wins, with its one notice', async () => {
    const member = await session(t, 'member');
    const id = await submitOffer(t, member);
    const results = await Promise.all([approve(id), refuse(id, { reason: 'Corrida' }), approve(id)]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
    const row = await rowOf(id);
    const notices = await noticesOf(member);
    expect(notices).toHaveLength(1);
    if (row?.state === 'aprovada') {
      expect(notices[0]?.title).toBe('Oferta aprovada');
      expect(await pointsOf(member.user.id)).toBe(10);
    } else {
      expect(row).toMatchObject({ state: 'recusada', refusalReason: 'Corrida' });
      expect(notices[0]?.title).toBe('Oferta recusada');
      expect(await pointsOf(member.user.id)).toBe(0);
    }
  });
});

describe("the advertiser's name and the ad text", () => {
  it('are stored trimmed, carried to the catalogue offer on approval and found by the catalogue search', async () => {
    const member = await session(t, 'member', { name: 'Rafaela Costa' });
    const adText = '  Descubra o chá xilofônico que seca a barriga em 21 dias.  ';
    const id = await submitOffer(t, member, { advertiser: '  Vida Leve Naturais ', adText });
    expect(await rowOf(id)).toMatchObject({
      advertiser: 'Vida Leve Naturais',
      adText: adText.trim(),
    });
    const { offerId } = (await approve(id)).json();
    const [offer] = await t.db.select().from(offers).where(eq(offers.id, offerId));
    expect(offer).toMatchObject({ advertiser: 'Vida Leve Naturais', adText: adText.trim() });

    const found = (await member.call('GET', '/api/offers?search=xilof%C3%B4nico')).json();
    expect(found.items.map((o: { id: string }) => o.id)).toEqual([offerId]);
    expect(found.items[0]).toMatchObject({ advertiser: 'Vida Leve Naturais' });
  });

  it('without a typed name the card keeps naming the advertiser by its link', async () => {
    const member = await session(t, 'member');
    const id = await submitOffer(t, member, { advertiser: '   ' });
    const { offerId } = (await approve(id)).json();
    const [offer] = await t.db.select().from(offers).where(eq(offers.id, offerId));
    expect(offer).toMatchObject({ advertiser: 'vidaleve.example.com', adText: '' });
  });

  it('refuses a name over 200 or a text over 5,000 characters with a Portuguese message', async () => {
    const member = await session(t, 'member');
    const tooLongName = await member.call('POST', '/api/user-offers', {
      ...submissionPayload(await storedCreative(t)),
      advertiser: 'a'.repeat(201),
    });
    expect(tooLongName.statusCode).toBe(400);
    expect(tooLongName.json().message).toBe('O nome do anunciante pode ter no máximo 200 caracteres.');
    const tooLongText = await member.call('POST', '/api/user-offers', {
      ...submissionPayload(await storedCreative(t)),
      adText: 'a'.repeat(5001),
    });
    expect(tooLongText.statusCode).toBe(400);
    expect(tooLongText.json().message).toBe('O texto do anúncio pode ter no máximo 5.000 caracteres.');
    expect((await member.call('GET', '/api/user-offers/mine')).json()).toEqual([]);
  });

  it("the administrator's edit changes or clears them, and leaves them when the PATCH does not carry them", async () => {
    const member = await session(t, 'member');
    const id = await submitOffer(t, member, { advertiser: 'Nome Antigo', adText: 'Texto antigo' });
    const edited = await admin.call('PATCH', `/api/admin/user-offers/${id}`, {
      advertiser: 'Nome Novo',
      adText: 'Texto novo',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ advertiser: 'Nome Novo', adText: 'Texto novo' });
    await admin.call('PATCH', `/api/admin/user-offers/${id}`, { productTitle: 'Só o título' });
    expect(await rowOf(id)).toMatchObject({ advertiser: 'Nome Novo', adText: 'Texto novo' });
    await admin.call('PATCH', `/api/admin/user-offers/${id}`, { advertiser: '', adText: '' });
    expect(await rowOf(id)).toMatchObject({ advertiser: '', adText: '' });
    const tooLong = await admin.call('PATCH', `/api/admin/user-offers/${id}`, { adText: 'b'.repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
  });
});
