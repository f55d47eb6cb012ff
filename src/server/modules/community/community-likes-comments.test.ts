import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMENT_DELETE_FORBIDDEN,
  COMMENT_DELETED,
  COMMENT_EMPTY,
  COMMENT_NOT_FOUND,
  COMMENT_TOO_LONG,
  POST_NOT_FOUND,
} from '../../../shared/schemas/community';
import { commentLikes, postComments, postLikes, posts } from '../../db/schema/index';
import type { TestApp } from '../../testing/test-app';
import {
  communityTestApp,
  createPostRow,
  pointsOf,
  publish,
  type Session,
  signedInMember,
  validCommunityPost,
  validPromotionPost,
} from './community.test-support';

let t: TestApp;
let ana: Session;
let bruno: Session;
let admin: Session;

beforeAll(async () => {
  ({ t, ana, bruno, admin } = await communityTestApp());
});
afterAll(() => t.close());

const likePost = (s: Session, id: string) => s.call('POST', `/api/posts/${id}/like`);
const likePromo = (s: Session, id: string) => s.call('POST', `/api/divulgacao/posts/${id}/like`);
const comment = (s: Session, postId: string, body: object) =>
  s.call('POST', `/api/posts/${postId}/comments`, body);
const commentsOf = async (postId: string, s?: Session) => {
  const url = `/api/posts/${postId}/comments`;
  const res = s ? await s.call('GET', url) : await t.request({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    id: string;
    parentId: string | null;
    content: string;
    likes: number;
    isLiked: boolean;
  }[];
};

async function postState(id: string) {
  const [row] = await t.db
    .select({ likeCount: posts.likeCount, commentCount: posts.commentCount })
    .from(posts)
    .where(eq(posts.id, id));
  const [likes] = await t.db.select({ n: count() }).from(postLikes).where(eq(postLikes.postId, id));
  const [comments] = await t.db.select({ n: count() }).from(postComments).where(eq(postComments.postId, id));
  return { ...row, likeRows: likes?.n, commentRows: comments?.n };
}

describe('post likes', () => {
  it("toggles, moving the count, the author's points and likes received, the liked list and the card", async () => {
    const created = (await publish(ana, validCommunityPost)).json();
    expect((await likePost(bruno, created.id)).json()).toEqual({ liked: true, likeCount: 1 });
    expect(await pointsOf(t.db, ana.user.id)).toBe(1);
    expect((await ana.call('GET', '/api/user/likes')).json()).toEqual({ likes: 1 });
    expect((await bruno.call('GET', '/api/user/liked-posts')).json()).toContain(created.id);
    const page = (await bruno.call('GET', '/api/community/posts?pageSize=50')).json();
    expect(page.items.find((p: { id: string }) => p.id === created.id)).toMatchObject({
      likeCount: 1,
      likedByMe: true,
    });
    const counts = (await t.request({ method: 'GET', url: '/api/community/posts/like-counts' })).json();
    expect(counts[created.id]).toBe(1);

    expect((await likePost(bruno, created.id)).json()).toEqual({ liked: false, likeCount: 0 });
    expect(await pointsOf(t.db, ana.user.id)).toBe(0);
    expect((await bruno.call('GET', '/api/user/liked-posts')).json()).not.toContain(created.id);
    expect(await postState(created.id)).toMatchObject({ likeCount: 0, likeRows: 0 });
  });

  it('counts a like on your own post but gives no points for it', async () => {
    const created = (await publish(bruno, validCommunityPost)).json();
    const before = await pointsOf(t.db, bruno.user.id);
    expect((await likePost(bruno, created.id)).json()).toEqual({ liked: true, likeCount: 1 });
    expect(await pointsOf(t.db, bruno.user.id)).toBe(before);
    expect((await bruno.call('GET', '/api/user/likes')).json()).toEqual({ likes: 0 });
    expect((await likePost(bruno, created.id)).json()).toEqual({ liked: false, likeCount: 0 });
    expect(await pointsOf(t.db, bruno.user.id)).toBe(before);
  });

  it('keeps promotion likes apart: their own paths and list, and no points', async () => {
    const promo = (await publish(ana, validPromotionPost, 'divulgacao')).json();
    const before = await pointsOf(t.db, ana.user.id);
    const wrongPath = await likePost(bruno, promo.id);
    expect(wrongPath.statusCode).toBe(404);
    expect(wrongPath.json()).toEqual({ message: POST_NOT_FOUND });
    expect((await likePromo(bruno, promo.id)).json()).toEqual({ liked: true, likeCount: 1 });
    expect(await pointsOf(t.db, ana.user.id)).toBe(before);
    expect((await bruno.call('GET', '/api/user/liked-divulgacao-posts')).json()).toEqual([promo.id]);
    expect((await bruno.call('GET', '/api/user/liked-posts')).json()).not.toContain(promo.id);
    const counts = await t.request({
      method: 'GET',
      url: `/api/divulgacao/posts/like-counts?ids=${promo.id}`,
    });
    expect(counts.json()).toEqual({ [promo.id]: 1 });
    const communityCounts = await t.request({
      method: 'GET',
      url: `/api/community/posts/like-counts?ids=${promo.id}`,
    });
    expect(communityCounts.json()).toEqual({});
  });

  it('answers 404 for an unknown post and 401 without a session', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await likePost(ana, unknown)).statusCode).toBe(404);
    const created = (await publish(ana, validCommunityPost)).json();
    const res = await t.request({ method: 'POST', url: `/api/posts/${created.id}/like` });
    expect(res.statusCode).toBe(401);
    expect(await postState(created.id)).toMatchObject({ likeCount: 0, likeRows: 0 });
  });

  it('keeps counts and points exact under parallel likes, unlikes and double clicks', async () => {
    const owner = await signedInMember(t, { name: 'Dona' });
    const created = (await publish(owner, validCommunityPost)).json();
    const likers = await Promise.all(Array.from({ length: 30 }, () => signedInMember(t)));

    const liked = await Promise.all(likers.map((s) => likePost(s, created.id)));
    expect(liked.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    expect(new Set(liked.map((r) => r.json().likeCount)).size).toBe(30);
    expect(await postState(created.id)).toMatchObject({ likeCount: 30, likeRows: 30 });
    expect(await pointsOf(t.db, owner.user.id)).toBe(30);

    // Half take it back while the other half double-click (two toggles at once: the net effect is none).
    const mixed = await Promise.all([
      ...likers.slice(0, 15).map((s) => likePost(s, created.id)),
      ...likers.slice(15).flatMap((s) => [likePost(s, created.id), likePost(s, created.id)]),
    ]);
    expect(mixed.every((r) => r.statusCode === 200)).toBe(true);
    const state = await postState(created.id);
    expect(state.likeCount).toBe(state.likeRows);
    expect(await pointsOf(t.db, owner.user.id)).toBe(state.likeRows);
    const counts = (
      await t.request({ method: 'GET', url: `/api/community/posts/like-counts?ids=${created.id}` })
    ).json();
    expect(counts).toEqual({ [created.id]: state.likeRows });
  });

  it('deleting a post while it is being liked leaves no count, row or point behind', async () => {
    const owner = await signedInMember(t);
    const created = (await publish(owner, validCommunityPost)).json();
    const likers = await Promise.all(Array.from({ length: 10 }, () => signedInMember(t)));
    const results = await Promise.all([
      ...likers.map((s) => likePost(s, created.id)),
      owner.call('DELETE', `/api/community/posts/${created.id}`),
    ]);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true);
    expect(await postState(created.id)).toMatchObject({ likeRows: 0, commentRows: 0 });
    expect(await pointsOf(t.db, owner.user.id)).toBe(0);
  });
});

