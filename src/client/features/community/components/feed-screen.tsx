import { Plus, SearchX } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Post } from '../../../../shared/schemas/community';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { LoadMore } from '../../../components/ui/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatCount } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session/use-current-user';
import { type Board, type FeedFilters, PUBLISH_FROM_KEY } from '../api/board';
import { usePosts } from '../api/use-posts';
import { FeedFilterBar, type FilterSpec } from './feed-filters';
import { FocusedPost } from './focused-post';
import { PostCard, PostCardSkeleton } from './post-card';
import { ProfileModal } from './profile-modal';

const INITIAL: FeedFilters = { mine: false, sort: 'recent' };

function NoPosts({ filtered, mine, onClear }: { filtered: boolean; mine: boolean; onClear: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-border bg-surface/50 px-6 py-16 text-center">
      <span className="mb-4 flex h-14 w-14 items-center justify-center rounded-2xl bg-surface-2">
        <SearchX aria-hidden className="h-7 w-7 text-muted" />
      </span>
      <h2 className="text-lg font-semibold">Nenhuma publicação encontrada.</h2>
      <p className="mt-1 max-w-sm text-sm text-muted">
        {filtered
          ? 'Tente outra busca ou limpe os filtros para ver todas as publicações.'
          : mine
            ? 'Você ainda não publicou nada aqui. Use o botão Publicar para criar sua primeira publicação.'
            : 'Seja o primeiro a publicar: use o botão Publicar.'}
      </p>
      {filtered || mine ? (
        <Button variant="secondary" className="mt-5" onClick={onClear}>
          Limpar filtros
        </Button>
      ) : null}
    </div>
  );
}

/** A feed tab (community or promotion): 'Publicar', filters, the paged posts and the profile modal. */
export function FeedScreen({
  board,
  specs,
  searchLabel,
  intro,
}: {
  board: Board;
  specs: FilterSpec[];
  searchLabel: string;
  intro?: ReactNode;
}) {
  const navigate = useNavigate();
  const { data: user } = useCurrentUser();
  const viewer = user ? { id: user.id, isAdmin: user.isAdmin } : null;
  const [filters, setFilters] = useState<FeedFilters>(INITIAL);
  const [profileUserId, setProfileUserId] = useState<string | null>(null);
  const query = usePosts(board, filters);
  // A notice's link: /dashboard?tab=comunidade&post=<id>[&comment=<id>] opens that post above the feed.
  const [searchParams, setSearchParams] = useSearchParams();
  const focusPostId = searchParams.get('post');
  const closeFocusedPost = () =>
    setSearchParams(
      (params) => {
        params.delete('post');
        params.delete('comment');
        return params;
      },
      { replace: true },
    );
  const filtered = Boolean(filters.search || filters.nicho || filters.formato || filters.categoria);

  const publish = () => {
    try {
      sessionStorage.setItem(PUBLISH_FROM_KEY, board.tab);
    } catch {
      // Storage blocked: the publishing page returns to its own board anyway.
    }
    navigate(board.publishPath);
  };

  const seen = new Set<string>();
  const posts: Post[] = [];
  for (const page of query.data?.pages ?? []) {
    for (const post of page.items) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  }
  const pages = query.data?.pages ?? [];
  const total = pages.length ? pages[pages.length - 1].total : 0;
  const imageBase = pages[0]?.imageBase ?? '';

  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div role="status" aria-label="Carregando publicações" className="space-y-4">
        <PostCardSkeleton />
        <PostCardSkeleton />
        <PostCardSkeleton />
      </div>
    );
  } else if (query.isError && !query.data) {
    body = (
      <LoadError
        message="Não foi possível carregar as publicações."
        error={query.error}
        onRetry={() => query.refetch()}
      />
    );
  } else if (posts.length === 0) {
    body = <NoPosts filtered={filtered} mine={filters.mine} onClear={() => setFilters(INITIAL)} />;
  } else {
    body = (
      <section aria-label="Publicações" className="space-y-4">
        <p className="text-sm text-muted" aria-live="polite">
          <span className="font-semibold text-foreground">
            {total === 1 ? '1 publicação' : `${formatCount(total)} publicações`}
          </span>
          {query.isPlaceholderData ? <Spinner className="ml-2 inline h-3.5 w-3.5 text-primary" /> : null}
        </p>
        <div className={cn('space-y-4', query.isPlaceholderData && 'opacity-60 transition-opacity')}>
          {posts.map((post, index) => (
            <PostCard
              key={post.id}
              post={post}
              board={board}
              viewer={viewer}
              imageBase={imageBase}
              priority={index === 0}
              onOpenProfile={setProfileUserId}
            />
          ))}
        </div>
        <LoadMore query={query} what="publicações" shown={posts.length} total={total} />
      </section>
    );
  }

  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 flex-1 text-sm text-muted">{intro}</div>
        <Button onClick={publish} disabled={!viewer}>
          <Plus aria-hidden className="h-4 w-4" />
          Publicar
        </Button>
      </div>
      {focusPostId ? (
        <FocusedPost
          board={board}
          postId={focusPostId}
          commentId={searchParams.get('comment')}
          viewer={viewer}
          imageBase={imageBase}
          onOpenProfile={setProfileUserId}
          onClose={closeFocusedPost}
        />
      ) : null}
      <FeedFilterBar filters={filters} onChange={setFilters} specs={specs} searchLabel={searchLabel} />
      {body}
      <ProfileModal userId={profileUserId} onClose={() => setProfileUserId(null)} />
    </div>
  );
}
