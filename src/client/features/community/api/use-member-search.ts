import { useQuery } from '@tanstack/react-query';
import type { MemberSearchResult } from '../../../../shared/schemas/community';
import { api } from '../../../lib/api-client';

/** GET /api/community/members?query=: the @mention picker's candidates (off while `query` is null). */
export function useMemberSearch(query: string | null) {
  const text = query?.trim() ?? '';
  return useQuery({
    queryKey: ['community', 'members', text.toLowerCase()],
    queryFn: () => api.get<MemberSearchResult>(`/api/community/members?query=${encodeURIComponent(text)}`),
    enabled: text.length > 0,
    staleTime: 30_000,
    retry: false,
  });
}
