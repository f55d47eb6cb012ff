import type { InfiniteData } from '@tanstack/react-query';
import { useQuery } from '@tanstack/react-query';
import type { Post, PostPage } from '../../../../shared/schemas/community';
import { api } from '../../../lib/api-client';
import { type Board, communityKeys } from './board';

/**
 * GET {board}/posts/{id}: the one post a notice's link opens (`?post=<id>`). Cached as a one-item feed page under
 * the board's feed keys, so likes, comment counts (patchPost) and a deletion (the feeds' invalidation) reach it
 * like any card of the feed.
 */
export function usePost(board: Board, id: string | null) {
  return useQuery({
    queryKey: [...communityKeys.feeds(board.kind), 'post', id],
    queryFn: async (): Promise<InfiniteData<PostPage>> => {
      const post = await api.get<Post>(`${board.base}/${encodeURIComponent(id ?? '')}`);
      return { pages: [{ items: [post], total: 1, page: 1, pageSize: 1, imageBase: '' }], pageParams: [1] };
    },
    select: (data) => data.pages[0]?.items[0],
    enabled: Boolean(id),
  });
}
