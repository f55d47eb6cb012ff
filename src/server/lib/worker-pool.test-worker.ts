// The thread entry of worker-pool.test.ts: small tasks that exercise the pool.
import { readlinkSync } from 'node:fs';
import os from 'node:os';
import { threadId } from 'node:worker_threads';
import { serveTasks } from './worker-runtime';

export const testTasks = {
  echo: (input: { text: string }) => ({ text: input.text, threadId }),
  fail: (input: { message: string }) => {
    throw new RangeError(input.message);
  },
  /** Holds its thread's CPU for `ms`. */
  spin: (input: { ms: number }) => {
    const until = Date.now() + input.ms;
    while (Date.now() < until) {}
    return threadId;
  },
  /** Every byte plus one, in place, handed back. */
  increment: (input: { bytes: Uint8Array }, transfer: (...buffers: ArrayBuffer[]) => void) => {
    for (let i = 0; i < input.bytes.length; i++) input.bytes[i] = ((input.bytes[i] ?? 0) + 1) & 0xff;
    transfer(input.bytes.buffer as ArrayBuffer);
    return { bytes: input.bytes, sameLength: input.bytes.byteLength };
  },
  crash: () => process.exit(3),
  /** This thread's nice value and the process's (Linux: each thread has its own). */
  nice: () => {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    return { thread: os.getPriority(tid), process: os.getPriority(process.pid) };
  },
  uncloneable: () => ({ f: () => 1 }),
};

serveTasks(testTasks);
