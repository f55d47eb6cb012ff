import { describe, expect, it } from 'vitest';
import { interruptedByShutdown, JobRegistry, RestartingError } from './jobs';

describe('JobRegistry', () => {
  it('lets a job that ends in time finish, interrupts the one that does not, then refuses new ones with 503', async () => {
    const jobs = new JobRegistry();
    const quick = jobs.begin('slug_scan');
    const slow = jobs.begin('site_clone');
    slow.signal.addEventListener('abort', () => setTimeout(() => slow.end(), 20));
    setTimeout(() => quick.end(), 50);
    const started = Date.now();
    const drained = await jobs.drain(300);
    expect(drained).toEqual({ finished: 1, interrupted: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(quick.signal.aborted).toBe(false);
    expect(interruptedByShutdown(slow.signal)).toBe(true);
    expect(jobs.size).toBe(0);
    let refused: unknown;
    try {
      jobs.begin('slug_scan');
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(RestartingError);
    expect((refused as RestartingError).statusCode).toBe(503);
    expect((refused as RestartingError).headers).toEqual({ 'retry-after': 5 });
    expect((refused as RestartingError).message).toBe('Servidor reiniciando, tente de novo em instantes.');
  });

  it('returns at once when nothing runs, and gives up on a job that never settles after settleMs', async () => {
    const jobs = new JobRegistry();
    expect(await jobs.drain(10_000)).toEqual({ finished: 0, interrupted: 0 });
    const other = new JobRegistry();
    const stuck = other.begin('slug_scan');
    const started = Date.now();
    expect(await other.drain(0, 100)).toEqual({ finished: 0, interrupted: 1 });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(stuck.signal.aborted).toBe(true);
    stuck.end();
    stuck.end();
    expect(other.size).toBe(0);
  });
});
