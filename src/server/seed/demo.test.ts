import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariantUrl } from '../../shared/image-variants';
import { videoEmbedOf } from '../../shared/live-call-embed';
import { OFFER_FORMATS, OFFER_LANGUAGES, OFFER_NICHES, OFFER_STATUSES } from '../../shared/schemas/offers';
import { banners, liveCalls, offers, userEscalatedOffers, users } from '../db/schema/index';
import { detectFileType } from '../lib/file-type';
import { type Session, session } from '../modules/user-offers/user-offers.test-support';
import { uploadsDir } from '../plugins/storage';
import { createTestApp, type TestApp } from '../testing/test-app';
import { seedDemoContent } from './demo';
import { DEMO_BANNER_LINK } from './demo-catalogue';
import { DEMO_MEMBERS } from './demo-offers';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  // The administrator exists before the seed, as on a real start (ensureAdmin runs first).
  admin = await session(t, 'admin');
});
afterAll(() => t.close());

const seed = () => seedDemoContent(t.db, t.config, t.app.storage);
const countFiles = async () => {
  const root = uploadsDir(t.config);
  const folders = await Promise.all(
    ['creatives', 'banners'].map((f) => readdir(path.join(root, f)).catch(() => [] as string[])),
  );
  return folders.flat().length;
};
const ticketRange = (cents: number) =>
  cents <= 5000
    ? 'ate-50'
    : cents <= 10000
      ? '50-100'
      : cents <= 20000
        ? '100-200'
        : cents <= 50000
          ? '200-500'
          : 'acima-500';
const adsTier = (ads: number) => (ads < 50 ? 0 : ads < 100 ? 1 : ads < 200 ? 2 : 3);

