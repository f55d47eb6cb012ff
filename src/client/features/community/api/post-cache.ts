import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Post, PostPage } from '../../../../shared/schemas/community';
import { type BoardKind, communityKeys } from './board';

/** Patches one post in every loaded page of a board's feeds (likes, comment counts). */
export function patchPost(
  queryClient: QueryClient,
  kind: BoardKind,
  id: string,
  patch: Partial<Post> | ((post: Post) => Partial<Post>),
) {
  queryClient.setQueriesData<InfiniteData<PostPage>>({ queryKey: communityKeys.feeds(kind) }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((post) =>
              post.id === id ? { ...post, ...(typeof patch === 'function' ? patch(post) : patch) } : post,
            ),
          })),
        }
      : data,
  );
}
