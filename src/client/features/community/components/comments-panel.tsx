import { Heart, Reply, Trash2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { Comment } from '../../../../shared/schemas/community';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RelativeTime } from '../../../components/ui/relative-time';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import type { BoardKind } from '../api/board';
import { useComments, useDeleteComment, useToggleCommentLike } from '../api/use-comments';
import type { Viewer } from '../viewer';
import { CommentForm } from './comment-form';
import { MentionText } from './mention-text';
import { UserAvatar } from './user-avatar';

function CommentItem({
  comment,
  kind,
  viewer,
  onReply,
  onOpenProfile,
  focused = false,
}: {
  comment: Comment;
  kind: BoardKind;
  viewer: Viewer | null;
  onReply?: () => void;
  onOpenProfile: (userId: string) => void;
  /** The comment a notice's link points at: marked, and scrolled to by the panel. */
  focused?: boolean;
}) {
  const like = useToggleCommentLike(comment.postId);
  const remove = useDeleteComment(kind, comment.postId);
  const [confirming, setConfirming] = useState(false);
  const canDelete = Boolean(viewer && (viewer.isAdmin || viewer.id === comment.userId));

  return (
    <div className="flex gap-2.5" data-comment-id={comment.id} aria-current={focused ? 'true' : undefined}>
      <UserAvatar name={comment.userName} avatar={comment.userAvatar} size="sm" />
      <div className="min-w-0 flex-1">
        <div className={cn('rounded-lg bg-surface-2 px-3 py-2', focused && 'ring-2 ring-primary/60')}>
          <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <button
              type="button"
              onClick={() => onOpenProfile(comment.userId)}
              aria-label={`Ver perfil de ${comment.userName}`}
              className="rounded font-semibold [overflow-wrap:anywhere] hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60"
            >
              {comment.userName}
            </button>
            <RelativeTime value={comment.createdAt} className="text-xs text-muted" />
          </p>
          <p className="mt-1 text-sm [overflow-wrap:anywhere] whitespace-pre-line text-zinc-200">
            <MentionText text={comment.content} mentions={comment.mentions} onOpenProfile={onOpenProfile} />
          </p>
        </div>
        <div className="mt-1 flex flex-wrap items-center gap-1 text-xs">
          <button
            type="button"
            aria-pressed={comment.isLiked}
            disabled={!viewer}
            onClick={() => {
              if (!like.isPending) like.mutate(comment);
            }}
            className={cn(
              'inline-flex h-8 items-center gap-1 rounded-md px-2 font-medium tabular-nums hover:bg-surface-2 disabled:opacity-50',
              comment.isLiked ? 'text-green-300' : 'text-muted hover:text-foreground',
            )}
          >
            <Heart aria-hidden className={cn('h-3.5 w-3.5', comment.isLiked && 'fill-current')} />
            <span className="sr-only">
              {comment.isLiked ? 'Descurtir comentário ' : 'Curtir comentário '}
            </span>
            {formatCount(comment.likes)}
          </button>
          {onReply ? (
            <button
              type="button"
              disabled={!viewer}
              onClick={onReply}
              className="inline-flex h-8 items-center gap-1 rounded-md px-2 font-medium text-muted hover:bg-surface-2 hover:text-foreground disabled:opacity-50"
            >
              <Reply aria-hidden className="h-3.5 w-3.5" />
              Responder
            </button>
          ) : null}
          {canDelete ? (
            <button
              type="button"
              onClick={() => setConfirming(true)}
              className="inline-flex h-8 items-center gap-1 rounded-md px-2 font-medium text-muted hover:bg-surface-2 hover:text-red-300"
            >
              <Trash2 aria-hidden className="h-3.5 w-3.5" />
              Excluir
            </button>
          ) : null}
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Excluir comentário"
        description={
          comment.parentId
            ? 'Tem certeza que deseja excluir este comentário?'
            : 'Tem certeza que deseja excluir este comentário? As respostas a ele também serão excluídas.'
        }
        confirmLabel="Excluir"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(comment.id, { onSettled: () => setConfirming(false) })}
      />
    </div>
  );
}

