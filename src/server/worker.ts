// The entry of the app's worker threads (lib/worker-pool.ts): bundled to dist/server/worker.js beside main.js.
import { serveTasks } from './lib/worker-runtime';
import { workerTasks } from './worker-tasks';

serveTasks(workerTasks);
