import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNNEL_STEPS, type FunnelMap } from '../../../shared/schemas/funnel';
import { offerFunnelMaps, offers, slugScans } from '../../db/schema/index';
import { tryMemberLock } from '../../lib/member-lock';
import { createAdmin, signIn } from '../../testing/factories';
import { startFunnelSite } from '../../testing/funnel-sites';
import { createOffer } from '../../testing/offer-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { storeScanFunnel } from '../funnel/funnel-store.repo';
import { balanceAndLedger, memberWithBalance } from '../slug-checker/slug-checker.test-support';
import { insertFunnelMapFromScan } from './funnel-map.repo';

let t: TestApp;
let site: Awaited<ReturnType<typeof startFunnelSite>>;
let host: string;
beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_NETWORK_TARGETS: '1' });
  // The Hotmart-style funnel in Portuguese of the funnel module's tests.
  site = await startFunnelSite('hotmart-pt');
  host = new URL(site.origin).host;
});
afterAll(async () => {
  await site.close();
  await t.close();
});

const offerOn = (siteLink: string, overrides: Parameters<typeof createOffer>[1] = {}) =>
  createOffer(t.db, { links: JSON.stringify({ site: siteLink }), ...overrides });

const post = (offerId: string, cookie: string) =>
  t.request({ method: 'POST', url: `/api/offers/${offerId}/funnel-map`, headers: { cookie } });
const get = (offerId: string, cookie: string) =>
  t.request({ method: 'GET', url: `/api/offers/${offerId}/funnel-map`, headers: { cookie } });

