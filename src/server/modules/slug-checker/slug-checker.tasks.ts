import type { TaskTable } from '../../lib/worker-pool';
import { parseSitemap } from './discovery';

/** The slug checker's CPU-heavy step, run on the app's worker threads: reading a sitemap (up to 1 MB each). */
export const slugCheckerTasks = {
  'slug-sitemap': (xml: string) => parseSitemap(xml),
} satisfies TaskTable;
