import { MessageCircle, ThumbsUp, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { mentionsToPlainText } from '../../../../shared/mentions';
import type { Post } from '../../../../shared/schemas/community';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RelativeTime } from '../../../components/ui/relative-time';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import { useStoredImage } from '../../../lib/use-stored-image';
import type { Board } from '../api/board';
import { useDeletePost, useTogglePostLike } from '../api/use-post-mutations';
import type { Viewer } from '../viewer';
import { CommentsPanel } from './comments-panel';
import { MentionText } from './mention-text';
import { PostDescription } from './post-description';
import { AvatarButton } from './user-avatar';

function Chip({ children }: { children: string }) {
  return (
    <span className="rounded-md border border-border bg-surface-2 px-2 py-0.5 text-xs text-zinc-300">
      {children}
    </span>
  );
}

function PostImage({ url, alt, priority }: { url: string; alt: string; priority: boolean }) {
  const image = useStoredImage(url);
  if (image.broken) return null;
  return (
    <div className="overflow-hidden rounded-lg border border-border bg-surface-2">
      <img
        src={url}
        srcSet={image.srcSet}
        sizes={image.srcSet ? '(min-width: 1024px) 720px, 100vw' : undefined}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding={priority ? undefined : 'async'}
        onError={image.fail}
        className="max-h-[520px] w-full object-contain"
      />
    </div>
  );
}

/** One post of a feed: author, badges, delete, image, description, like, comments. */
export function PostCard({
  post,
  board,
  viewer,
  imageBase,
  priority = false,
  onOpenProfile,
  openComments = false,
  focusCommentId = null,
}: {
  post: Post;
  board: Board;
  viewer: Viewer | null;
  /** The feed page's storage base: where a promotion post's [IMAGE:] markers may point. */
  imageBase: string;
  priority?: boolean;
  onOpenProfile: (userId: string) => void;
  /** Shown with its comments open (the post a notice's link opens). */
  openComments?: boolean;
  /** The comment a notice's link points at. */
  focusCommentId?: string | null;
}) {
  const like = useTogglePostLike(board);
  const remove = useDeletePost(board);
  const [showComments, setShowComments] = useState(openComments);
  const [confirming, setConfirming] = useState(false);
  const commentsId = useId();
  const canDelete = Boolean(viewer && (viewer.isAdmin || viewer.id === post.userId));

  return (
    <article
      aria-labelledby={`${commentsId}-title`}
      className="space-y-3 rounded-xl border border-border bg-surface p-4 shadow-lg shadow-black/20 sm:p-5"
    >
      <header className="flex items-start gap-3">
        <AvatarButton
          name={post.userName}
          avatar={post.userAvatar}
          onClick={() => onOpenProfile(post.userId)}
        />
        <div className="min-w-0 flex-1">
          <button
            type="button"
            onClick={() => onOpenProfile(post.userId)}
            aria-label={`Ver perfil de ${post.userName}`}
            className="block max-w-full truncate rounded text-left font-semibold hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60"
          >
            {post.userName}
          </button>
          <RelativeTime value={post.createdAt} className="block text-xs text-muted" />
        </div>
        {canDelete ? (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            aria-label="Deletar post"
            className="rounded-md p-2 text-muted transition-colors hover:bg-surface-2 hover:text-red-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60"
          >
            <Trash2 aria-hidden className="h-4 w-4" />
          </button>
        ) : null}
      </header>

      <div className="flex flex-wrap gap-1.5">
        <Chip>{post.nicho}</Chip>
        <Chip>{post.formato}</Chip>
        <Chip>{post.categoria}</Chip>
      </div>

      <h2 id={`${commentsId}-title`} className="text-base font-semibold [overflow-wrap:anywhere] sm:text-lg">
        <MentionText text={post.title} mentions={post.mentions} onOpenProfile={onOpenProfile} />
      </h2>

      {post.image ? (
        <PostImage
          url={post.image}
          alt={mentionsToPlainText(post.title, post.mentions)}
          priority={priority}
        />
      ) : null}

      <PostDescription
        text={post.description}
        mentions={post.mentions}
        imageBase={board.kind === 'promotion' ? imageBase : null}
        onOpenProfile={onOpenProfile}
      />

      <footer className="flex items-center gap-2 border-t border-border pt-3">
        <button
          type="button"
          aria-pressed={post.likedByMe}
          disabled={!viewer}
          onClick={() => {
            if (!like.isPending) like.mutate(post);
          }}
          className={cn(
            'inline-flex h-9 items-center gap-1.5 rounded-lg border px-3 text-sm font-medium tabular-nums transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60 disabled:opacity-50',
            post.likedByMe
              ? 'border-primary/40 bg-primary/15 text-green-300 hover:bg-primary/25'
              : 'border-border bg-surface-2 text-muted hover:text-foreground',
          )}
        >
          <ThumbsUp aria-hidden className={cn('h-4 w-4', post.likedByMe && 'fill-current')} />
          <span className="sr-only">{post.likedByMe ? 'Descurtir post ' : 'Curtir post '}</span>
          <span data-testid="like-count">{formatCount(post.likeCount)}</span>
        </button>
        <button
          type="button"
          aria-expanded={showComments}
          aria-controls={showComments ? commentsId : undefined}
          onClick={() => setShowComments((v) => !v)}
          className="inline-flex h-9 items-center gap-1.5 rounded-lg border border-border bg-surface-2 px-3 text-sm font-medium text-muted tabular-nums transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/60"
        >
          <MessageCircle aria-hidden className="h-4 w-4" />
          <span className="sr-only">Comentários </span>
          <span data-testid="comment-count">{formatCount(post.commentCount)}</span>
        </button>
      </footer>

      {showComments ? (
        <CommentsPanel
          id={commentsId}
          kind={board.kind}
          postId={post.id}
          viewer={viewer}
          onOpenProfile={onOpenProfile}
          focusId={focusCommentId}
        />
      ) : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Deletar post"
        description="Tem certeza que deseja deletar este post?"
        confirmLabel="Deletar"
        pending={remove.isPending}
        onConfirm={() => remove.mutate(post.id, { onSettled: () => setConfirming(false) })}
      />
    </article>
  );
}

export function PostCardSkeleton() {
  return (
    <div aria-hidden className="space-y-3 rounded-xl border border-border bg-surface p-5">
      <div className="flex items-center gap-3">
        <div className="h-10 w-10 animate-pulse rounded-full bg-surface-2" />
        <div className="space-y-2">
          <div className="h-3.5 w-32 animate-pulse rounded bg-surface-2" />
          <div className="h-3 w-20 animate-pulse rounded bg-surface-2" />
        </div>
      </div>
      <div className="h-4 w-3/4 animate-pulse rounded bg-surface-2" />
      <div className="h-3 w-full animate-pulse rounded bg-surface-2" />
      <div className="h-3 w-5/6 animate-pulse rounded bg-surface-2" />
    </div>
  );
}
