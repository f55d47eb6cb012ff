import { afterAll, describe, expect, it } from 'vitest';
import {
  createWorkerPool,
  handOver,
  type WorkerPool,
  WorkerPoolClosedError,
  WorkerTaskError,
  WorkerTimeoutError,
} from './worker-pool';
import type { testTasks } from './worker-pool.test-worker';
import { WORKER_NICE } from './worker-runtime';

const entry = new URL('./worker-pool.test-worker.ts', import.meta.url);
type TestPool = WorkerPool<typeof testTasks>;

const pools: TestPool[] = [];
const pool = (size = 2, timeoutMs?: number) => {
  const p = createWorkerPool<typeof testTasks>({ entry, size, timeoutMs });
  pools.push(p);
  return p;
};
afterAll(() => Promise.all(pools.map((p) => p.close())));

describe('worker pool', () => {
  it('runs named tasks on threads of its own, never more than its size, starting them on the first task', async () => {
    const p = pool(2);
    expect(p.stats().threads).toBe(0);
    const answers = await Promise.all(['a', 'b', 'c', 'd'].map((text) => p.run('echo', { text })));
    expect(answers.map((a) => a.text)).toEqual(['a', 'b', 'c', 'd']);
    const threads = new Set(answers.map((a) => a.threadId));
    expect(threads.has(0)).toBe(false); // 0 is the main thread
    expect(threads.size).toBeLessThanOrEqual(2);
    expect(p.stats()).toEqual({ threads: threads.size, running: 0, queued: 0 });
  });

  it('runs tasks in parallel up to its size and queues the rest', async () => {
    const p = pool(2);
    const started = performance.now();
    const runs = [1, 2, 3].map(() => p.run('spin', { ms: 300 }));
    await new Promise((r) => setTimeout(r, 50));
    expect(p.stats()).toMatchObject({ running: 2, queued: 1 });
    const ids = await Promise.all(runs);
    expect(new Set(ids).size).toBe(2);
    // Two rounds of 300 ms, not three (and the main thread was free meanwhile: the timer above fired).
    expect(performance.now() - started).toBeGreaterThanOrEqual(550);
  });

  it("returns a task's error as an error, with its message, name and the thread's stack", async () => {
    const p = pool(1);
    const error = await p.run('fail', { message: 'valor fora da faixa' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTaskError);
    expect(error).toMatchObject({ message: 'valor fora da faixa', remoteName: 'RangeError' });
    expect((error as Error).stack).toContain('worker-pool.test-worker');
    await expect(p.run('uncloneable', undefined)).rejects.toBeInstanceOf(WorkerTaskError);
    await expect(p.run('nope' as 'echo', { text: '' })).rejects.toThrow(/tarefa desconhecida: nope/);
    // The thread is still there and serves the next task.
    expect((await p.run('echo', { text: 'ok' })).text).toBe('ok');
    expect(p.stats().threads).toBe(1);
  });

  it('stops a task past its time-out, replaces its thread, and an abort cancels a task', async () => {
    const p = pool(1, 5_000);
    const started = performance.now();
    const error = await p.run('spin', { ms: 20_000 }, { timeoutMs: 200 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTimeoutError);
    expect(performance.now() - started).toBeLessThan(3_000);
    const first = await p.run('echo', { text: 'depois' });
    expect(first.text).toBe('depois');

    const abort = new AbortController();
    const cancelled = p.run('spin', { ms: 20_000 }, { signal: abort.signal });
    const queued = p.run('echo', { text: 'fila' }, { signal: abort.signal });
    setTimeout(() => abort.abort(), 100);
    await expect(cancelled).rejects.toThrow(/cancelada/);
    await expect(queued).rejects.toThrow(/cancelada/);
    const next = await p.run('echo', { text: 'nova thread' });
    expect(next.threadId).not.toBe(first.threadId);
  });

  it('fails the task of a thread that dies, and goes on with a new one', async () => {
    const p = pool(1);
    await expect(p.run('crash', undefined)).rejects.toThrow(/parou/);
    expect((await p.run('echo', { text: 'viva' })).text).toBe('viva');
  });

  it('moves large ArrayBuffers both ways without a copy (the sender is detached), copies pooled bytes', async () => {
    const p = pool(1);
    const size = 40 * 1024 * 1024;
    const bytes = new Uint8Array(size).fill(7);
    const buffers = new Set<ArrayBuffer>();
    const sent = handOver(bytes, buffers);
    expect(sent).toBe(bytes);
    const result = await p.run('increment', { bytes: sent }, { transfer: [...buffers] });
    expect(bytes.byteLength).toBe(0); // detached: moved, not copied
    expect(result.sameLength).toBe(size);
    expect(result.bytes.byteLength).toBe(size);
    expect(result.bytes[0]).toBe(8);
    expect(result.bytes[size - 1]).toBe(8);

    // A small Buffer lives in Node's shared pool: it travels as an exact copy and stays usable here.
    const small = Buffer.from('abc');
    const copies = new Set<ArrayBuffer>();
    const copy = handOver(small, copies);
    expect(copy).not.toBe(small);
    expect(copy.buffer.byteLength).toBe(3);
    const back = await p.run('increment', { bytes: copy }, { transfer: [...copies] });
    expect(Buffer.from(back.bytes).toString()).toBe('bcd');
    expect(small.toString()).toBe('abc');
  });

  it.runIf(process.platform === 'linux')(
    'runs its threads at a lower priority than the event loop',
    async () => {
      const p = pool(1);
      const nice = await p.run('nice', undefined);
      expect(nice.thread).toBeGreaterThanOrEqual(WORKER_NICE);
      expect(nice.process).toBeLessThan(nice.thread); // the main thread's (the process id is its thread id)
    },
  );

  it('closes cleanly: running and queued tasks finish, new ones are refused, every thread stops', async () => {
    const p = pool(1);
    const running = p.run('spin', { ms: 200 });
    const queued = p.run('echo', { text: 'na fila' });
    const closing = p.close();
    await expect(p.run('echo', { text: 'tarde' })).rejects.toBeInstanceOf(WorkerPoolClosedError);
    await expect(running).resolves.toBeGreaterThan(0);
    await expect(queued).resolves.toMatchObject({ text: 'na fila' });
    await closing;
    expect(p.stats()).toEqual({ threads: 0, running: 0, queued: 0 });
    await p.close(); // twice is fine
  });
});
