import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { OfferCard, OfferPage } from '../../../../shared/schemas/offers';
import { offerKeys } from './keys';

export type OfferPatch = Partial<Pick<OfferCard, 'likeCount' | 'likedByMe' | 'favoritedByMe'>>;

function isPages(data: object): data is InfiniteData<OfferPage> {
  return 'pages' in data && Array.isArray((data as { pages: unknown }).pages);
}

function patchData(data: unknown, id: string, patch: OfferPatch): unknown {
  if (!data || typeof data !== 'object') return data;
  if (isPages(data)) {
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((offer) => (offer.id === id ? { ...offer, ...patch } : offer)),
      })),
    };
  }
  if ((data as { id?: unknown }).id === id) return { ...data, ...patch };
  return data;
}

/**
 * Applies `patch` to offer `id` wherever it is cached (catalogue pages, favourites, detail). Optimistic
 * changes are undone by patching the old values back (only that offer: other changes made meanwhile stay).
 * In-flight fetches are not cancelled: cancelling a first page would leave its list without data, and
 * the mutation's own result is applied again when it lands.
 */
export function patchOffer(queryClient: QueryClient, id: string, patch: OfferPatch) {
  queryClient.setQueriesData({ queryKey: offerKeys.all }, (data: unknown) => patchData(data, id, patch));
}
