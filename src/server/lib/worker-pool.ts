import os from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * A fixed-size pool of worker threads for CPU-heavy steps (a clone's ZIP, big HTML and CSS parses): the event loop
 * that answers every member never waits for them. Tasks are named functions of a table the worker serves
 * (worker-runtime.ts); inputs and results travel by structured clone, ArrayBuffers listed in `transfer` move
 * without a copy (the sender's copy is detached). A task's error comes back as an error; a task past its time-out
 * (or whose signal aborts) has its thread terminated and replaced. Threads start on the first task, are unref'd
 * while idle (an idle pool never keeps the process alive) and stop on `close()` (with the app).
 */

// biome-ignore lint/suspicious/noExplicitAny: a task table holds functions of any input.
export type TaskFunction = (input: any, transfer: (...buffers: ArrayBuffer[]) => void) => unknown;
export type TaskTable = Record<string, TaskFunction>;

export interface RunOptions {
  /** ArrayBuffers of the input handed over without a copy (detached here). */
  transfer?: ArrayBuffer[];
  /** Time the task may run on its thread (default: the pool's). */
  timeoutMs?: number;
  /** Aborting it cancels the task: taken off the queue, or its thread terminated. */
  signal?: AbortSignal;
}

export interface WorkerPool<T extends TaskTable> {
  run<K extends keyof T & string>(
    name: K,
    input: Parameters<T[K]>[0],
    options?: RunOptions,
  ): Promise<Awaited<ReturnType<T[K]>>>;
  /** Threads started, tasks running, tasks waiting. */
  stats(): { threads: number; running: number; queued: number };
  /** Refuses new tasks, lets queued and running ones finish, then stops every thread. */
  close(): Promise<void>;
}

/** An error thrown by the task inside its thread (its name, message and stack kept). */
export class WorkerTaskError extends Error {
  constructor(
    message: string,
    readonly remoteName: string,
    remoteStack?: string,
  ) {
    super(message);
    this.name = 'WorkerTaskError';
    if (remoteStack) this.stack = remoteStack;
  }
}
export class WorkerTimeoutError extends Error {
  constructor(task: string, ms: number) {
    super(`a tarefa "${task}" passou de ${ms} ms e foi interrompida`);
    this.name = 'WorkerTimeoutError';
  }
}
export class WorkerAbortedError extends Error {
  constructor(task: string) {
    super(`a tarefa "${task}" foi cancelada`);
    this.name = 'WorkerAbortedError';
  }
}
export class WorkerPoolClosedError extends Error {
  constructor() {
    super('o servidor está encerrando: tarefa recusada');
    this.name = 'WorkerPoolClosedError';
  }
}
export class WorkerExitError extends Error {
  constructor(task: string, cause: unknown) {
    super(`a thread da tarefa "${task}" parou: ${(cause as Error)?.message ?? cause}`);
    this.name = 'WorkerExitError';
  }
}

/** Messages between the pool and its threads. */
export type TaskRequest = { id: number; name: string; input: unknown };
export type TaskReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { name: string; message: string; stack?: string } };

/** The default size: one thread per core left to the event loop, at most 2 (and at least 1). */
export function defaultWorkerThreads(): number {
  return Math.max(1, Math.min(2, os.availableParallelism() - 1));
}

/**
 * How to start a thread on `entry`. The built server (dist/server/main.js) runs dist/server/worker.js as is; a
 * TypeScript entry (tests, `npm run dev`) starts through worker-bootstrap.mjs, which registers tsx's loader first.
 */
function threadOf(entry: URL): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry);
  return new Worker(new URL('./worker-bootstrap.mjs', import.meta.url), {
    workerData: { entry: entry.href },
  });
}

/** The app's own worker entry: src/server/worker.ts from the sources, dist/server/worker.js once bundled. */
export function appWorkerEntry(): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL('../worker.ts', import.meta.url)
    : new URL('./worker.js', import.meta.url);
}

interface Job {
  id: number;
  name: string;
  input: unknown;
  options: RunOptions;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  detach?: () => void;
}

interface Slot {
  worker: Worker;
  job?: Job;
  timer?: NodeJS.Timeout;
}

