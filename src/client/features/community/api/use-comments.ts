import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LikeToggleResult, MessageBody } from '../../../../shared/schemas/common';
import type { Comment } from '../../../../shared/schemas/community';
import { ApiError, api } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { type BoardKind, communityKeys } from './board';
import { patchPost } from './post-cache';

const commentsPath = (postId: string) => `/api/posts/${encodeURIComponent(postId)}/comments`;

/** GET /api/posts/{postId}/comments: oldest first, replies carry their top-level comment's id. */
export function useComments(postId: string) {
  return useQuery({
    queryKey: communityKeys.comments(postId),
    queryFn: () => api.get<Comment[]>(commentsPath(postId)),
    staleTime: 15_000,
  });
}

/** Adds a comment or a reply; the post's comment count follows. */
export function useAddComment(kind: BoardKind, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { content: string; parentId?: string }) =>
      api.post<Comment>(commentsPath(postId), input),
    onSuccess: (created) => {
      queryClient.setQueryData<Comment[]>(communityKeys.comments(postId), (list) =>
        list ? [...list, created] : [created],
      );
      patchPost(queryClient, kind, postId, (post) => ({ commentCount: post.commentCount + 1 }));
      toast.success('Comentário adicionado', { description: 'Seu comentário foi publicado com sucesso' });
    },
    onError: (error) => {
      const message =
        error instanceof ApiError && error.message
          ? error.message
          : 'Não foi possível adicionar o comentário';
      toast.error('Erro', { description: message });
    },
  });
}

function patchComment(
  queryClient: ReturnType<typeof useQueryClient>,
  postId: string,
  id: string,
  patch: Partial<Comment>,
) {
  queryClient.setQueryData<Comment[]>(communityKeys.comments(postId), (list) =>
    list?.map((comment) => (comment.id === id ? { ...comment, ...patch } : comment)),
  );
}

/** The like toggle of a comment, optimistic like the posts'. */
export function useToggleCommentLike(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (comment: Pick<Comment, 'id' | 'isLiked' | 'likes'>) =>
      api.post<LikeToggleResult>(`/api/comments/${encodeURIComponent(comment.id)}/like`),
    onMutate: (comment) =>
      patchComment(queryClient, postId, comment.id, {
        isLiked: !comment.isLiked,
        likes: Math.max(0, comment.likes + (comment.isLiked ? -1 : 1)),
      }),
    onSuccess: (result, comment) =>
      patchComment(queryClient, postId, comment.id, { isLiked: result.liked, likes: result.likeCount }),
    onError: (_error, comment) => {
      patchComment(queryClient, postId, comment.id, { isLiked: comment.isLiked, likes: comment.likes });
      toast.error('Não foi possível curtir o comentário');
    },
  });
}

/** Deletes a comment (a top-level comment takes its replies with it); the list and the count are re-read. */
export function useDeleteComment(kind: BoardKind, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<MessageBody>(`/api/comments/${encodeURIComponent(id)}`),
    onSuccess: async (_result, id) => {
      const before = queryClient.getQueryData<Comment[]>(communityKeys.comments(postId)) ?? [];
      const removed = before.filter((c) => c.id === id || c.parentId === id).length;
      queryClient.setQueryData<Comment[]>(communityKeys.comments(postId), (list) =>
        list?.filter((c) => c.id !== id && c.parentId !== id),
      );
      if (removed > 0)
        patchPost(queryClient, kind, postId, (post) => ({
          commentCount: Math.max(0, post.commentCount - removed),
        }));
      toast.success('Comentário excluído', { description: 'Seu comentário foi removido com sucesso' });
    },
    onError: () => toast.error('Não foi possível excluir o comentário'),
  });
}
