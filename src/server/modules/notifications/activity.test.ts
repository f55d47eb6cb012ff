import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../testing/test-app';
import { commentOn, postBy, type Session, signedInMember } from '../community/community.test-support';
import { EXCERPT_CHARS } from './activity';
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

/** The bell's count as the route answers it (through the unread cache, after the change feed caught up). */
async function unread(s: Session): Promise<number> {
  await t.app.changeFeed.sync();
  const res = await s.call('GET', '/api/notifications/unread-count');
  expect(res.statusCode).toBe(200);
  return res.json().count;
}
async function likePost(s: Session, postId: string, board: 'community' | 'divulgacao' = 'community') {
  const url = board === 'community' ? `/api/posts/${postId}/like` : `/api/divulgacao/posts/${postId}/like`;
  const res = await s.call('POST', url);
  expect(res.statusCode).toBe(200);
  return res.json() as { liked: boolean };
}
async function likeComment(s: Session, commentId: string) {
  const res = await s.call('POST', `/api/comments/${commentId}/like`);
  expect(res.statusCode).toBe(200);
  return res.json() as { liked: boolean };
}
/** Moves the member's notices back in time, as if their events happened `minutes` earlier. */
async function age(s: Session, minutes: number) {
  await t.db.execute(sql`update notifications set created_at = created_at - make_interval(mins => ${minutes}),
    updated_at = updated_at - make_interval(mins => ${minutes}) where recipient_user_id = ${s.user.id}`);
}
async function readAll(s: Session) {
  for (const n of await bell(s)) if (!n.isRead) await s.call('PATCH', `/api/notifications/${n.id}/read`);
}

describe('comments on my post', () => {
  it("tells the post's author, with a link to the comment, and never the commenter", async () => {
    const before = await unread(ana);
    const postId = await postBy(ana, 'Escalei com VSL de renda extra');
    const commentId = await commentOn(bruno, postId, 'Parabéns!');
    const [notice, ...rest] = about(await bell(ana), postId);
    expect(rest).toEqual([]);
    expect(notice).toMatchObject({
      kind: 'comment',
      title: 'Bruno comentou no seu post',
      description: 'Escalei com VSL de renda extra',
      link: `/dashboard?tab=comunidade&post=${postId}&comment=${commentId}`,
      isRead: false,
    });
    expect(await unread(ana)).toBe(before + 1);
    expect(about(await bell(bruno), postId)).toEqual([]);
  });

  it('tells nobody of a comment on your own post', async () => {
    const postId = await postBy(ana);
    await commentOn(ana, postId, 'Atualizando: já estou no lucro.');
    expect(about(await bell(ana), postId)).toEqual([]);
  });

  it('bundles the comments of 10 minutes into one notice: distinct people, the latest named, unread and on top again', async () => {
    const postId = await postBy(ana, 'Post dos comentários');
    await commentOn(bruno, postId, 'Um');
    await commentOn(carla, postId, 'Dois');
    await readAll(ana);
    const countRead = await unread(ana);
    // Another notice arrives meanwhile: the bundled one must move above it when a new comment comes.
    const otherPost = await postBy(ana, 'Outro post');
    await likePost(davi, otherPost);
    const lastComment = await commentOn(bruno, postId, 'Três');
    const list = await bell(ana);
    const notices = about(list, postId);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      title: 'Bruno e mais 1 comentaram no seu post',
      isRead: false,
      link: `/dashboard?tab=comunidade&post=${postId}&comment=${lastComment}`,
    });
    expect(list[0]?.id).toBe(notices[0]?.id);
    expect(await unread(ana)).toBe(countRead + 2); // Davi's like and the bundle, unread again
    await commentOn(davi, postId, 'Quatro');
    expect(about(await bell(ana), postId).map((n) => n.title)).toEqual([
      'Davi e mais 2 comentaram no seu post',
    ]);
  });

  it('opens a new notice once the window (10 minutes from the first comment) has passed', async () => {
    const postId = await postBy(ana, 'Janela de comentários');
    await commentOn(bruno, postId, 'Primeiro');
    await age(ana, 9);
    await commentOn(carla, postId, 'Ainda na janela');
    expect(about(await bell(ana), postId).map((n) => n.title)).toEqual([
      'Carla e mais 1 comentaram no seu post',
    ]);
    await age(ana, 2);
    await commentOn(davi, postId, 'Depois da janela');
    expect(about(await bell(ana), postId).map((n) => n.title)).toEqual([
      'Davi comentou no seu post',
      'Carla e mais 1 comentaram no seu post',
    ]);
  });

  it('a notice the member removed comes back, bundled, with the next event in its window', async () => {
    const postId = await postBy(ana, 'Post de aviso removido');
    await commentOn(bruno, postId, 'Primeiro');
    const [first] = about(await bell(ana), postId);
    expect((await ana.call('DELETE', `/api/notifications/${first?.id}`)).statusCode).toBe(200);
    const count = await unread(ana);
    await commentOn(carla, postId, 'Segundo');
    expect(about(await bell(ana), postId)).toMatchObject([
      { id: first?.id, title: 'Carla e mais 1 comentaram no seu post', isRead: false },
    ]);
    expect(await unread(ana)).toBe(count + 1);
  });

  it('a removed comment creates nothing', async () => {
    const postId = await postBy(ana, 'Post com comentário removido');
    const commentId = await commentOn(bruno, postId, 'Vou apagar');
    const list = await bell(ana);
    const count = await unread(ana);
    expect((await bruno.call('DELETE', `/api/comments/${commentId}`)).statusCode).toBe(200);
    expect(await bell(ana)).toEqual(list);
    expect(await unread(ana)).toBe(count);
  });

  it('gives a short excerpt of a long title', async () => {
    const title = `Como escalei ${'muito '.repeat(30)}rápido`;
    const postId = await postBy(ana, title);
    await commentOn(bruno, postId, 'Conta mais');
    const [notice] = about(await bell(ana), postId);
    expect(notice?.description.length).toBeLessThanOrEqual(EXCERPT_CHARS);
    expect(notice?.description.length).toBeGreaterThan(EXCERPT_CHARS - 8);
    expect(notice?.description.endsWith('…')).toBe(true);
    expect(title.startsWith(notice?.description.slice(0, -1) ?? 'x')).toBe(true);
  });
});

