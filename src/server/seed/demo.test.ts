import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariantUrl } from '../../shared/image-variants';
import { videoEmbedOf } from '../../shared/live-call-embed';
import { addDays, saoPauloDay } from '../../shared/sao-paulo-day';
import { saoPauloMonth } from '../../shared/sao-paulo-month';
import type { AdminMetrics } from '../../shared/schemas/admin-metrics';
import { OFFER_FORMATS, OFFER_LANGUAGES, OFFER_NICHES, OFFER_STATUSES } from '../../shared/schemas/offers';
import {
  banners,
  beginnerMapLessons,
  commentLikes,
  liveCalls,
  offers,
  postComments,
  postLikes,
  posts,
  userEscalatedOffers,
  users,
} from '../db/schema/index';
import { detectFileType } from '../lib/file-type';
import { uploadsDir } from '../lib/storage/storage';
import { type Session, session } from '../modules/user-offers/user-offers.test-support';
import { createTestApp, type TestApp } from '../testing/test-app';
import { seedDemoContent } from './demo';
import { DEMO_BANNER_LINK } from './demo-catalogue';
import { DEMO_HISTORY_OUTCOME } from './demo-lastlink-history';
import { DEMO_MEMBERS } from './demo-offers';

type Card = {
  id: string;
  userId: string;
  title: string;
  description: string;
  createdAt: string;
  commentCount: number;
};

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

  it('gives the offers months of ad-count history: every momentum shows at once, the count is the latest point', async () => {
    const res = await admin.call('GET', '/api/offers?pageSize=100');
    const cards: { id: string; ads: number; momentum: string; firstSeen: string }[] = res.json().items;
    const momentums = new Set(cards.map((c) => c.momentum));
    expect([...momentums].sort()).toEqual(['escalando', 'esfriando', 'estavel', 'novo']);
    expect(cards.filter((c) => c.momentum === 'novo')).toHaveLength(1);
    const scaling = cards.find((c) => c.momentum === 'escalando')!;
    const history = await admin.call('GET', `/api/offers/${scaling.id}/ad-history`);
    expect(history.json().points).toHaveLength(90);
    expect(history.json().points.at(-1).ads).toBe(scaling.ads);
    const [mismatch] = (
      await t.db.execute<{ n: number }>(sql`select count(*)::int as n from offers o where o.ads <> (
        select c.ads from offer_ad_counts c where c.offer_id = o.id order by c.day desc limit 1)`)
    ).rows;
    expect(mismatch?.n).toBe(0);
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
    expect(authors).toHaveLength(DEMO_MEMBERS.length);
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
      .where(eq(userEscalatedOffers.state, 'pendente'));
    expect(pending).toHaveLength(3);
    expect(new Set(pending.map((p) => p.userId)).size).toBe(2);
    for (const row of pending)
      expect((await t.request({ method: 'GET', url: row.creative! })).statusCode).toBe(200);
    const refused = await t.db
      .select()
      .from(userEscalatedOffers)
      .where(eq(userEscalatedOffers.state, 'recusada'));
    expect(refused).toHaveLength(1);
    expect(authors.map((a) => a.id)).toContain(refused[0]!.userId);
    expect(refused[0]!.refusalReason).toMatch(/Meta/);
    expect(refused[0]!.decidedAt!.getTime()).toBeGreaterThan(refused[0]!.createdAt.getTime());

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
      .where(eq(userEscalatedOffers.state, 'pendente'))
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

  it('gives the beginner map its sample videos on a new database', async () => {
    const withVideo = await t.db
      .select()
      .from(beginnerMapLessons)
      .where(isNotNull(beginnerMapLessons.videoUrl));
    expect(withVideo.length).toBeGreaterThan(3);
  });

  it('leaves an existing database’s beginner map alone (an upgraded install is not a new one)', async () => {
    await t.db.update(beginnerMapLessons).set({ videoUrl: null, linkUrl: null, updatedAt: null });
    await seed();
    const withVideo = await t.db
      .select()
      .from(beginnerMapLessons)
      .where(isNotNull(beginnerMapLessons.videoUrl));
    expect(withVideo).toEqual([]);
  });

  it('fills the community: both boards with comments, replies and likes, counts as the app keeps them', async () => {
    const member = await session(t, 'member');
    const community = (await member.call('GET', '/api/community/posts?pageSize=50')).json().items as Card[];
    const promotion = (await member.call('GET', '/api/divulgacao/posts?pageSize=50')).json().items as Card[];
    expect(community.length).toBeGreaterThanOrEqual(8);
    expect(promotion.length).toBeGreaterThanOrEqual(3);
    expect(community.find((p) => p.userId === admin.user.id)?.title).toMatch(/demonstração/);
    expect(promotion.every((p) => p.description.includes('Divulgação de demonstração'))).toBe(true);
    // Every kind of relative time: minutes, hours, yesterday, days, and a date.
    const ages = [...community, ...promotion].map((p) => (Date.now() - Date.parse(p.createdAt)) / 3_600_000);
    for (const [min, max] of [
      [0, 1],
      [1, 20],
      [24, 48],
      [48, 24 * 6],
      [24 * 7, 24 * 30],
    ])
      expect(
        ages.some((h) => h >= min && h < max),
        `${min}-${max} h`,
      ).toBe(true);

    const allPosts = await t.db.select().from(posts);
    const likes = await t.db.select().from(postLikes);
    const comments = await t.db.select().from(postComments);
    const cLikes = await t.db.select().from(commentLikes);
    expect(comments.filter((c) => c.parentId !== null).length).toBeGreaterThanOrEqual(5);
    expect(cLikes.length).toBeGreaterThan(0);
    const month = saoPauloMonth();
    for (const post of allPosts) {
      const own = likes.filter((l) => l.postId === post.id);
      expect(post.likeCount, post.title).toBe(own.length);
      expect(post.commentCount, post.title).toBe(comments.filter((c) => c.postId === post.id).length);
      for (const like of own) {
        expect(like.userId).not.toBe(post.userId);
        expect(like.createdAt >= post.createdAt && like.createdAt >= month.start).toBe(true);
        expect(like.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
      }
    }
    for (const comment of comments) {
      const own = cLikes.filter((l) => l.commentId === comment.id);
      expect(comment.likeCount).toBe(own.length);
      expect(own.every((l) => l.userId !== comment.userId)).toBe(true);
      const parent = comments.find((c) => c.id === comment.parentId);
      if (parent) expect(comment.createdAt > parent.createdAt && parent.parentId === null).toBe(true);
    }

    // A thread as a member reads it: a comment with its replies.
    const quiz = community.find((p) => p.title.startsWith('Quiz de 7 perguntas')) as Card;
    const thread = (await member.call('GET', `/api/posts/${quiz.id}/comments`)).json() as {
      parentId: string;
    }[];
    expect(thread.length).toBe(quiz.commentCount);
    expect(thread.filter((c) => c.parentId).length).toBe(3);
  });

  it("gives the owner's 'Visão geral' a year of demo buyers: paying members, MRR, churn, cohorts, active members", async () => {
    const today = saoPauloDay();
    const res = await admin.call(
      'GET',
      `/api/admin/metrics?from=${addDays(today, -364)}&to=${today}&interval=month`,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json() as AdminMetrics;
    const last = (key: keyof AdminMetrics['series']) => body.series[key].at(-1)!.value;
    expect(last('payingMembers')).toBeGreaterThan(50);
    expect(last('mrrCents')).toBeGreaterThan(50 * 8000);
    expect(body.series.revenueCents.every((p) => p.value > 0)).toBe(true);
    expect(body.series.cancellations.some((p) => p.value > 0)).toBe(true);
    expect(body.churnByMonth.some((c) => c.rate !== null && c.rate > 0)).toBe(true);
    expect(body.cohorts.filter((c) => c.size > 0).length).toBeGreaterThanOrEqual(12);
    expect(last('activeMembers30d')).toBeGreaterThan(0);
    // Marked as demo in the webhook history; a second start adds nothing.
    const demoEvents = async () =>
      (
        await t.db.execute<{ n: number }>(
          sql`select count(*)::int as n from webhook_events where outcome = ${DEMO_HISTORY_OUTCOME}`,
        )
      ).rows[0]!.n;
    const stored = await demoEvents();
    expect(stored).toBeGreaterThan(500);
    await seed();
    expect(await demoEvents()).toBe(stored);
  });

  it("makes this month's ranking: a podium and 'Outros Colocados', demo members who cannot sign in", async () => {
    const member = await session(t, 'member');
    const ranking = (await member.call('GET', '/api/ranking/monthly')).json() as {
      name: string;
      monthlyLikes: number;
    }[];
    expect(ranking.map((r) => r.monthlyLikes)).toEqual([12, 9, 7, 5, 4, 3]);
    expect(ranking.map((r) => r.name)).toEqual([
      'Juliana Costa',
      'Rafael Nogueira',
      'Ana Paula Ribeiro',
      'Carlos Eduardo Mendes',
      'Fernanda Lima',
      'Beatriz Almeida',
    ]);
    for (const demo of DEMO_MEMBERS) {
      const login = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: demo.email, password: 'segredo123' },
      });
      expect(login.statusCode, demo.email).toBe(401);
    }
  });

  it('runs once: a second run adds nothing, and an emptied catalogue or community is never refilled', async () => {
    const count = async () => {
      const n = async (table: PgTable) =>
        (await t.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;
      return {
        offers: await n(offers),
        submissions: await n(userEscalatedOffers),
        banners: await n(banners),
        calls: await n(liveCalls),
        members: await n(users),
        posts: await n(posts),
        comments: await n(postComments),
        likes: (await n(postLikes)) + (await n(commentLikes)),
        files: await countFiles(),
      };
    };
    const before = await count();
    expect(await seed()).toEqual({ seeded: false });
    expect(await count()).toEqual(before);

    await t.db.delete(offers);
    await t.db.delete(posts);
    expect(await seed()).toEqual({ seeded: false });
    const [after] = await t.db.select({ n: sql<number>`count(*)::int` }).from(offers);
    expect(after?.n).toBe(0);
    const [afterPosts] = await t.db.select({ n: sql<number>`count(*)::int` }).from(posts);
    expect(afterPosts?.n).toBe(0);
  });
});
