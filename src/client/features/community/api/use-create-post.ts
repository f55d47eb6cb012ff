import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post } from '../../../../shared/schemas/community';
import { api } from '../../../lib/api-client';
import { type Board, communityKeys } from './board';

export interface NewPost {
  title: string;
  description: string;
  nicho: string;
  formato: string;
  categoria: string;
  image: string | null;
}

/** POST /api/uploads/post-image (multipart, field 'file'): stores a post image (PNG, JPG até 10MB), answers its URL. */
export function uploadPostImage(file: File) {
  const form = new FormData();
  form.append('file', file);
  return api.post<{ url: string; kind: string }>('/api/uploads/post-image', form);
}

/** Creates a post on a board; the board's feeds are re-read. */
export function useCreatePost(board: Board) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewPost) => api.post<Post>(board.base, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: communityKeys.feeds(board.kind) }),
  });
}
