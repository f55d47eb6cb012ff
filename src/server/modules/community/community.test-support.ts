import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../db/client';
import { postLikes, posts, users } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type Session, signedInAdmin, signedInMember } from '../offers/offers.test-support';

export { type Session, signedInAdmin, signedInMember } from '../offers/offers.test-support';

export type PostRow = typeof posts.$inferSelect;

/** A post inserted directly (fixtures for paging, filters and the ranking); any column can be overridden. */
export async function createPostRow(
  db: Db,
  userId: string,
  overrides: Partial<typeof posts.$inferInsert> = {},
): Promise<PostRow> {
  const kind = overrides.kind ?? 'community';
  const [row] = await db
    .insert(posts)
    .values({
      kind,
      userId,
      title: 'Post de teste',
      description: 'Descrição do post de teste',
      nicho: kind === 'community' ? 'Renda Extra' : 'Serviço',
      formato: kind === 'community' ? 'VSL' : 'Texto',
      categoria: kind === 'community' ? 'E-Commerce' : 'Vendedor',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('post insert returned nothing');
  return row;
}

/** A like row at a fixed instant (the ranking's month boundary); counters are not touched. */
export async function insertLikeAt(db: Db, postId: string, userId: string, createdAt: Date) {
  await db.insert(postLikes).values({ postId, userId, createdAt });
}

export async function pointsOf(db: Db, userId: string): Promise<number | undefined> {
  const [row] = await db.select({ points: users.points }).from(users).where(eq(users.id, userId));
  return row?.points;
}

export const validCommunityPost = {
  title: 'Minha primeira campanha',
  description: 'Escalei uma oferta de renda extra com VSL.',
  nicho: 'Renda Extra',
  formato: 'VSL',
  categoria: 'E-Commerce',
};

export const validPromotionPost = {
  title: 'Faço criativos',
  description: 'Criativos em vídeo para Meta Ads.',
  nicho: 'Criativos',
  formato: 'Vídeo',
  categoria: 'Vendedor',
};

export const publish = (session: Session, body: object, board: 'community' | 'divulgacao' = 'community') =>
  session.call('POST', `/api/${board}/posts`, body);

/** Publishes a post through the route (201 expected) and gives its id; the valid post's fields with this title. */
export async function postBy(
  s: Session,
  title = validCommunityPost.title,
  board: 'community' | 'divulgacao' = 'community',
): Promise<string> {
  const body = board === 'community' ? validCommunityPost : validPromotionPost;
  const res = await publish(s, { ...body, title }, board);
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

/** Comments on a post through the route (201 expected), a reply when `parentId` is given; gives the comment's id. */
export async function commentOn(
  s: Session,
  postId: string,
  content = 'Ótimo post, obrigado!',
  parentId?: string,
): Promise<string> {
  const res = await s.call('POST', `/api/posts/${postId}/comments`, {
    content,
    ...(parentId ? { parentId } : {}),
  });
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
}

/** The community tests' cast: an app on its own database, two members (Ana, Bruno) and the administrator. */
export async function communityTestApp(): Promise<{
  t: TestApp;
  ana: Session;
  bruno: Session;
  admin: Session;
}> {
  const t = await createTestApp();
  const ana = await signedInMember(t, { name: 'Ana' });
  const bruno = await signedInMember(t, { name: 'Bruno' });
  const admin = await signedInAdmin(t);
  return { t, ana, bruno, admin };
}
