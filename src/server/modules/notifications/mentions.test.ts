import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mentionMarkup, TOO_MANY_MENTIONS } from '../../../shared/mentions';
import { createMember } from '../../testing/factories';
import type { TestApp } from '../../testing/test-app';
import {
  commentOn,
  postBy,
  publish,
  type Session,
  validCommunityPost,
  validPromotionPost,
} from '../community/community.test-support';
import { about, bell, notificationsTestApp } from './notifications.test-support';

let t: TestApp;
let ana: Session;
let bruno: Session;
let carla: Session;
let davi: Session;

beforeAll(async () => {
  ({ t, ana, bruno, carla, davi } = await notificationsTestApp());
});
afterAll(() => t.close());

const at = (s: Session) => mentionMarkup(s.user.name, s.user.id);

const kindsAbout = async (s: Session, postId: string) =>
  about(await bell(s), postId)
    .map((n) => n.kind)
    .sort();

describe('a mention in a comment', () => {
  it('tells the mentioned member once, opening the comment, the excerpt showing @Name, the text kept as written', async () => {
    const postId = await postBy(ana);
    const content = `Olha isso ${at(carla)}! E de novo ${at(carla)}`;
    const res = await bruno.call('POST', `/api/posts/${postId}/comments`, { content });
    expect(res.statusCode).toBe(201);
    const created = res.json() as { id: string; content: string };
    expect(created.content).toBe(content);
    const notices = about(await bell(carla), postId);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      kind: 'mention',
      title: 'Bruno mencionou você',
      description: 'Olha isso @Carla! E de novo @Carla',
      link: `/dashboard?tab=comunidade&post=${postId}&comment=${created.id}`,
      isRead: false,
    });
    // The post's author still gets the comment, and no mention.
    expect(await kindsAbout(ana, postId)).toEqual(['comment']);
  });

  it('ignores the author themself, unknown ids and cancelled members', async () => {
    const cancelled = await createMember(t.db, { name: 'Cancelada', status: 'Cancelado' });
    const unknown = '5b0e7f0c-1f6a-4e4b-9a51-2f9d0c4e8a11';
    const postId = await postBy(ana);
    await commentOn(
      bruno,
      postId,
      `${at(bruno)} ${mentionMarkup('Ninguém', unknown)} ${mentionMarkup('Cancelada', cancelled.id)}`,
    );
    expect(about(await bell(bruno), postId)).toEqual([]);
    const told = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications where recipient_user_id = ${cancelled.id}`,
    );
    expect(told.rows[0]?.n).toBe(0);
    expect(await kindsAbout(ana, postId)).toEqual(['comment']);
  });

  it("gives a post's author mentioned in a comment only the mention, not the comment", async () => {
    const postId = await postBy(ana);
    await commentOn(bruno, postId, `Concordo, ${at(ana)}`);
    expect(await kindsAbout(ana, postId)).toEqual(['mention']);
  });

  it('gives a replied-to member mentioned in the reply only the mention (mention > reply > comment)', async () => {
    const postId = await postBy(ana);
    const first = await commentOn(carla, postId, 'Primeiro comentário');
    await commentOn(bruno, postId, `${at(carla)} e ${at(ana)}, vejam`, first);
    expect(await kindsAbout(carla, postId)).toEqual(['mention']);
    // Ana (the post's author) was told of Carla's comment before, and now of the mention only.
    expect(await kindsAbout(ana, postId)).toEqual(['comment', 'mention']);
    const anaComment = about(await bell(ana), postId).find((n) => n.kind === 'comment');
    expect(anaComment?.title).toBe('Carla comentou no seu post');
  });

  it('bundles mentions of one member on one post within 10 minutes, and opens a new notice after', async () => {
    const postId = await postBy(ana);
    await commentOn(bruno, postId, `Oi ${at(davi)}`);
    await commentOn(carla, postId, `Também acho, ${at(davi)}`);
    let notices = about(await bell(davi), postId).filter((n) => n.kind === 'mention');
    expect(notices.map((n) => n.title)).toEqual(['Carla e mais 1 mencionaram você']);
    expect(notices[0]?.description).toBe('Também acho, @Davi');

    await t.db.execute(sql`update notifications set created_at = created_at - interval '11 minutes'
      where recipient_user_id = ${davi.user.id} and kind = 'mention'`);
    await commentOn(bruno, postId, `Mais uma, ${at(davi)}`);
    notices = about(await bell(davi), postId).filter((n) => n.kind === 'mention');
    expect(notices.map((n) => n.title)).toEqual(['Bruno mencionou você', 'Carla e mais 1 mencionaram você']);
  });

  it('refuses more than 20 distinct mentions with a Portuguese 400 and writes nothing', async () => {
    const postId = await postBy(ana);
    const ids = Array.from(
      { length: 21 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const text = ids.map((id, i) => mentionMarkup(`M${i}`, id)).join(' ');
    const res = await bruno.call('POST', `/api/posts/${postId}/comments`, { content: text });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TOO_MANY_MENTIONS);
    const comments = await bruno.call('GET', `/api/posts/${postId}/comments`);
    expect(comments.json()).toEqual([]);
    // Twenty distinct (one repeated) pass.
    const twenty = `${ids
      .slice(0, 20)
      .map((id) => mentionMarkup('M', id))
      .join(' ')} ${mentionMarkup('M', ids[0] ?? '')}`;
    expect((await bruno.call('POST', `/api/posts/${postId}/comments`, { content: twenty })).statusCode).toBe(
      201,
    );
  });
});

describe('a mention in a post', () => {
  it('tells members mentioned in the title or the description, opening the post on its board', async () => {
    const res = await publish(
      bruno,
      { ...validPromotionPost, title: `Parceria com ${at(carla)}`, description: `Falem com ${at(davi)}` },
      'divulgacao',
    );
    expect(res.statusCode).toBe(201);
    const postId = res.json().id as string;
    expect(res.json().title).toBe(`Parceria com ${at(carla)}`);
    for (const s of [carla, davi]) {
      const [notice, ...rest] = about(await bell(s), postId);
      expect(rest).toEqual([]);
      expect(notice).toMatchObject({
        kind: 'mention',
        title: 'Bruno mencionou você',
        description: 'Parceria com @Carla',
        link: `/dashboard?tab=divulgacao&post=${postId}`,
      });
    }
    expect(about(await bell(bruno), postId)).toEqual([]);
  });

  it('refuses a post mentioning more than 20 members (title and description together)', async () => {
    const ids = Array.from(
      { length: 21 },
      (_, i) => `00000000-0000-4000-9000-${String(i).padStart(12, '0')}`,
    );
    const res = await publish(ana, {
      ...validCommunityPost,
      title: mentionMarkup('Um', ids[0] ?? ''),
      description: ids
        .slice(1)
        .map((id) => mentionMarkup('M', id))
        .join(' '),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(TOO_MANY_MENTIONS);
  });
});
