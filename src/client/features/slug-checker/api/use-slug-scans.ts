import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SlugScanDetail, SlugScanSummary } from '../../../../shared/schemas/slug-checker';
import { api } from '../../../lib/api-client';
import { slugScanKeys } from './keys';

/** GET /api/slug-scans: the member's recent scans, newest first (without their results). */
export function useSlugScans() {
  return useQuery(
    queryOptions({
      queryKey: slugScanKeys.list,
      queryFn: async () => (await api.get<{ scans: SlugScanSummary[] }>('/api/slug-scans')).scans,
    }),
  );
}

/** GET /api/slug-scans/:id: one scan with its results (a finished scan never changes). */
export function slugScanQuery(id: string) {
  return queryOptions({
    queryKey: slugScanKeys.detail(id),
    queryFn: () => api.get<SlugScanDetail>(`/api/slug-scans/${encodeURIComponent(id)}`),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
