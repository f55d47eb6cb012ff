/**
 * The two boards (the community feed and the promotion board): same calls, same shape, their own
 * API paths, their own dashboard tab and publishing page.
 */
export type BoardKind = 'community' | 'promotion';

export interface Board {
  kind: BoardKind;
  /** GET (feed), POST (create); `${base}/{id}` DELETE. */
  base: string;
  likePath: (id: string) => string;
  /** The dashboard tab that shows it and the page that publishes to it. */
  tab: 'comunidade' | 'divulgacao';
  publishPath: '/publicar-post' | '/publicar-divulgacao';
}

export const COMMUNITY_BOARD: Board = {
  kind: 'community',
  base: '/api/community/posts',
  likePath: (id) => `/api/posts/${encodeURIComponent(id)}/like`,
  tab: 'comunidade',
  publishPath: '/publicar-post',
};

export const PROMOTION_BOARD: Board = {
  kind: 'promotion',
  base: '/api/divulgacao/posts',
  likePath: (id) => `/api/divulgacao/posts/${encodeURIComponent(id)}/like`,
  tab: 'divulgacao',
  publishPath: '/publicar-divulgacao',
};

/** Feed filters the screen sends (paging is added per page); empty means all. */
export interface FeedFilters {
  search?: string;
  nicho?: string;
  formato?: string;
  categoria?: string;
  mine: boolean;
  sort: 'recent' | 'oldest';
}

export const communityKeys = {
  all: ['community'] as const,
  feeds: (kind: BoardKind) => ['community', 'feed', kind] as const,
  feed: (kind: BoardKind, filters: FeedFilters) => ['community', 'feed', kind, filters] as const,
  comments: (postId: string) => ['community', 'comments', postId] as const,
  profile: (userId: string) => ['community', 'profile', userId] as const,
  ranking: ['community', 'ranking'] as const,
};

/** Where the 'Publicar' button remembers which feed it came from (in the browser session). */
export const PUBLISH_FROM_KEY = 'publicar:origem';