export function createWorkerPool<T extends TaskTable>(options: {
  entry: URL;
  size?: number;
  /** Default time-out of a task once it runs. */
  timeoutMs?: number;
}): WorkerPool<T> {
  const size = Math.max(1, options.size ?? defaultWorkerThreads());
  const defaultTimeout = options.timeoutMs ?? 60_000;
  const slots: Slot[] = [];
  const queue: Job[] = [];
  const exited = new Set<Promise<unknown>>();
  let nextId = 1;
  let closing = false;
  let closed: Promise<void> | undefined;
  let drained: (() => void) | undefined;

  const running = () => slots.filter((s) => s.job).length;

  const finish = (slot: Slot) => {
    const job = slot.job;
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.timer = undefined;
    job?.detach?.();
    slot.worker.unref();
    return job;
  };

  /** Stops a thread (time-out, abort, crash): its job fails with `error`, a new thread takes its place later. */
  const discard = (slot: Slot, error: unknown) => {
    const job = finish(slot);
    slots.splice(slots.indexOf(slot), 1);
    slot.worker.removeAllListeners();
    slot.worker.on('error', () => {});
    const stopped = slot.worker.terminate().catch(() => {});
    exited.add(stopped);
    void stopped.finally(() => exited.delete(stopped));
    job?.reject(error);
    pump();
  };

  const spawn = (): Slot => {
    const worker = threadOf(options.entry);
    const slot: Slot = { worker };
    worker.on('message', (reply: TaskReply) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      finish(slot);
      if (reply.ok) job.resolve(reply.value);
      else job.reject(new WorkerTaskError(reply.error.message, reply.error.name, reply.error.stack));
      pump();
    });
    worker.on('error', (error) => discard(slot, new WorkerExitError(slot.job?.name ?? '?', error)));
    worker.on('exit', (code) => {
      if (slots.includes(slot)) discard(slot, new WorkerExitError(slot.job?.name ?? '?', `código ${code}`));
    });
    worker.unref();
    slots.push(slot);
    return slot;
  };

  const start = (slot: Slot, job: Job) => {
    slot.job = job;
    slot.worker.ref();
    const timeoutMs = job.options.timeoutMs ?? defaultTimeout;
    slot.timer = setTimeout(() => discard(slot, new WorkerTimeoutError(job.name, timeoutMs)), timeoutMs);
    const signal = job.options.signal;
    if (signal) {
      const onAbort = () => {
        if (slot.job === job) discard(slot, new WorkerAbortedError(job.name));
      };
      job.detach?.();
      signal.addEventListener('abort', onAbort, { once: true });
      job.detach = () => signal.removeEventListener('abort', onAbort);
    }
    try {
      const request: TaskRequest = { id: job.id, name: job.name, input: job.input };
      slot.worker.postMessage(request, job.options.transfer ?? []);
    } catch (error) {
      // Not cloneable: the thread never got it.
      finish(slot);
      job.reject(error);
    }
  };

  const pump = () => {
    while (queue.length > 0) {
      let slot = slots.find((s) => !s.job);
      if (!slot && slots.length < size) slot = spawn();
      if (!slot) break;
      const job = queue.shift() as Job;
      job.detach?.();
      job.detach = undefined;
      // Aborted while another task's abort was being handled: never started.
      if (job.options.signal?.aborted) job.reject(new WorkerAbortedError(job.name));
      else start(slot, job);
    }
    if (closing && queue.length === 0 && running() === 0) drained?.();
  };

  return {
    run(name, input, runOptions = {}) {
      return new Promise((resolve, reject) => {
        if (closing) return reject(new WorkerPoolClosedError());
        const signal = runOptions.signal;
        if (signal?.aborted) return reject(new WorkerAbortedError(name));
        const job: Job = { id: nextId++, name, input, options: runOptions, resolve, reject };
        if (signal) {
          // While queued, an abort only takes it off the queue.
          const onAbort = () => {
            const at = queue.indexOf(job);
            if (at >= 0) {
              queue.splice(at, 1);
              reject(new WorkerAbortedError(name));
              pump();
            }
          };
          signal.addEventListener('abort', onAbort, { once: true });
          job.detach = () => signal.removeEventListener('abort', onAbort);
        }
        queue.push(job);
        pump();
      });
    },
    stats: () => ({ threads: slots.length, running: running(), queued: queue.length }),
    close() {
      closed ??= (async () => {
        closing = true;
        if (queue.length > 0 || running() > 0) await new Promise<void>((resolve) => (drained = resolve));
        const all = slots.splice(0);
        for (const slot of all) slot.worker.removeAllListeners();
        await Promise.all([...all.map((slot) => slot.worker.terminate()), ...exited]);
      })();
      return closed;
    },
  };
}

/** Below this, a view is copied rather than handed over: a copy is cheaper than losing the sender's bytes. */
const TRANSFER_MIN_BYTES = 64 * 1024;

/**
 * A view ready to travel to a thread without a copy on the way: the view itself when it alone owns its
 * ArrayBuffer and is large (that buffer is then detached here), else an exact copy of its bytes (never a slice of
 * a shared pool, which would be copied whole or detach every Buffer living in it). `buffers` collects what to list
 * in `transfer`.
 */
export function handOver(view: Uint8Array, buffers: Set<ArrayBuffer>, copyAlways = false): Uint8Array {
  const owned =
    !copyAlways &&
    view.byteLength >= TRANSFER_MIN_BYTES &&
    view.byteOffset === 0 &&
    view.buffer instanceof ArrayBuffer &&
    view.byteLength === view.buffer.byteLength;
  const out = owned ? view : new Uint8Array(view);
  buffers.add(out.buffer as ArrayBuffer);
  return out;
}
