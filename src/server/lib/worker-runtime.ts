import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { isMainThread, parentPort } from 'node:worker_threads';
import type { TaskReply, TaskRequest, TaskTable } from './worker-pool';

/**
 * The thread side of worker-pool.ts: runs each task it is sent by name and answers its value (with the
 * ArrayBuffers the task handed to `transfer` moved, not copied) or its error (name, message, stack).
 */
export function serveTasks(tasks: TaskTable): void {
  if (isMainThread || !parentPort) throw new Error('serveTasks roda só dentro de uma worker thread');
  lowerPriority();
  const port = parentPort;
  port.on('message', async (request: TaskRequest) => {
    const transfer: ArrayBuffer[] = [];
    let reply: TaskReply;
    try {
      const task = Object.hasOwn(tasks, request.name) ? tasks[request.name] : undefined;
      if (!task) throw new Error(`tarefa desconhecida: ${request.name}`);
      const value = await task(request.input, (...buffers) => transfer.push(...buffers));
      reply = { id: request.id, ok: true, value };
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error));
      reply = { id: request.id, ok: false, error: { name: e.name, message: e.message, stack: e.stack } };
    }
    try {
      port.postMessage(reply, transfer);
    } catch (error) {
      // A value that cannot be cloned comes back as the error it is.
      const e = error as Error;
      port.postMessage({
        id: request.id,
        ok: false,
        error: { name: e.name, message: e.message, stack: e.stack },
      } satisfies TaskReply);
    }
  });
}

/** Nice value of a worker thread: on a small machine the event loop's thread gets the CPU first. */
export const WORKER_NICE = 10;

/**
 * On Linux each thread has its own nice value (setpriority on its thread id): this thread's is raised, the event
 * loop's stays. Elsewhere, or when refused, nothing changes.
 */
function lowerPriority() {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (tid > 0) os.setPriority(tid, Math.max(os.getPriority(tid), WORKER_NICE));
  } catch {}
}