describe('the funnel kept on an offer', () => {
  it('maps the site once (R$ 1,00), then every member reads it free; a second map the same day charges nobody', async () => {
    const offer = await offerOn(site.origin);
    const first = await memberWithBalance(t.db, 500);
    const other = await memberWithBalance(t.db, 500);

    const none = await get(offer.id, other.cookie);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Ninguém mapeou o funil desta oferta ainda.');

    const res = await post(offer.id, first.cookie);
    expect(res.statusCode).toBe(200);
    const map = res.json() as FunnelMap;
    expect(map.mappedBy).toBe(first.user.name);
    expect(map.domain).toBe(host);
    const steps = map.funnel.map((e) => [e.step, new URL(e.url).pathname]);
    expect(steps).toContainEqual(['Página de vendas / VSL', '/']);
    expect(steps).toContainEqual(['Upsell', '/oferta-especial']);
    expect(steps).toContainEqual(['Obrigado', '/obrigado']);
    // A page only linked from another one (no wordlist has it) is found one hop out.
    expect(map.funnel.some((e) => e.url.endsWith('/bonus-exclusivo-x7'))).toBe(true);
    const checkout = map.funnel.find((e) => e.checkout?.productCode === 'X12345678Y');
    expect(checkout).toMatchObject({
      step: 'Checkout',
      status: 0,
      checkout: { platform: 'Hotmart', productCode: 'X12345678Y', price: 197 },
    });
    const sales = map.funnel.find((e) => e.step === 'Página de vendas / VSL');
    expect(sales?.tools).toContainEqual({ kind: 'player', name: 'ConverteAI / Vturb' });
    // Funnel order: every step at or after the one before it.
    const ranks = map.funnel.map((e) => FUNNEL_STEPS.indexOf(e.step));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    // Nothing but the scanned site was asked: the checkout links are never requested.
    expect((await balanceAndLedger(t.db, first.user.id)).balance).toBe(400);

    const read = await get(offer.id, other.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(map);

    const again = await post(offer.id, other.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json().mappedAt).toBe(map.mappedAt);
    expect((await balanceAndLedger(t.db, other.user.id)).balance).toBe(500);
    expect(
      await t.db.select().from(offerFunnelMaps).where(eq(offerFunnelMaps.offerId, offer.id)),
    ).toHaveLength(1);
  });

  it('is free for the administrator (no ledger line)', async () => {
    const offer = await offerOn(`${site.origin}/`);
    const admin = await createAdmin(t.db);
    const cookie = await signIn(t.db, admin.id);
    const res = await post(offer.id, cookie);
    expect(res.statusCode).toBe(200);
    const after = await balanceAndLedger(t.db, admin.id);
    expect(after.slugCheckRows).toBe(0);
  });

  it('refuses plainly: no balance (402, nothing kept), no site link (422), a hidden or missing offer (404)', async () => {
    const poor = await memberWithBalance(t.db, 0);
    const offer = await offerOn(site.origin);
    const broke = await post(offer.id, poor.cookie);
    expect(broke.statusCode).toBe(402);
    expect(broke.json().message).toMatch(/^Saldo insuficiente/);
    expect(
      await t.db.select().from(offerFunnelMaps).where(eq(offerFunnelMaps.offerId, offer.id)),
    ).toHaveLength(0);

    const rich = await memberWithBalance(t.db, 500);
    const noSite = await offerOn('');
    const refused = await post(noSite.id, rich.cookie);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Esta oferta não tem link do site para mapear o funil.');

    const hidden = await offerOn(site.origin);
    await t.db.update(offers).set({ visible: false }).where(eq(offers.id, hidden.id));
    expect((await post(hidden.id, rich.cookie)).statusCode).toBe(404);
    expect((await get(hidden.id, rich.cookie)).statusCode).toBe(404);
    expect((await post('nao-existe', rich.cookie)).statusCode).toBe(404);
    expect((await balanceAndLedger(t.db, rich.user.id)).balance).toBe(500);
  });

  it("answers 202 while another member's map of the offer runs (any instance: the lock is PostgreSQL's), charging nothing", async () => {
    const offer = await offerOn(site.origin);
    const lock = await tryMemberLock(t.app, 'funnel_map', offer.id);
    expect(lock).not.toBeNull();
    try {
      const waiting = await memberWithBalance(t.db, 500);
      const res = await post(offer.id, waiting.cookie);
      expect(res.statusCode).toBe(202);
      expect(res.json().message).toBe(
        'O funil desta oferta está sendo mapeado agora por outro membro. O mapa aparece aqui em instantes, sem custo.',
      );
      expect((await balanceAndLedger(t.db, waiting.user.id)).balance).toBe(500);
    } finally {
      await lock?.release();
    }
  });

  it("a map kept while the scan's pictures are being stored gets the pictures", async () => {
    const offer = await offerOn(site.origin);
    const member = await memberWithBalance(t.db, 500);
    const res = await post(offer.id, member.cookie);
    expect(res.statusCode).toBe(200);
    const [kept] = await t.db.select().from(offerFunnelMaps).where(eq(offerFunnelMaps.offerId, offer.id));
    if (!kept?.scanId) throw new Error('o mapa não guardou a verificação');
    const scanId = kept.scanId;
    // Back to the moment the scan ended: pictures pending, no map on the offer yet.
    await t.db.delete(offerFunnelMaps).where(eq(offerFunnelMaps.id, kept.id));
    await t.db.update(slugScans).set({ funnelScreenshotsPending: true }).where(eq(slugScans.id, scanId));
    const pictured = kept.funnel.map((e) =>
      e.status === 200 ? { ...e, screenshotUrl: `/files/funnels/${e.title.length}.webp` } : e,
    );
    expect(pictured.some((e) => e.screenshotUrl)).toBe(true);

    // The pictures' transaction has written the scan and found no map to update when the map is kept.
    let inserting: ReturnType<typeof insertFunnelMapFromScan> | undefined;
    await t.db.transaction(async (tx) => {
      await storeScanFunnel(tx, scanId, pictured);
      inserting = insertFunnelMapFromScan(t.db, {
        offerId: offer.id,
        mappedBy: member.user.id,
        mappedByName: member.user.name,
        day: kept.day,
        scanId,
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const row = await inserting;
    expect(row?.screenshotsPending).toBe(false);
    expect(row?.funnel).toEqual(pictured);
  });
});
