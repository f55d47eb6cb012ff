import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  POST_DELETE_FORBIDDEN,
  POST_DELETED,
  POST_IMAGE_BAD_TYPE,
  POST_IMAGE_INVALID,
  POST_IMAGE_TOO_LARGE,
  POST_NOT_FOUND,
  POST_REQUIRED,
  POST_TITLE_TOO_LONG,
} from '../../../shared/schemas/community';
import { commentLikes, postComments, postLikes, posts, users } from '../../db/schema/index';
import { multipart, TINY_PNG } from '../../testing/multipart';
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

function uploadImage(session: Session, data: Buffer, filename = 'foto.png') {
  const body = multipart({ filename, contentType: 'image/png', data });
  return t.request({
    method: 'POST',
    url: '/api/uploads/post-image',
    payload: body.payload,
    headers: { ...body.headers, cookie: session.cookie },
  });
}

const anonymous = (url: string) => t.request({ method: 'GET', url });

describe('publishing posts', () => {
  it('creates a community post with the spec fields and the author, readable by visitors', async () => {
    const res = await publish(ana, validCommunityPost);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      ...validCommunityPost,
      userId: ana.user.id,
      userName: 'Ana',
      userAvatar: null,
      image: null,
      likeCount: 0,
      commentCount: 0,
      likedByMe: false,
    });
    expect(Date.parse(created.createdAt)).not.toBeNaN();

    const feed = await anonymous('/api/community/posts');
    expect(feed.statusCode).toBe(200);
    expect(feed.json().items.map((p: { id: string }) => p.id)).toContain(created.id);
    // Kept apart: the promotion board does not show it.
    const board = (await anonymous('/api/divulgacao/posts')).json();
    expect(board.items.map((p: { id: string }) => p.id)).not.toContain(created.id);
  });

  it("refuses missing fields with the spec's message and oversized texts with their own, 400", async () => {
    const cases: [object, string][] = [
      [{}, POST_REQUIRED],
      [{ ...validCommunityPost, title: '   ' }, POST_REQUIRED],
      [{ ...validCommunityPost, description: '' }, POST_REQUIRED],
      [{ ...validCommunityPost, nicho: undefined }, POST_REQUIRED],
      [{ ...validCommunityPost, categoria: '' }, POST_REQUIRED],
      [{ ...validCommunityPost, title: 'x'.repeat(201) }, POST_TITLE_TOO_LONG],
      [
        { ...validCommunityPost, description: 'x'.repeat(5001) },
        'A descrição deve ter no máximo 5000 caracteres.',
      ],
      [{ ...validCommunityPost, nicho: 'Cripto' }, 'Nicho inválido.'],
    ];
    for (const [body, message] of cases) {
      const res = await publish(ana, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    // Promotion: the description may be empty, the selects come from the promotion lists.
    expect((await publish(ana, { ...validPromotionPost, description: '' }, 'divulgacao')).statusCode).toBe(
      201,
    );
    const wrongList = await publish(ana, { ...validPromotionPost, categoria: 'E-Commerce' }, 'divulgacao');
    expect(wrongList.statusCode).toBe(400);
    expect(wrongList.json().message).toBe('Tipo inválido: escolha Vendedor ou Cliente.');
    const noTitle = await publish(ana, { ...validPromotionPost, title: '' }, 'divulgacao');
    expect(noTitle.json()).toEqual({ message: POST_REQUIRED });
    const huge = await publish(ana, { ...validPromotionPost, description: 'x'.repeat(20_001) }, 'divulgacao');
    expect(huge.statusCode).toBe(400);
  });

  it('refuses hostile input with a Portuguese 4xx and stores nothing', async () => {
    const before = await t.db.select({ n: count() }).from(posts);
    const nul = await publish(ana, { ...validCommunityPost, title: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toMatch(/caracteres inválidos/);
    const notObject = await t.request({
      method: 'POST',
      url: '/api/community/posts',
      headers: { cookie: ana.cookie, 'content-type': 'application/json' },
      payload: '"texto"',
    });
    expect(notObject.statusCode).toBe(400);
    const wrongTypes = await publish(ana, { ...validCommunityPost, title: ['a'], image: 42 });
    expect(wrongTypes.statusCode).toBe(400);
    const tooBig = await publish(ana, { ...validCommunityPost, description: 'x'.repeat(2_000_000) });
    expect(tooBig.statusCode).toBe(413);
    for (const url of [
      '/api/community/posts?page=0',
      '/api/community/posts?pageSize=1000',
      '/api/community/posts?sort=likes',
      '/api/community/posts?nicho=%00',
      `/api/community/posts?search=${'a'.repeat(201)}`,
      '/api/community/posts/like-counts?ids=nao-e-uuid',
      '/api/posts/nao-e-uuid/comments',
    ]) {
      const res = await anonymous(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message, url).toMatch(/[a-zà-ú]/i);
    }
    const badId = await ana.call('DELETE', '/api/community/posts/123');
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toEqual({ message: 'Post inválido.' });
    expect(await t.db.select({ n: count() }).from(posts)).toEqual(before);
  });

  it('needs a session to publish, and answers 401 to "Meus Posts" without one', async () => {
    const res = await t.request({ method: 'POST', url: '/api/community/posts', payload: validCommunityPost });
    expect(res.statusCode).toBe(401);
    const mine = await anonymous('/api/community/posts?mine=1');
    expect(mine.statusCode).toBe(401);
  });
});

describe('post images', () => {
  it('stores a PNG up to 10 MB in the posts folder and accepts it as the image', async () => {
    const nineMb = Buffer.concat([TINY_PNG, Buffer.alloc(9 * 1024 * 1024)]);
    const up = await uploadImage(ana, nineMb);
    expect(up.statusCode).toBe(201);
    const { url } = up.json();
    expect(url).toMatch(/^\/uploads\/posts\/[a-f0-9]{32}\.png$/);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
    const res = await publish(ana, { ...validCommunityPost, image: url });
    expect(res.statusCode).toBe(201);
    expect(res.json().image).toBe(url);
  });

  it('refuses over 10 MB (413), non-images by their bytes (415) and images not stored as post images (400)', async () => {
    const over = await uploadImage(ana, Buffer.concat([TINY_PNG, Buffer.alloc(10 * 1024 * 1024)]));
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe(POST_IMAGE_TOO_LARGE);
    const html = await uploadImage(ana, Buffer.from('<html><script>alert(1)</script></html>'.repeat(4)));
    expect(html.statusCode).toBe(415);
    expect(html.json().message).toBe(POST_IMAGE_BAD_TYPE);
    const creative = await t.request({
      method: 'POST',
      url: '/api/uploads/creative',
      ...(() => {
        const body = multipart({ filename: 'c.png', contentType: 'image/png', data: TINY_PNG });
        return { payload: body.payload, headers: { ...body.headers, cookie: ana.cookie } };
      })(),
    });
    for (const image of [
      'https://evil.example/x.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      creative.json().url,
    ]) {
      const res = await publish(ana, { ...validCommunityPost, image });
      expect(res.statusCode, image).toBe(400);
      expect(res.json().message).toBe(POST_IMAGE_INVALID);
    }
  });

  it("keeps only [IMAGE:url] markers of this app's storage in a promotion post", async () => {
    const own = (await uploadImage(ana, TINY_PNG)).json().url;
    const description = [
      'Primeiro bloco',
      `[IMAGE:${own}]`,
      '[IMAGE:https://evil.example/track.png]',
      '[IMAGE:data:image/png;base64,AAAA]',
      '[IMAGE:javascript:alert(1)]',
      '[IMAGE:/uploads/posts/../../etc/passwd]',
      // This app's storage, but not a post image: the client would not show it, so it is not kept.
      `[IMAGE:${own.replace('/posts/', '/avatars/')}]`,
      `[IMAGE:${own.replace(/\.png$/, '.gif')}]`,
      'Segundo bloco com [IMAGE:',
    ].join('\n\n');
    const res = await publish(ana, { ...validPromotionPost, description }, 'divulgacao');
    expect(res.statusCode).toBe(201);
    expect(res.json().description).toBe(`Primeiro bloco\n\n[IMAGE:${own}]\n\nSegundo bloco com [IMAGE:`);
    const [stored] = await t.db.select().from(posts).where(eq(posts.id, res.json().id));
    expect(stored?.description).toBe(res.json().description);
    // Every feed page names the storage base the client checks markers against (the same rule).
    const feed = await ana.call('GET', '/api/divulgacao/posts');
    expect(feed.json().imageBase).toBe('/uploads');
    expect(own.startsWith(`${feed.json().imageBase}/posts/`)).toBe(true);
  });
});

describe('feeds', () => {
  let owner: Session;
  beforeAll(async () => {
    owner = await signedInMember(t, { name: 'Carla Feeds' });
    const base = Date.parse('2030-01-01T12:00:00Z');
    for (let i = 0; i < 25; i++) {
      await createPostRow(t.db, owner.user.id, {
        title: `Feed ${String(i).padStart(2, '0')}`,
        description: i === 7 ? 'Tem 100% de ROAS_alto aqui' : 'comum',
        nicho: i % 2 === 0 ? 'Saúde' : 'Outros',
        formato: i % 3 === 0 ? 'Quiz' : 'VSL',
        categoria: i % 5 === 0 ? 'Dropshipping' : 'E-Commerce',
        createdAt: new Date(base + i * 60_000),
      });
    }
  });

  const feedOf = async (query: string, session?: Session) => {
    const url = `/api/community/posts?${query}`;
    const res = session ? await session.call('GET', url) : await anonymous(url);
    expect(res.statusCode, query).toBe(200);
    return res.json() as { items: { title: string; userId: string }[]; total: number };
  };

  it('pages in the database, newest or oldest first', async () => {
    const first = await feedOf(`mine=1&pageSize=10`, owner);
    expect(first.total).toBe(25);
    expect(first.items.map((p) => p.title).slice(0, 3)).toEqual(['Feed 24', 'Feed 23', 'Feed 22']);
    const third = await feedOf(`mine=1&pageSize=10&page=3`, owner);
    expect(third.items.map((p) => p.title)).toEqual(['Feed 04', 'Feed 03', 'Feed 02', 'Feed 01', 'Feed 00']);
    const oldest = await feedOf(`mine=true&sort=oldest&pageSize=2`, owner);
    expect(oldest.items.map((p) => p.title)).toEqual(['Feed 00', 'Feed 01']);
    expect((await feedOf(`mine=1&page=99`, owner)).items).toEqual([]);
  });

  it('filters by nicho, formato, categoria and mine, and searches title and description literally', async () => {
    const saude = await feedOf(`mine=1&nicho=${encodeURIComponent('Saúde')}&pageSize=50`, owner);
    expect(saude.total).toBe(13);
    const combined = await feedOf(`mine=1&nicho=Outros&formato=Quiz&categoria=Dropshipping`, owner);
    expect(combined.items.map((p) => p.title)).toEqual(['Feed 15']);
    expect((await feedOf('nicho=todos&pageSize=1')).total).toBeGreaterThanOrEqual(25);
    const search = await feedOf(`search=${encodeURIComponent('100% de ROAS_alto')}`);
    expect(search.items.map((p) => p.title)).toEqual(['Feed 07']);
    expect(
      (await feedOf(`search=${encodeURIComponent('%')}&mine=1`, owner)).items.map((p) => p.title),
    ).toEqual(['Feed 07']);
    expect((await feedOf('search=feed%2024')).items.map((p) => p.title)).toEqual(['Feed 24']);
    expect((await feedOf('search=FE')).total).toBeGreaterThanOrEqual(25);
    // Someone else's "Meus Posts" does not show Carla's.
    expect((await feedOf('mine=1', bruno)).items.every((p) => p.userId === bruno.user.id)).toBe(true);
  });
});

describe('deleting posts', () => {
  it('lets the author delete their post and the administrator any; others get 403', async () => {
    const own = (await publish(ana, validCommunityPost)).json();
    const forbidden = await bruno.call('DELETE', `/api/community/posts/${own.id}`);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: POST_DELETE_FORBIDDEN });
    const ok = await ana.call('DELETE', `/api/community/posts/${own.id}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: POST_DELETED });
    const again = await ana.call('DELETE', `/api/community/posts/${own.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: POST_NOT_FOUND });

    const promo = (await publish(bruno, validPromotionPost, 'divulgacao')).json();
    expect((await ana.call('DELETE', `/api/divulgacao/posts/${promo.id}`)).statusCode).toBe(403);
    // Kept apart: a promotion post is not found through the community path.
    expect((await admin.call('DELETE', `/api/community/posts/${promo.id}`)).statusCode).toBe(404);
    expect((await admin.call('DELETE', `/api/divulgacao/posts/${promo.id}`)).statusCode).toBe(200);
    expect((await anonymous(`/api/posts/${promo.id}/comments`)).statusCode).toBe(404);
  });

  it('removes comments, replies and likes with the post and takes back the points its likes gave', async () => {
    const author = await signedInMember(t, { name: 'Autora' });
    const likers = await Promise.all([1, 2, 3].map(() => signedInMember(t)));
    const created = (await publish(author, validCommunityPost)).json();
    for (const s of likers)
      expect((await s.call('POST', `/api/posts/${created.id}/like`)).json().liked).toBe(true);
    await author.call('POST', `/api/posts/${created.id}/like`);
    expect(await pointsOf(t.db, author.user.id)).toBe(3);
    const top = (
      await likers[0]!.call('POST', `/api/posts/${created.id}/comments`, { content: 'Boa!' })
    ).json();
    await likers[1]!.call('POST', `/api/posts/${created.id}/comments`, {
      content: 'Valeu',
      parentId: top.id,
    });
    await likers[2]!.call('POST', `/api/comments/${top.id}/like`);

    expect((await author.call('DELETE', `/api/community/posts/${created.id}`)).statusCode).toBe(200);
    expect(await pointsOf(t.db, author.user.id)).toBe(0);
    for (const table of [postLikes, postComments]) {
      const [row] = await t.db.select({ n: count() }).from(table).where(eq(table.postId, created.id));
      expect(row?.n).toBe(0);
    }
    const [likesLeft] = await t.db
      .select({ n: count() })
      .from(commentLikes)
      .where(eq(commentLikes.commentId, top.id));
    expect(likesLeft?.n).toBe(0);
    expect((await author.call('GET', '/api/user/likes')).json()).toEqual({ likes: 0 });
  });

  it('takes back only the points of the deleted post, never below 0, and none for a promotion post', async () => {
    const author = await signedInMember(t);
    const fan = await signedInMember(t);
    const keep = (await publish(author, validCommunityPost)).json();
    const drop = (await publish(author, validCommunityPost)).json();
    await fan.call('POST', `/api/posts/${keep.id}/like`);
    await fan.call('POST', `/api/posts/${drop.id}/like`);
    expect(await pointsOf(t.db, author.user.id)).toBe(2);
    await author.call('DELETE', `/api/community/posts/${drop.id}`);
    expect(await pointsOf(t.db, author.user.id)).toBe(1);

    const promo = (await publish(author, validPromotionPost, 'divulgacao')).json();
    await fan.call('POST', `/api/divulgacao/posts/${promo.id}/like`);
    expect(await pointsOf(t.db, author.user.id)).toBe(1);
    await author.call('DELETE', `/api/divulgacao/posts/${promo.id}`);
    expect(await pointsOf(t.db, author.user.id)).toBe(1);

    const other = (await publish(author, validCommunityPost)).json();
    await fan.call('POST', `/api/posts/${other.id}/like`);
    await t.db.update(users).set({ points: 0 }).where(eq(users.id, author.user.id));
    await admin.call('DELETE', `/api/community/posts/${other.id}`);
    expect(await pointsOf(t.db, author.user.id)).toBe(0);
  });

  it('removes the stored image of a deleted post unless another post shows it', async () => {
    const url = (await uploadImage(ana, TINY_PNG)).json().url;
    const first = (await publish(ana, { ...validCommunityPost, image: url })).json();
    const second = (
      await publish(ana, { ...validPromotionPost, description: `Veja [IMAGE:${url}]` }, 'divulgacao')
    ).json();
    await ana.call('DELETE', `/api/community/posts/${first.id}`);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
    await ana.call('DELETE', `/api/divulgacao/posts/${second.id}`);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
  });
});