describe('replies to my comment', () => {
  it("tells the replied comment's author ('reply') and the post's author ('comment'), never the one replying", async () => {
    const postId = await postBy(ana, 'Post com respostas');
    const brunos = await commentOn(bruno, postId, 'Qual o seu CPA hoje?');
    await readAll(ana);
    const reply = await commentOn(carla, postId, 'Uns R$ 30', brunos);
    const [toBruno, ...restBruno] = about(await bell(bruno), postId);
    expect(restBruno).toEqual([]);
    expect(toBruno).toMatchObject({
      kind: 'reply',
      title: 'Carla respondeu ao seu comentário',
      description: 'Qual o seu CPA hoje?',
      link: `/dashboard?tab=comunidade&post=${postId}&comment=${reply}`,
      isRead: false,
    });
    expect(about(await bell(ana), postId).map((n) => [n.kind, n.title, n.isRead])).toEqual([
      ['comment', 'Carla e mais 1 comentaram no seu post', false],
    ]);
    expect(about(await bell(carla), postId)).toEqual([]);
  });

  it("the post's author replied to gets the 'reply' only", async () => {
    const postId = await postBy(ana, 'Respondido no próprio post');
    const anas = await commentOn(ana, postId, 'Alguém testou em Portugal?');
    await commentOn(bruno, postId, 'Eu testei', anas);
    expect(about(await bell(ana), postId).map((n) => [n.kind, n.title])).toEqual([
      ['reply', 'Bruno respondeu ao seu comentário'],
    ]);
  });

  it('a reply to your own comment tells only the post author; replies bundle per post in 10 minutes', async () => {
    const postId = await postBy(ana, 'Bundle de respostas');
    const brunos = await commentOn(bruno, postId, 'Primeira dúvida');
    await commentOn(bruno, postId, 'Complemento', brunos);
    expect(about(await bell(bruno), postId)).toEqual([]);
    await commentOn(carla, postId, 'Resposta 1', brunos);
    await commentOn(davi, postId, 'Resposta 2', brunos);
    await commentOn(carla, postId, 'Resposta 3', brunos);
    expect(about(await bell(bruno), postId).map((n) => n.title)).toEqual([
      'Carla e mais 1 responderam ao seu comentário',
    ]);
    await age(bruno, 11);
    await commentOn(davi, postId, 'Resposta 4', brunos);
    expect(about(await bell(bruno), postId).map((n) => n.title)).toEqual([
      'Davi respondeu ao seu comentário',
      'Carla e mais 1 responderam ao seu comentário',
    ]);
  });
});