function Thread({
  comment,
  replies,
  kind,
  viewer,
  onOpenProfile,
  focusId,
}: {
  comment: Comment;
  replies: Comment[];
  kind: BoardKind;
  viewer: Viewer | null;
  onOpenProfile: (userId: string) => void;
  focusId?: string | null;
}) {
  // A notice pointing at one of the replies opens them.
  const [showReplies, setShowReplies] = useState(() => replies.some((r) => r.id === focusId));
  const [replying, setReplying] = useState(false);
  const repliesId = useId();

  return (
    <li className="space-y-2">
      <CommentItem
        comment={comment}
        kind={kind}
        viewer={viewer}
        onOpenProfile={onOpenProfile}
        focused={comment.id === focusId}
        onReply={() => {
          setReplying(true);
          setShowReplies(true);
        }}
      />
      <div className="ml-10 space-y-2">
        {replies.length > 0 ? (
          <button
            type="button"
            aria-expanded={showReplies}
            aria-controls={repliesId}
            onClick={() => setShowReplies((v) => !v)}
            className="text-xs font-medium text-primary hover:text-green-300"
          >
            {showReplies ? 'Ocultar' : `Ver respostas (${replies.length})`}
          </button>
        ) : null}
        {showReplies && replies.length > 0 ? (
          <ul id={repliesId} aria-label="Respostas" className="space-y-2 border-l border-border pl-3">
            {replies.map((reply) => (
              <li key={reply.id}>
                <CommentItem
                  comment={reply}
                  kind={kind}
                  viewer={viewer}
                  onOpenProfile={onOpenProfile}
                  focused={reply.id === focusId}
                />
              </li>
            ))}
          </ul>
        ) : null}
        {replying ? (
          <CommentForm
            kind={kind}
            postId={comment.postId}
            parentId={comment.id}
            viewer={viewer}
            label={`Responder a ${comment.userName}`}
            onDone={() => setReplying(false)}
          />
        ) : null}
      </div>
    </li>
  );
}

/** The comments under a post: top-level comments oldest first, each with its replies one level down. */
export function CommentsPanel({
  kind,
  postId,
  viewer,
  id,
  onOpenProfile,
  focusId = null,
}: {
  kind: BoardKind;
  postId: string;
  viewer: Viewer | null;
  id: string;
  /** Opens the profile modal of a comment's author. */
  onOpenProfile: (userId: string) => void;
  /** The comment a notice's link points at (?comment=): its thread opens and it is scrolled into view, once. */
  focusId?: string | null;
}) {
  const query = useComments(postId);
  const section = useRef<HTMLElement>(null);
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!focusId || !query.data || scrolledTo.current === focusId) return;
    const items = section.current?.querySelectorAll<HTMLElement>('[data-comment-id]') ?? [];
    const target = Array.from(items).find((item) => item.dataset.commentId === focusId);
    if (!target) return;
    scrolledTo.current = focusId;
    target.scrollIntoView?.({ block: 'center' });
  }, [focusId, query.data]);
  const threads = useMemo(() => {
    const list = query.data ?? [];
    const replies = new Map<string, Comment[]>();
    for (const c of list) {
      if (!c.parentId) continue;
      const bucket = replies.get(c.parentId) ?? [];
      bucket.push(c);
      replies.set(c.parentId, bucket);
    }
    return list.filter((c) => !c.parentId).map((c) => ({ comment: c, replies: replies.get(c.id) ?? [] }));
  }, [query.data]);

  return (
    <section ref={section} id={id} aria-label="Comentários" className="space-y-4 border-t border-border pt-4">
      {query.isPending ? (
        <div role="status" aria-label="Carregando comentários" className="flex justify-center py-3">
          <Spinner className="h-5 w-5 text-primary" />
        </div>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-300">
          Não foi possível carregar os comentários. {errorMessage(query.error, '')}
        </p>
      ) : threads.length === 0 ? (
        <p className="text-sm text-muted">Nenhum comentário ainda. Seja o primeiro a comentar!</p>
      ) : (
        <ul className="space-y-4">
          {threads.map(({ comment, replies }) => (
            <Thread
              key={comment.id}
              comment={comment}
              replies={replies}
              kind={kind}
              viewer={viewer}
              onOpenProfile={onOpenProfile}
              focusId={focusId}
            />
          ))}
        </ul>
      )}
      <CommentForm kind={kind} postId={postId} viewer={viewer} label="Escreva um comentário" />
    </section>
  );
}
