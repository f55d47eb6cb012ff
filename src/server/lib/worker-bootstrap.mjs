// Starts a worker thread on a TypeScript entry (tests, `npm run dev`): tsx's loader, then the entry. Node 20 does not
// apply a loader given with `--import` in a worker's execArgv to the worker's own entry; registered here, it does.
// The built server never uses this file: dist/server/worker.js is JavaScript.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
