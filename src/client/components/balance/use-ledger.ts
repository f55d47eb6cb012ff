import { useInfiniteQuery } from '@tanstack/react-query';
import type { LedgerPage } from '../../../shared/schemas/pix';
import { api } from '../../lib/api-client';

/** TanStack Query key (prefix) of the member's ledger pages. */
export const LEDGER_QUERY_KEY = ['user', 'ledger'] as const;

export const LEDGER_PAGE_SIZE = 10;

/** GET /api/user/ledger: the member's credits and debits, newest first, a page at a time ('Carregar Mais'). */
export function useLedger() {
  return useInfiniteQuery({
    queryKey: LEDGER_QUERY_KEY,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(LEDGER_PAGE_SIZE) });
      if (pageParam) params.set('cursor', pageParam);
      return api.get<LedgerPage>(`/api/user/ledger?${params}`);
    },
    getNextPageParam: (last) => last.nextCursor,
  });
}
