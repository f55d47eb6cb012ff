import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, saoPauloDay } from '../../../shared/sao-paulo-day';
import type { MemberNotification } from '../../../shared/schemas/notifications';
import { createDatabase } from '../../db/client';
import { createOffer } from '../../testing/offer-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { alertChanges, alertKinds, sweepScalingAlerts } from './offer-alerts.service';
import { type Session, signedInAdmin, signedInMember } from './offers.test-support';

let t: TestApp;
let admin: Session;
const today = saoPauloDay();
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const postCount = (offerId: string, body: object) =>
  admin.call('POST', `/api/admin/offers/${offerId}/ad-counts`, body);
const follow = async (member: Session, offerId: string) =>
  expect((await member.call('POST', '/api/favorites', { offerId })).statusCode).toBe(201);
const bell = async (member: Session): Promise<MemberNotification[]> =>
  (await member.call('GET', '/api/notifications')).json();
/** An offer created 60 days ago whose count was `ads` 8 days ago (the 7-day baseline). */
async function steadyOffer(title: string, ads: number) {
  const offer = await createOffer(t.db, {
    productTitle: title,
    ads,
    createdAt: new Date(Date.now() - 60 * DAY_MS),
  });
  expect((await postCount(offer.id, { ads, date: addDays(today, -8) })).statusCode).toBe(200);
  return offer;
}

describe('alerts on followed offers', () => {
  it('names the changes: Escalando, and the highest threshold crossed upwards', () => {
    const at = (ads: number, momentum: 'escalando' | 'estavel') => ({
      ads,
      momentum,
      growth7d: null,
      firstSeen: today,
      lastSeen: today,
    });
    expect(alertKinds(at(40, 'estavel'), at(60, 'escalando'))).toEqual(['escalando', 'ads-50']);
    expect(alertKinds(at(40, 'estavel'), at(250, 'estavel'))).toEqual(['ads-50', 'ads-100', 'ads-200']);
    expect(alertKinds(at(120, 'escalando'), at(90, 'escalando'))).toEqual([]);
    expect(alertKinds(at(100, 'estavel'), at(100, 'estavel'))).toEqual([]);
    expect(alertChanges(['escalando', 'ads-50', 'ads-100'])).toBe('está Escalando e passou de 100 anúncios');
    expect(alertChanges(['ads-200'])).toBe('passou de 200 anúncios');
  });

  it('tells a follower once per offer, kind and day; never a member who does not follow it', async () => {
    const follower = await signedInMember(t);
    const other = await signedInMember(t);
    const offer = await steadyOffer('Chá da Tarde Alerta', 40);
    await follow(follower, offer.id);

    // 40 → 60 in 8 days: +50 % and +20 ads (Escalando) and past 50.
    expect((await postCount(offer.id, { ads: 60 })).statusCode).toBe(200);
    const told = await bell(follower);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'Chá da Tarde Alerta está Escalando e passou de 50 anúncios',
      link: `/detalhes-oferta/${offer.id}`,
      isRead: false,
    });
    expect(told[0]?.description).toBe(
      'Uma oferta dos seus Favoritos está Escalando e passou de 50 anúncios: agora com 60 anúncios ativos (+20 em 7 dias).',
    );
    expect(await bell(other)).toEqual([]);

    // The count wobbles around 50 the same day: nothing more.
    await postCount(offer.id, { ads: 45 });
    await postCount(offer.id, { ads: 55 });
    expect(await bell(follower)).toHaveLength(1);

    // Another threshold the same day is news.
    await postCount(offer.id, { ads: 130 });
    const now = await bell(follower);
    expect(now).toHaveLength(2);
    expect(now[0]?.title).toBe('Chá da Tarde Alerta passou de 100 anúncios');
  });

  it("the administrator's edit of the count alerts too; a hidden offer alerts nobody", async () => {
    const follower = await signedInMember(t);
    const shown = await steadyOffer('Oferta Editada Alerta', 90);
    const hidden = await steadyOffer('Oferta Oculta Alerta', 90);
    await follow(follower, shown.id);
    await follow(follower, hidden.id);
    await t.db.execute(`update offers set visible = false where id = '${hidden.id}'`);

    const detail = (await admin.call('GET', `/api/offers/${shown.id}`)).json();
    const edited = await admin.call('PUT', `/api/offers/${shown.id}`, {
      ...detail,
      links: JSON.stringify(detail.links),
      ads: 101,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await postCount(hidden.id, { ads: 150 });
    const told = await bell(follower);
    expect(told.map((n) => n.title)).toEqual(['Oferta Editada Alerta passou de 100 anúncios']);
  });

  it('the sweep tells followers of offers the passing days turned Escalando, once, with two instances sweeping', async () => {
    const follower = await signedInMember(t);
    const offer = await createOffer(t.db, {
      productTitle: 'Oferta Sétimo Dia',
      ads: 60,
      createdAt: new Date(`${addDays(today, -7)}T15:00:00Z`),
    });
    // Points written as history (no route, so no alert at write time): Novo until yesterday, Escalando today.
    await t.db.execute(
      `insert into offer_ad_counts (offer_id, day, ads) values ('${offer.id}', '${addDays(today, -7)}', 20),
        ('${offer.id}', '${today}', 60)`,
    );
    await follow(follower, offer.id);
    const second = createDatabase(t.config.DATABASE_URL!, { max: 2 });
    try {
      const swept = await Promise.all([sweepScalingAlerts(t.db), sweepScalingAlerts(second.db)]);
      expect(swept.some((n) => n !== null && n >= 1)).toBe(true);
      expect(await sweepScalingAlerts(second.db)).toBeGreaterThanOrEqual(1);
    } finally {
      await second.close();
    }
    const told = await bell(follower);
    expect(told.map((n) => n.title)).toEqual(['Oferta Sétimo Dia está Escalando']);
  });
});
