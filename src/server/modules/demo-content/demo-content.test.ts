import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, saoPauloDay } from '../../../shared/sao-paulo-day';
import type { DemoContentCounts } from '../../../shared/schemas/admin';
import type { AdminMetrics } from '../../../shared/schemas/admin-metrics';
import { projectRoot } from '../../lib/paths';
import { uploadsDir } from '../../lib/storage/storage';
import { seedDemoContent } from '../../seed/demo';
import { createOffer } from '../../testing/offer-factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { commentOn, postBy } from '../community/community.test-support';
import { type Session, signedInAdmin, signedInMember } from '../offers/offers.test-support';
import { submitOffer } from '../user-offers/user-offers.test-support';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
});
afterAll(() => t.close());

const seed = () => seedDemoContent(t.db, t.config, t.app.storage);
const count = async (query: ReturnType<typeof sql>) => (await t.db.execute<{ n: number }>(query)).rows[0]!.n;
const registry = async () =>
  (
    await t.db.execute<{ table_name: string; row_id: string; original: unknown }>(
      sql`select table_name, row_id, original from demo_content order by table_name, row_id`,
    )
  ).rows;
/** A stored upload's file on disk (local storage: /uploads/<key>). */
const fileOf = (url: string) => path.join(uploadsDir(t.config), url.replace(/^\/uploads\//, ''));
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

describe('demo content: marked by the seed, removed exactly', () => {
  let member: Session;
  let other: Session;
  const mine: Record<string, string> = {};
  let demoPostId = '';
  let demoOfferId = '';
  let registered: Awaited<ReturnType<typeof registry>> = [];

  it('registers every row the seed writes, and the migration finds the same rows on an install seeded before it', async () => {
    expect(await seed()).toEqual({ seeded: true });
    registered = await registry();
    const tables = new Set(registered.map((r) => r.table_name));
    for (const table of [
      'users',
      'offers',
      'user_escalated_offers',
      'posts',
      'post_comments',
      'banners',
      'live_calls',
      'notifications',
      'confirmed_purchases',
      'webhook_events',
      'beginner_map_lessons',
      'files',
    ]) {
      expect(tables.has(table), table).toBe(true);
    }
    expect(registered.filter((r) => r.table_name === 'users')).toHaveLength(8);
    // The lessons keep what they said as installed (migration 0014's texts).
    const lesson = registered.find((r) => r.row_id === 'contas-01');
    expect(lesson?.original).toEqual({
      title: 'Plataforma de anúncios',
      description: 'Crie e configure a conta onde você vai anunciar.',
      video_url: null,
      link_url: null,
    });

    // An install seeded before the registry existed: the migration's data part registers the very same rows.
    await t.db.execute(sql`delete from demo_content`);
    const migration = await readFile(path.join(projectRoot, 'drizzle/0032_demo_content.sql'), 'utf8');
    const dataPart = migration.slice(migration.indexOf('-- Hand-written data migration'));
    for (const statement of dataPart.split('--> statement-breakpoint')) {
      await t.db.execute(sql.raw(statement));
    }
    expect(await registry()).toEqual(registered);
  });

  it('a real member uses the club: his rows, and his comment, like and favourite on demo content', async () => {
    member = await signedInMember(t, { name: 'Marcos Real' });
    other = await signedInMember(t, { name: 'Rita Real' });
    const demoOffers = registered.filter((r) => r.table_name === 'offers').map((r) => r.row_id);
    const communityPost = await t.db.execute<{ id: string }>(
      sql`select id from posts where kind = 'community' and id in (select row_id::uuid from demo_content where table_name = 'posts') limit 1`,
    );
    demoPostId = communityPost.rows[0]!.id;
    const visible = await t.db.execute<{ id: string }>(
      sql`select id from offers where visible and id in (select row_id from demo_content where table_name = 'offers') limit 1`,
    );
    demoOfferId = visible.rows[0]!.id;
    expect(demoOffers).toContain(demoOfferId);

    mine.post = await postBy(member, 'Minha campanha de verdade');
    mine.otherPost = await postBy(other, 'Post da Rita');
    mine.comment = await commentOn(member, mine.otherPost, 'Comentário real num post real');
    mine.commentOnDemo = await commentOn(member, demoPostId, 'Comentário real num post de demonstração');
    expect((await member.call('POST', `/api/posts/${mine.otherPost}/like`)).statusCode).toBe(200);
    expect((await member.call('POST', `/api/posts/${demoPostId}/like`)).statusCode).toBe(200);
    const realOffer = await createOffer(t.db, { productTitle: 'Oferta real' });
    mine.offer = realOffer.id;
    expect((await member.call('POST', '/api/favorites', { offerId: realOffer.id })).statusCode).toBe(201);
    expect((await member.call('POST', '/api/favorites', { offerId: demoOfferId })).statusCode).toBe(201);
    expect((await member.call('POST', `/api/offers/${realOffer.id}/like`)).statusCode).toBe(200);
    mine.submission = await submitOffer(t, member);
  });

  it('the removal is the administrator’s alone', async () => {
    const visitor = await t.request({ method: 'GET', url: '/api/admin/demo-content' });
    expect(visitor.statusCode).toBe(401);
    expect((await member.call('GET', '/api/admin/demo-content')).statusCode).toBe(403);
    expect((await member.call('DELETE', '/api/admin/demo-content')).statusCode).toBe(403);
    expect(await count(sql`select count(*)::int as n from demo_content`)).toBe(registered.length);
  });

  it('shows the counts first, then deletes exactly them in one go: the real member keeps everything he made', async () => {
    const today = saoPauloDay();
    const metrics = async () => {
      const res = await admin.call(
        'GET',
        `/api/admin/metrics?from=${addDays(today, -364)}&to=${today}&interval=month`,
      );
      expect(res.statusCode).toBe(200);
      return res.json() as AdminMetrics;
    };
    expect((await metrics()).series.payingMembers.at(-1)!.value).toBeGreaterThan(50);

    const files = registered.filter((r) => r.table_name === 'files').map((r) => r.row_id);
    expect(files.length).toBeGreaterThan(40);
    for (const url of files) expect(await exists(fileOf(url)), url).toBe(true);
    const [submission] = (
      await t.db.execute<{ creative: string }>(
        sql`select creative from user_escalated_offers where id = ${mine.submission}`,
      )
    ).rows;

    const preview = await admin.call('GET', '/api/admin/demo-content');
    expect(preview.statusCode).toBe(200);
    const expected = preview.json() as DemoContentCounts;
    // The preview changed nothing.
    expect(await registry()).toEqual(registered);
    expect(expected).toMatchObject({
      members: 8,
      files: files.length,
      purchases: 1,
      banners: 1,
      liveCalls: 2,
      realComments: 1,
      realLikes: 1,
      realFavorites: 1,
    });
    expect(expected.offers).toBe(registered.filter((r) => r.table_name === 'offers').length);
    expect(expected.posts).toBe(registered.filter((r) => r.table_name === 'posts').length);
    expect(expected.comments).toBe(registered.filter((r) => r.table_name === 'post_comments').length + 1);
    expect(expected.lessons).toBe(registered.filter((r) => r.table_name === 'beginner_map_lessons').length);
    expect(expected.webhookEvents).toBe(registered.filter((r) => r.table_name === 'webhook_events').length);

    const removed = await admin.call('DELETE', '/api/admin/demo-content');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual(expected);

    // Every demo row is gone, and what hung on it.
    expect(await count(sql`select count(*)::int as n from demo_content`)).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from users where email like '%@demo.clubeescala.local'`),
    ).toBe(0);
    const ids = (table: string) => registered.filter((r) => r.table_name === table).map((r) => r.row_id);
    const left = async (table: string, idColumn = 'id') =>
      count(
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(idColumn)}::text in (${sql.join(
          ids(table).map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    for (const table of [
      'users',
      'offers',
      'user_escalated_offers',
      'posts',
      'post_comments',
      'banners',
      'live_calls',
      'notifications',
      'confirmed_purchases',
      'webhook_events',
    ]) {
      expect(await left(table), table).toBe(0);
    }
    expect(await count(sql`select count(*)::int as n from membership_events`)).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from webhook_events where external_id like 'demo-%'`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from offer_ad_counts`)).toBe(0);
    // The lessons say again what they said as installed.
    const lessons = await t.db.execute<{
      id: string;
      title: string;
      video_url: string | null;
      link_url: string | null;
    }>(
      sql`select id, title, video_url, link_url from beginner_map_lessons where id in ('trafego-pago-01', 'contas-01')
          order by id`,
    );
    expect(lessons.rows).toEqual([
      { id: 'contas-01', title: 'Plataforma de anúncios', video_url: null, link_url: null },
      { id: 'trafego-pago-01', title: 'Introdução ao tráfego pago', video_url: null, link_url: null },
    ]);
    expect(
      await count(sql`select count(*)::int as n from beginner_map_lessons where video_url is not null or link_url is not null
        or title like '%(exemplo)'`),
    ).toBe(0);
    for (const url of files) expect(await exists(fileOf(url)), url).toBe(false);

    // The real members' rows are all there.
    expect(
      await count(
        sql`select count(*)::int as n from users where id in (${member.user.id}, ${other.user.id})`,
      ),
    ).toBe(2);
    expect(
      await count(sql`select count(*)::int as n from posts where id in (${mine.post}, ${mine.otherPost})`),
    ).toBe(2);
    expect(await count(sql`select count(*)::int as n from post_comments where id = ${mine.comment}`)).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from post_likes where post_id = ${mine.otherPost} and user_id = ${member.user.id}`,
      ),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from favorites where offer_id = ${mine.offer} and user_id = ${member.user.id}`,
      ),
    ).toBe(1);
    expect(
      await count(
        sql`select count(*)::int as n from offer_likes where offer_id = ${mine.offer} and user_id = ${member.user.id}`,
      ),
    ).toBe(1);
    expect(
      await count(sql`select count(*)::int as n from user_escalated_offers where id = ${mine.submission}`),
    ).toBe(1);
    expect(await exists(fileOf(submission!.creative))).toBe(true);
    // What went with the demo post: the real comment on it (counted above).
    expect(
      await count(sql`select count(*)::int as n from post_comments where id = ${mine.commentOnDemo}`),
    ).toBe(0);

    // The owner's dashboard no longer counts the demo buyers or members.
    const after = await metrics();
    expect(after.series.payingMembers.every((p) => p.value === 0)).toBe(true);
    expect(after.series.revenueCents.every((p) => p.value === 0)).toBe(true);
    expect(after.cohorts.every((c) => c.size === 0)).toBe(true);
  });

  it('a second removal removes nothing, and the next start seeds nothing again', async () => {
    const again = await admin.call('DELETE', '/api/admin/demo-content');
    expect(again.statusCode).toBe(200);
    expect(Object.values(again.json() as DemoContentCounts).every((n) => n === 0)).toBe(true);
    const offers = await count(sql`select count(*)::int as n from offers`);
    // An emptied catalogue and bell: without the removal's record a start would take it for a new database.
    await t.db.execute(sql`delete from offers`);
    await t.db.execute(sql`delete from notifications`);
    expect(await seed()).toEqual({ seeded: false });
    expect(
      await count(sql`select count(*)::int as n from users where email like '%@demo.clubeescala.local'`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from notifications`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from demo_content`)).toBe(0);
    expect(offers).toBe(1);
    const removals = await t.db.execute<{ counts: DemoContentCounts }>(
      sql`select counts from demo_content_removals order by removed_at`,
    );
    expect(removals.rows).toHaveLength(2);
    expect(removals.rows[0]!.counts.members).toBe(8);
  });
});