describe('comments and replies', () => {
  it('adds comments and replies; a reply to a reply attaches to the top-level comment', async () => {
    const created = (await publish(ana, validCommunityPost)).json();
    const top = await comment(bruno, created.id, { content: '  Ótimo post!  ' });
    expect(top.statusCode).toBe(201);
    expect(top.json()).toMatchObject({
      postId: created.id,
      userId: bruno.user.id,
      userName: 'Bruno',
      userAvatar: null,
      content: 'Ótimo post!',
      parentId: null,
      likes: 0,
      isLiked: false,
    });
    const reply = (await comment(ana, created.id, { content: 'Obrigada', parentId: top.json().id })).json();
    expect(reply.parentId).toBe(top.json().id);
    const replyToReply = (
      await comment(bruno, created.id, { content: 'De nada', parentId: reply.id })
    ).json();
    expect(replyToReply.parentId).toBe(top.json().id);

    const list = await commentsOf(created.id);
    expect(list.map((c) => [c.content, c.parentId])).toEqual([
      ['Ótimo post!', null],
      ['Obrigada', top.json().id],
      ['De nada', top.json().id],
    ]);
    const counts = (
      await t.request({ method: 'GET', url: `/api/community/posts/comment-counts?ids=${created.id}` })
    ).json();
    expect(counts).toEqual({ [created.id]: 3 });
    expect((await ana.call('GET', '/api/community/posts?mine=1')).json().items[0].commentCount).toBe(3);
  });

  it('uses the same calls for promotion posts', async () => {
    const promo = (await publish(ana, validPromotionPost, 'divulgacao')).json();
    expect((await comment(bruno, promo.id, { content: 'Quanto custa?' })).statusCode).toBe(201);
    expect((await commentsOf(promo.id)).map((c) => c.content)).toEqual(['Quanto custa?']);
    const counts = (
      await t.request({ method: 'GET', url: `/api/divulgacao/posts/comment-counts?ids=${promo.id}` })
    ).json();
    expect(counts).toEqual({ [promo.id]: 1 });
  });

  it('refuses empty, oversized and misplaced comments with clear messages', async () => {
    const created = (await publish(ana, validCommunityPost)).json();
    const other = (await publish(ana, validCommunityPost)).json();
    const elsewhere = (await comment(bruno, other.id, { content: 'Em outro post' })).json();
    const cases: [object, number, string][] = [
      [{ content: '   ' }, 400, COMMENT_EMPTY],
      [{}, 400, COMMENT_EMPTY],
      [{ content: 'x'.repeat(2001) }, 400, COMMENT_TOO_LONG],
      [{ content: 'oi', parentId: 'abc' }, 400, 'Comentário inválido.'],
      [{ content: 'oi', parentId: elsewhere.id }, 404, COMMENT_NOT_FOUND],
      [{ content: 'oi', parentId: '00000000-0000-4000-8000-000000000000' }, 404, COMMENT_NOT_FOUND],
      [
        { content: 'a\u0000b' },
        400,
        'A requisição contém caracteres inválidos (caractere nulo ou Unicode inválido).',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await comment(bruno, created.id, body);
      expect(res.statusCode, message).toBe(status);
      expect(res.json()).toEqual({ message });
    }
    const missing = await comment(bruno, '00000000-0000-4000-8000-000000000000', { content: 'oi' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: POST_NOT_FOUND });
    expect(await postState(created.id)).toMatchObject({ commentCount: 0, commentRows: 0 });
    const anonymous = await t.request({
      method: 'POST',
      url: `/api/posts/${created.id}/comments`,
      payload: { content: 'oi' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets the author or the administrator delete a comment (others 403); replies go with their comment', async () => {
    const created = (await publish(ana, validCommunityPost)).json();
    const top = (await comment(bruno, created.id, { content: 'Primeiro' })).json();
    await comment(ana, created.id, { content: 'Resposta 1', parentId: top.id });
    const reply2 = (await comment(bruno, created.id, { content: 'Resposta 2', parentId: top.id })).json();
    const other = (await comment(ana, created.id, { content: 'Outro' })).json();

    // The post's author cannot delete someone else's comment either.
    const forbidden = await ana.call('DELETE', `/api/comments/${reply2.id}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: COMMENT_DELETE_FORBIDDEN });

    const own = await bruno.call('DELETE', `/api/comments/${reply2.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ message: COMMENT_DELETED });
    expect(await postState(created.id)).toMatchObject({ commentCount: 3, commentRows: 3 });

    expect((await admin.call('DELETE', `/api/comments/${top.id}`)).statusCode).toBe(200);
    expect((await commentsOf(created.id)).map((c) => c.id)).toEqual([other.id]);
    expect(await postState(created.id)).toMatchObject({ commentCount: 1, commentRows: 1 });
    expect((await bruno.call('DELETE', `/api/comments/${top.id}`)).statusCode).toBe(404);
  });

  it('comment likes toggle per member, exactly under parallel clicks, and show as isLiked', async () => {
    const created = (await publish(ana, validCommunityPost)).json();
    const top = (await comment(ana, created.id, { content: 'Curtam' })).json();
    expect((await bruno.call('POST', `/api/comments/${top.id}/like`)).json()).toEqual({
      liked: true,
      likeCount: 1,
    });
    expect((await commentsOf(created.id, bruno))[0]).toMatchObject({ likes: 1, isLiked: true });
    expect((await commentsOf(created.id, ana))[0]).toMatchObject({ likes: 1, isLiked: false });
    expect((await commentsOf(created.id))[0]).toMatchObject({ likes: 1, isLiked: false });
    expect((await bruno.call('POST', `/api/comments/${top.id}/like`)).json()).toEqual({
      liked: false,
      likeCount: 0,
    });
    const before = await pointsOf(t.db, ana.user.id);

    const likers = await Promise.all(Array.from({ length: 20 }, () => signedInMember(t)));
    await Promise.all(likers.map((s) => s.call('POST', `/api/comments/${top.id}/like`)));
    const [rows] = await t.db
      .select({ n: count() })
      .from(commentLikes)
      .where(eq(commentLikes.commentId, top.id));
    expect(rows?.n).toBe(20);
    expect((await commentsOf(created.id))[0]?.likes).toBe(20);
    expect(await pointsOf(t.db, ana.user.id)).toBe(before);
    expect(
      (await bruno.call('POST', '/api/comments/00000000-0000-4000-8000-000000000000/like')).statusCode,
    ).toBe(404);
  });

  it('deleting a comment while it is being liked answers 200 or 404, never 500, and leaves no like behind', async () => {
    const created = (await publish(ana, validCommunityPost)).json();
    const top = (await comment(bruno, created.id, { content: 'Vai sumir' })).json();
    const likers = await Promise.all(Array.from({ length: 10 }, () => signedInMember(t)));
    const results = await Promise.all([
      ...likers.map((s) => s.call('POST', `/api/comments/${top.id}/like`)),
      bruno.call('DELETE', `/api/comments/${top.id}`),
    ]);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 404)).toBe(true);
    const [rows] = await t.db
      .select({ n: count() })
      .from(commentLikes)
      .where(eq(commentLikes.commentId, top.id));
    expect(rows?.n).toBe(0);
    expect(await postState(created.id)).toMatchObject({ commentCount: 0, commentRows: 0 });
  });

  it('keeps the comment count exact under parallel comments, replies and deletions', async () => {
    const created = (await publish(ana, validCommunityPost)).json();
    const top = (await comment(bruno, created.id, { content: 'Raiz' })).json();
    const writers = await Promise.all(Array.from({ length: 10 }, () => signedInMember(t)));
    await Promise.all([
      ...writers.map((s, i) => comment(s, created.id, { content: `c${i}`, parentId: i % 2 ? top.id : null })),
      bruno.call('DELETE', `/api/comments/${top.id}`),
    ]);
    const state = await postState(created.id);
    expect(state.commentCount).toBe(state.commentRows);
    expect(state.commentRows).toBeGreaterThanOrEqual(5);
  });

  it('lists a post without comments as [], and an unknown post as 404', async () => {
    const row = await createPostRow(t.db, ana.user.id);
    expect(await commentsOf(row.id)).toEqual([]);
    const res = await t.request({
      method: 'GET',
      url: '/api/posts/00000000-0000-4000-8000-000000000000/comments',
    });
    expect(res.statusCode).toBe(404);
  });
});
