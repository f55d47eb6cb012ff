import { centsToReais } from '../../../shared/money';
import type { SlugScanSummary } from '../../../shared/schemas/slug-checker';
import type { SlugScanRow } from './slug-checker.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentScanSummary(
  row: Omit<
    SlugScanRow,
    'userId' | 'origin' | 'results' | 'leaseOwner' | 'leaseExpiresAt' | 'funnel' | 'funnelScreenshotsPending'
  >,
): SlugScanSummary {
  return {
    id: row.id,
    domain: row.domain,
    baseSlug: row.baseSlug,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    finishedAt: iso(row.finishedAt),
    totalTested: row.totalTested,
    validUrls: row.validUrls,
    redirects: row.redirects,
    softNotFound: row.softNotFound,
    totalSlugs: row.totalSlugs,
    refunded: row.refundedAt ? centsToReais(row.costCents) : null,
  };
}
