import { errorMessage } from '../../lib/api-client';
import { formatCount } from '../../lib/format';
import { Button } from './button';
import { Spinner } from './spinner';

/** What LoadMore needs of a TanStack infinite query. */
export interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError?: boolean;
  error?: unknown;
  fetchNextPage(): unknown;
}

/**
 * The one 'Carregar mais' under a paged list (catalogue, community, ledger, admin lists): the button while there is a
 * next page (a spinner while it loads), how many of how many are shown when the total is known, and the failure of a
 * next page in Portuguese (`what`: 'ofertas', 'publicações'…).
 */
export function LoadMore({
  query,
  what,
  shown,
  total,
  onLoadMore,
  label = 'Carregar mais',
}: {
  query: PagedQuery;
  what: string;
  shown?: number;
  total?: number;
  /** Instead of fetchNextPage (the catalogue also records the page in the address). */
  onLoadMore?: () => void;
  label?: string;
}) {
  return (
    <>
      {query.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-red-300">
          Não foi possível carregar mais {what}. {errorMessage(query.error, '')}
        </p>
      ) : null}
      {query.hasNextPage ? (
        <div className="flex flex-col items-center gap-1 pt-2">
          <Button
            variant="secondary"
            onClick={onLoadMore ?? (() => void query.fetchNextPage())}
            disabled={query.isFetchingNextPage}
            className="min-w-44"
          >
            {query.isFetchingNextPage ? <Spinner /> : null}
            {query.isFetchingNextPage ? 'Carregando...' : label}
          </Button>
          {shown !== undefined && total !== undefined ? (
            <span className="text-xs text-muted">
              {formatCount(shown)} de {formatCount(total)}
            </span>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
