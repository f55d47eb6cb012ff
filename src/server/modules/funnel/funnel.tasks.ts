import type { TaskTable } from '../../lib/worker-pool';
import { buildFunnel, type FoundPage, sameSiteLinks } from './build-funnel';

/**
 * The funnel map's CPU-heavy steps, run on the app's worker threads: parsing the pages read (up to 512 KB each, up to
 * 60 of them) never holds the event loop. URLs travel as strings (structured clone).
 */
export const funnelTasks = {
  'funnel-build': (input: { origin: string; scannedUrl: string; pages: FoundPage[] }) =>
    buildFunnel({ origin: new URL(input.origin), scannedUrl: input.scannedUrl, pages: input.pages }),
  'funnel-links': (input: { origin: string; pages: FoundPage[]; known: string[]; max: number }) =>
    sameSiteLinks(input.pages, new URL(input.origin), new Set(input.known), input.max),
} satisfies TaskTable;
