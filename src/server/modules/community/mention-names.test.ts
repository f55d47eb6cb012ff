import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, Post, PostPage } from '../../../shared/schemas/community';
import { users } from '../../db/schema/index';
import type { TestApp } from '../../testing/test-app';
import {
  communityTestApp,
  publish,
  type Session,
  validCommunityPost,
  validPromotionPost,
} from './community.test-support';

/**
 * A mention shows the member's current name, read from the database by id: never the text written inside the
 * brackets (`@[Suporte oficial](id)` names whoever `id` is), and an id that is no member is no mention at all.
 */
let t: TestApp;
let ana: Session;
let bruno: Session;
beforeAll(async () => {
  ({ t, ana, bruno } = await communityTestApp());
});
afterAll(() => t.close());

const NOBODY = randomUUID();
const feed = async (board: 'community' | 'divulgacao' = 'community') =>
  (await ana.call('GET', `/api/${board}/posts?sort=recent&page=1&pageSize=50`)).json() as PostPage;
const rename = (userId: string, name: string) => t.db.update(users).set({ name }).where(eq(users.id, userId));

describe('mentions in posts', () => {
  it('carry the mentioned members’ real names by id; the brackets’ text and unknown ids name nobody', async () => {
    const res = await publish(ana, {
      ...validCommunityPost,
      title: `Aviso do @[Suporte oficial](${bruno.user.id})`,
      description: `Pague ao @[Suporte oficial](${NOBODY}) e fale com @[Bruno](${bruno.user.id.toUpperCase()}).`,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json() as Post;
    expect(created.mentions).toEqual({ [bruno.user.id]: 'Bruno' });
    // The text stays as written: the names are the answer's, not the markup's.
    expect(created.title).toBe(`Aviso do @[Suporte oficial](${bruno.user.id})`);

    const listed = (await feed()).items.find((p) => p.id === created.id);
    expect(listed?.mentions).toEqual({ [bruno.user.id]: 'Bruno' });
    const one = await ana.call('GET', `/api/community/posts/${created.id}`);
    expect((one.json() as Post).mentions).toEqual({ [bruno.user.id]: 'Bruno' });

    // The member changes his name: every answer has the new one at once.
    await rename(bruno.user.id, 'Bruno Lima');
    expect((await feed()).items.find((p) => p.id === created.id)?.mentions).toEqual({
      [bruno.user.id]: 'Bruno Lima',
    });
    const anonymous = await t.request({ method: 'GET', url: `/api/community/posts/${created.id}` });
    expect((anonymous.json() as Post).mentions).toEqual({ [bruno.user.id]: 'Bruno Lima' });
    await rename(bruno.user.id, 'Bruno');
  });

  it('a post without mentions, and the promotion board, answer the same shape', async () => {
    const plain = await publish(ana, { ...validCommunityPost, title: 'Sem menções' });
    expect((plain.json() as Post).mentions).toEqual({});
    const promo = await publish(
      ana,
      { ...validPromotionPost, description: `Com @[Equipe do clube](${bruno.user.id})` },
      'divulgacao',
    );
    expect(promo.statusCode).toBe(201);
    expect((promo.json() as Post).mentions).toEqual({ [bruno.user.id]: 'Bruno' });
    const listed = (await feed('divulgacao')).items.find((p) => p.id === (promo.json() as Post).id);
    expect(listed?.mentions).toEqual({ [bruno.user.id]: 'Bruno' });
  });
});

describe('mentions in comments', () => {
  it('carry the real names in the answer of the comment and of the list', async () => {
    const postId = (await publish(ana, validCommunityPost)).json().id as string;
    const res = await bruno.call('POST', `/api/posts/${postId}/comments`, {
      content: `Fale com a @[Administração](${ana.user.id}), não com @[Suporte](${NOBODY})`,
    });
    expect(res.statusCode).toBe(201);
    expect((res.json() as Comment).mentions).toEqual({ [ana.user.id]: 'Ana' });

    await rename(ana.user.id, 'Ana Souza');
    const list = await t.request({ method: 'GET', url: `/api/posts/${postId}/comments` });
    expect(list.statusCode).toBe(200);
    expect((list.json() as Comment[]).map((c) => c.mentions)).toEqual([{ [ana.user.id]: 'Ana Souza' }]);
    await rename(ana.user.id, 'Ana');
  });
});
