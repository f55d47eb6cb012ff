import type { CurrentUser } from '../../../shared/schemas/auth';
import type { Comment, Post, PostPage } from '../../../shared/schemas/community';

/** Test fixtures shaped like the API contract (src/shared/schemas/community.ts). */
export const ME = 'aaaaaaaa-0000-4000-8000-000000000001';
export const OTHER = 'bbbbbbbb-0000-4000-8000-000000000002';

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: ME,
    name: 'Ana Souza',
    email: 'ana@exemplo.com',
    createdAt: '2025-01-10T12:00:00.000Z',
    lastLogin: null,
    planType: 'mensal',
    uniqueId: 'ESC-0001',
    status: 'Ativo',
    emailVerified: true,
    isAdmin: false,
    balance: 0,
    points: 0,
    ...overrides,
  };
}

export function makePost(overrides: Partial<Post> = {}): Post {
  return {
    id: 'p1',
    userId: OTHER,
    userName: 'Bruno Lima',
    userAvatar: null,
    title: 'Escalei minha VSL',
    description: 'Resultado do mês.',
    image: null,
    nicho: 'Emagrecimento',
    formato: 'VSL',
    categoria: 'Marketing Direto',
    createdAt: '2026-11-20T12:00:00.000Z',
    likeCount: 3,
    commentCount: 0,
    likedByMe: false,
    mentions: {},
    ...overrides,
  };
}

export function makePage(items: Post[], overrides: Partial<PostPage> = {}): PostPage {
  return { items, total: items.length, page: 1, pageSize: 20, imageBase: '/uploads', ...overrides };
}

export function makeComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: 'c1',
    postId: 'p1',
    userId: OTHER,
    userName: 'Bruno Lima',
    userAvatar: null,
    content: 'Muito bom!',
    parentId: null,
    likes: 0,
    isLiked: false,
    mentions: {},
    createdAt: '2026-11-20T13:05:00.000Z',
    ...overrides,
  };
}
