import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OfferPage } from '../../../../shared/schemas/offers';

export type OfferPagesQuery = UseInfiniteQueryResult<InfiniteData<OfferPage>>;

/**
 * Keeps loading pages until `target` pages are on screen ('Carregar mais' raises the target; a reload
 * with ?page=3 restores three pages). Stops at the last page and after a failed page (the button retries).
 */
export function useLoadToPage(query: OfferPagesQuery, target: number, setTarget: (page: number) => void) {
  const loaded = query.data?.pages.length ?? 0;
  const { hasNextPage, isFetching, isPlaceholderData, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    if (loaded === 0 || loaded >= target) return;
    if (!hasNextPage || isFetching || isPlaceholderData || isFetchNextPageError) return;
    void fetchNextPage();
  }, [loaded, target, hasNextPage, isFetching, isPlaceholderData, isFetchNextPageError, fetchNextPage]);

  /** The 'Carregar mais' action: one page more than is loaded now (a failed page is retried). */
  return () => {
    if (isFetchNextPageError) void fetchNextPage();
    else setTarget(loaded + 1);
  };
}
