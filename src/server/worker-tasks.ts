import type { WorkerPool } from './lib/worker-pool';
import { clonerTasks } from './modules/cloner/cloner.tasks';
import { funnelTasks } from './modules/funnel/funnel.tasks';
import { slugCheckerTasks } from './modules/slug-checker/slug-checker.tasks';

/** Every task the app's worker threads run (src/server/worker.ts serves them; app.workers runs them). */
export const workerTasks = { ...clonerTasks, ...slugCheckerTasks, ...funnelTasks };

export type AppWorkers = WorkerPool<typeof workerTasks>;