describe('likes', () => {
  it('tells the author of a like on a post, bundles per hour, and never for your own like or a like taken back', async () => {
    const postId = await postBy(ana, 'Post curtido');
    await likePost(ana, postId);
    expect(about(await bell(ana), postId)).toEqual([]);
    expect((await likePost(bruno, postId)).liked).toBe(true);
    expect(about(await bell(ana), postId)).toMatchObject([
      { kind: 'like', title: 'Bruno curtiu seu post', link: `/dashboard?tab=comunidade&post=${postId}` },
    ]);
    await readAll(ana);
    const count = await unread(ana);
    const list = await bell(ana);
    // Taken back and given again within the hour: nothing new, still read.
    expect((await likePost(bruno, postId)).liked).toBe(false);
    expect((await likePost(bruno, postId)).liked).toBe(true);
    expect(await bell(ana)).toEqual(list);
    expect(await unread(ana)).toBe(count);
    await age(ana, 59);
    await likePost(carla, postId);
    expect(about(await bell(ana), postId).map((n) => [n.title, n.isRead])).toEqual([
      ['Carla e mais 1 curtiram seu post', false],
    ]);
    expect(await unread(ana)).toBe(count + 1);
    await age(ana, 2);
    await likePost(davi, postId);
    expect(about(await bell(ana), postId).map((n) => n.title)).toEqual([
      'Davi curtiu seu post',
      'Carla e mais 1 curtiram seu post',
    ]);
  });

  it('bundles likes given at the same time into one notice', async () => {
    const postId = await postBy(ana, 'Curtidas simultâneas');
    const likers = [bruno, carla, davi];
    for (let i = 0; i < 3; i++) likers.push(await signedInMember(t, { name: `Membro ${i}` }));
    await Promise.all(likers.map((s) => likePost(s, postId)));
    const notices = about(await bell(ana), postId);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.title).toMatch(/ e mais 5 curtiram seu post$/);
  });

  it('tells the author of a like on a comment, apart from the likes on the post', async () => {
    const postId = await postBy(ana, 'Post do comentário curtido');
    const commentId = await commentOn(bruno, postId, 'Um comentário que merece curtidas');
    await likeComment(bruno, commentId);
    expect(about(await bell(bruno), postId)).toEqual([]);
    await likeComment(ana, commentId);
    await likeComment(carla, commentId);
    await likePost(carla, postId);
    expect(about(await bell(bruno), postId)).toMatchObject([
      {
        kind: 'like',
        title: 'Carla e mais 1 curtiram seu comentário',
        description: 'Um comentário que merece curtidas',
        link: `/dashboard?tab=comunidade&post=${postId}&comment=${commentId}`,
      },
    ]);
    expect(about(await bell(ana), postId).map((n) => [n.kind, n.title])).toEqual([
      ['like', 'Carla curtiu seu post'],
      ['comment', 'Bruno comentou no seu post'],
    ]);
  });

  it("a promotion post's notices open the Divulgação tab", async () => {
    const postId = await postBy(ana, 'Faço criativos', 'divulgacao');
    await likePost(bruno, postId, 'divulgacao');
    expect(about(await bell(ana), postId)).toMatchObject([
      { kind: 'like', link: `/dashboard?tab=divulgacao&post=${postId}` },
    ]);
  });
});

describe('the link opens the post', () => {
  it("GET the board's post by id answers the card the link points at, on its own board only", async () => {
    const postId = await postBy(ana, 'Post aberto pelo sino');
    await likePost(bruno, postId);
    const [notice] = about(await bell(ana), postId);
    const target = new URL(notice?.link ?? '/', 'http://app.invalid');
    expect(target.pathname).toBe('/dashboard');
    expect(target.searchParams.get('tab')).toBe('comunidade');
    const res = await ana.call('GET', `/api/community/posts/${target.searchParams.get('post')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: postId,
      title: 'Post aberto pelo sino',
      likeCount: 1,
      likedByMe: false,
    });
    expect((await bruno.call('GET', `/api/community/posts/${postId}`)).json().likedByMe).toBe(true);
    expect((await ana.call('GET', `/api/divulgacao/posts/${postId}`)).statusCode).toBe(404);
    expect((await ana.call('DELETE', `/api/community/posts/${postId}`)).statusCode).toBe(200);
    expect((await ana.call('GET', `/api/community/posts/${postId}`)).statusCode).toBe(404);
    expect((await ana.call('GET', '/api/community/posts/not-an-id')).statusCode).toBe(400);
  });
});
