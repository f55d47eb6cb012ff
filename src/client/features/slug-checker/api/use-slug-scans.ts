import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SlugScanDetail, SlugScanList, SlugScanSummary } from '../../../../shared/schemas/slug-checker';
import { api } from '../../../lib/api-client';
import { slugScanKeys } from './keys';

/** While a recent scan is still 'running' on the server, the list is asked for again this often. */
export const RUNNING_SCAN_POLL_MS = 2_000;
/**
 * A 'running' scan older than this is not watched: no scan lasts that long (a scan a dead instance left behind is
 * ended 'interrupted' and refunded by the server within a minute, issue #24).
 */
const RUNNING_SCAN_WATCH_MS = 10 * 60 * 1000;

const stillRunning = (scan: SlugScanSummary) =>
  scan.status === 'running' && Date.now() - Date.parse(scan.createdAt) < RUNNING_SCAN_WATCH_MS;

/**
 * GET /api/slug-scans: the member's recent scans, newest first (without their results). A scan the member just
 * stopped is stored as 'stopped' when the server notices the closed connection, a moment later: while the list
 * shows a scan still running, it asks again every RUNNING_SCAN_POLL_MS.
 */
export function useSlugScans() {
  return useQuery(
    queryOptions({
      queryKey: slugScanKeys.list,
      queryFn: async () => (await api.get<SlugScanList>('/api/slug-scans')).scans,
      refetchInterval: (query) => (query.state.data?.some(stillRunning) ? RUNNING_SCAN_POLL_MS : false),
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
