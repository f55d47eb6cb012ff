import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { POST_PAGE_SIZE } from '../../../../shared/community-constants';
import type { PostPage } from '../../../../shared/schemas/community';
import { api } from '../../../lib/api-client';
import { type Board, communityKeys, type FeedFilters } from './board';

/** The feed path for one page: empty filters are left out, the order is fixed. */
export function feedPath(board: Board, filters: FeedFilters, page: number) {
  const query = new URLSearchParams();
  for (const key of ['search', 'nicho', 'formato', 'categoria'] as const) {
    const value = filters[key];
    if (value) query.set(key, value);
  }
  if (filters.mine) query.set('mine', '1');
  query.set('sort', filters.sort);
  query.set('page', String(page));
  query.set('pageSize', String(POST_PAGE_SIZE));
  return `${board.base}?${query}`;
}

/** The feed, filtered, sorted and paged on the server; each card carries its counts and the reader's like. */
export function usePosts(board: Board, filters: FeedFilters) {
  return useInfiniteQuery({
    queryKey: communityKeys.feed(board.kind, filters),
    queryFn: ({ pageParam }) => api.get<PostPage>(feedPath(board, filters, pageParam)),
    initialPageParam: 1,
    getNextPageParam: (last: PostPage) =>
      last.page * last.pageSize < last.total ? last.page + 1 : undefined,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