describe('seedDemoContent', () => {
  it('fills an empty database with a varied catalogue whose creatives are stored files', async () => {
    expect(await seed()).toEqual({ seeded: true });

    const rows = await t.db.select().from(offers);
    expect(rows.length).toBeGreaterThanOrEqual(38);
    expect(new Set(rows.map((o) => o.status))).toEqual(new Set(OFFER_STATUSES));
    expect(new Set(rows.map((o) => o.niche))).toEqual(new Set(OFFER_NICHES));
    expect(new Set(rows.map((o) => o.format))).toEqual(new Set(OFFER_FORMATS));
    expect(new Set(rows.map((o) => o.language))).toEqual(new Set(OFFER_LANGUAGES));
    expect(new Set(rows.map((o) => ticketRange(o.ticketCents))).size).toBe(5);
    expect(new Set(rows.map((o) => adsTier(o.ads))).size).toBe(4);
    expect(rows.filter((o) => !o.visible).length).toBeGreaterThan(0);
    expect(rows.every((o) => o.likeCount === 0)).toBe(true);
    expect(new Set(rows.map((o) => o.createdAt.getTime())).size).toBe(rows.length);
    expect(rows.filter((o) => o.userId === admin.user.id).length).toBeGreaterThan(30);

    const creatives = new Set(rows.map((o) => o.creative));
    expect(creatives.size).toBe(rows.length);
    for (const offer of rows) {
      expect(t.app.storage.owns(offer.creative!), offer.productTitle).toBe(true);
      const file = await t.request({ method: 'GET', url: offer.creative! });
      expect(file.statusCode).toBe(200);
      expect(detectFileType(file.rawPayload)?.ext).toBe('png');
      // Its resized copies are stored with it (the art is 600 px wide: never enlarged).
      const copy = await t.request({ method: 'GET', url: imageVariantUrl(offer.creative!, 320)! });
      expect(copy.statusCode).toBe(200);
      expect(copy.headers['content-type']).toBe('image/webp');
      const links = JSON.parse(offer.links);
      expect(Object.keys(links).sort()).toEqual(['anunciante', 'biblioteca', 'criativo', 'site']);
      expect(Object.values(links).every((l) => String(l).startsWith('https://example.com/'))).toBe(true);
    }
  });

  it('adds demo authors with pending and approved submissions, and one banner', async () => {
    const authors = await t.db
      .select()
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_MEMBERS.map((m) => m.email),
        ),
      );
    expect(authors).toHaveLength(2);
    for (const author of authors) {
      expect(author).toMatchObject({ emailVerified: true, status: 'Ativo', role: 'member' });
      expect(author.passwordHash.startsWith('scrypt$')).toBe(false);
      const approved = await t.db
        .select({ offerId: userEscalatedOffers.offerId })
        .from(userEscalatedOffers)
        .where(eq(userEscalatedOffers.userId, author.id));
      const approvedCount = approved.filter((row) => row.offerId !== null).length;
      expect(author.points).toBe(approvedCount * 10);
    }

    const member = await session(t, 'member');
    const pending = await t.db
      .select()
      .from(userEscalatedOffers)
      .where(eq(userEscalatedOffers.isApproved, false));
    expect(pending).toHaveLength(3);
    expect(new Set(pending.map((p) => p.userId)).size).toBe(2);
    for (const row of pending)
      expect((await t.request({ method: 'GET', url: row.creative! })).statusCode).toBe(200);

    const active = await member.call('GET', '/api/banners/active');
    const banner = active.json().banner;
    expect(banner.link).toBe(DEMO_BANNER_LINK);
    const image = await t.request({ method: 'GET', url: banner.imageUrl });
    expect(image.statusCode).toBe(200);
    // PNG header: width and height of the banner.
    expect([image.rawPayload.readUInt32BE(16), image.rawPayload.readUInt32BE(20)]).toEqual([1920, 328]);
    const wide = await t.request({ method: 'GET', url: imageVariantUrl(banner.imageUrl, 1280)! });
    expect(wide.statusCode).toBe(200);
    expect(detectFileType(wide.rawPayload)?.ext).toBe('webp');
  });

  it('a demo submission can be approved like any other', async () => {
    const [pending] = await t.db
      .select({ id: userEscalatedOffers.id })
      .from(userEscalatedOffers)
      .where(eq(userEscalatedOffers.isApproved, false))
      .limit(1);
    const res = await admin.call('POST', `/api/admin/user-offers/${pending!.id}/approve`);
    expect(res.statusCode).toBe(200);
    const [offer] = await t.db.select().from(offers).where(eq(offers.id, res.json().offerId));
    expect(offer?.advertiser).toMatch(/\.example\.com$/);
  });

  it('adds two demo calls: a published recording that plays inline and a scheduled one', async () => {
    const calls = await t.db.select().from(liveCalls);
    expect(calls.map((c) => c.status).sort()).toEqual(['Agendado', 'Publicado']);
    expect(videoEmbedOf(calls.find((c) => c.status === 'Publicado')?.link)?.site).toBe('YouTube');
  });

  it('runs once: a second run adds nothing, and an emptied catalogue is never refilled', async () => {
    const count = async () => {
      const [o] = await t.db.select({ n: sql<number>`count(*)::int` }).from(offers);
      const [u] = await t.db.select({ n: sql<number>`count(*)::int` }).from(userEscalatedOffers);
      const [b] = await t.db.select({ n: sql<number>`count(*)::int` }).from(banners);
      const [c] = await t.db.select({ n: sql<number>`count(*)::int` }).from(liveCalls);
      return { offers: o?.n, submissions: u?.n, banners: b?.n, calls: c?.n, files: await countFiles() };
    };
    const before = await count();
    expect(await seed()).toEqual({ seeded: false });
    expect(await count()).toEqual(before);

    await t.db.delete(offers);
    expect(await seed()).toEqual({ seeded: false });
    const [after] = await t.db.select({ n: sql<number>`count(*)::int` }).from(offers);
    expect(after?.n).toBe(0);
  });
});
