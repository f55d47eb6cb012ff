import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LikeToggleResult, MessageBody } from '../../../../shared/schemas/common';
import type { Post } from '../../../../shared/schemas/community';
import { api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { type Board, communityKeys } from './board';
import { patchPost } from './post-cache';

type LikeTarget = Pick<Post, 'id' | 'likedByMe' | 'likeCount'>;

/** The like toggle of a post: shown at once, corrected by the server's answer, rolled back on failure. */
export function useTogglePostLike(board: Board) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: LikeTarget) => api.post<LikeToggleResult>(board.likePath(post.id)),
    onMutate: (post) =>
      patchPost(queryClient, board.kind, post.id, {
        likedByMe: !post.likedByMe,
        likeCount: Math.max(0, post.likeCount + (post.likedByMe ? -1 : 1)),
      }),
    onSuccess: (result, post) => {
      patchPost(queryClient, board.kind, post.id, { likedByMe: result.liked, likeCount: result.likeCount });
      // The ranking counts likes: refresh it the next time it is opened.
      queryClient.invalidateQueries({ queryKey: communityKeys.ranking, refetchType: 'none' });
    },
    onError: (_error, post) => {
      patchPost(queryClient, board.kind, post.id, { likedByMe: post.likedByMe, likeCount: post.likeCount });
      toast.error('Não foi possível curtir o post. Tente novamente.');
    },
  });
}

/** Deletes a post (the author's own, or any for the administrator) and refreshes the feeds. */
export function useDeletePost(board: Board) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageBody>(`${board.base}/${encodeURIComponent(id)}`),
    onSuccess: () => {
      toast.success('Post deletado', { description: 'O post foi removido com sucesso.' });
      return queryClient.invalidateQueries({ queryKey: communityKeys.feeds(board.kind) });
    },
    onError: () => {
      toast.error('Erro ao deletar', { description: 'Não foi possível deletar o post. Tente novamente.' });
    },
  });
}
