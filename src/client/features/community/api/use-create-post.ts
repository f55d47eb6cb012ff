import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityPostInput, Post, PromotionPostInput } from '../../../../shared/schemas/community';
import type { UploadResult } from '../../../../shared/schemas/offers';
import { api } from '../../../lib/api-client';
import { type Board, communityKeys } from './board';

/** The body of POST /api/community/posts or /api/divulgacao/posts. */
export type NewPost = CommunityPostInput | PromotionPostInput;

/** POST /api/uploads/post-image (multipart, field 'file'): stores a post image (PNG, JPG até 10MB), answers its URL. */
export function uploadPostImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.post<UploadResult>('/api/uploads/post-image', form);
}

/** Creates a post on a board; the board's feeds are re-read. */
export function useCreatePost(board: Board) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewPost) => api.post<Post>(board.base, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.feeds(board.kind) }),
  });
}
