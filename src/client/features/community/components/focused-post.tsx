import { type ReactNode, useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import type { Board } from '../api/board';
import { usePost } from '../api/use-post';
import type { Viewer } from '../viewer';
import { PostCard, PostCardSkeleton } from './post-card';

/**
 * The post a notice's link opens (?post=<id>, and ?comment=<id> for one of its comments), above the feed, with its
 * comments open; scrolled into view once loaded (the comments panel scrolls to the comment instead).
 */
export function FocusedPost({
  board,
  postId,
  commentId,
  viewer,
  imageBase,
  onOpenProfile,
  onClose,
}: {
  board: Board;
  postId: string;
  commentId: string | null;
  viewer: Viewer | null;
  imageBase: string;
  onOpenProfile: (userId: string) => void;
  onClose: () => void;
}) {
  const query = usePost(board, postId);
  const section = useRef<HTMLElement>(null);
  const loadedId = query.data?.id;
  useEffect(() => {
    if (loadedId && !commentId) section.current?.scrollIntoView?.({ block: 'start' });
  }, [loadedId, commentId]);

  let body: ReactNode;
  if (query.isPending) body = <PostCardSkeleton />;
  else if (query.isError || !query.data) {
    body = (
      <p role="alert" className="rounded-xl border border-border bg-surface p-4 text-sm text-muted">
        {query.error instanceof ApiError && query.error.status === 404
          ? 'Esta publicação não existe mais.'
          : `Não foi possível abrir a publicação. ${errorMessage(query.error, '')}`}
      </p>
    );
  } else {
    body = (
      <PostCard
        key={`${query.data.id}:${commentId ?? ''}`}
        post={query.data}
        board={board}
        viewer={viewer}
        imageBase={imageBase}
        priority
        onOpenProfile={onOpenProfile}
        openComments
        focusCommentId={commentId}
      />
    );
  }

  return (
    <section ref={section} aria-label="Publicação aberta" className="scroll-mt-20 space-y-2">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted">Publicação aberta pela notificação</p>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Ver todas as publicações
        </Button>
      </div>
      {body}
    </section>
  );
}
