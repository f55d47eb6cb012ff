import type { SlugResult } from '../../../shared/schemas/slug-checker';
import type { Db } from '../../db/client';
import { recordScanProgress } from './slug-checker.repo';

/** A batch of results goes to the database when it has this many, or this long after its first one. */
export const RECORD_BATCH_RESULTS = 250;
export const RECORD_BATCH_MS = 500;

/**
 * Writes a running scan's progress to its row as it goes (issue #24), so every instance shows and streams it, and
 * keeps its lease: each write renews it, and a timer renews it every third of the lease when nothing was written.
 * Writes never overlap (one after the other) and never hold a connection between them. When a write finds the scan
 * no longer ours (its lease lapsed and another instance ended and refunded it), `onLost` is called once: the scan
 * must stop and must not finish.
 */
export class ScanRecorder {
  private pending: SlugResult[] = [];
  private total: number | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private readonly renewTimer: NodeJS.Timeout;
  private chain: Promise<void> = Promise.resolve();
  private stopped = false;
  lost = false;

  constructor(
    private readonly db: Db,
    private readonly scan: { scanId: string; owner: string; leaseMs: number },
    private readonly onLost: () => void,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    this.renewTimer = setInterval(() => this.write(), Math.max(500, Math.floor(scan.leaseMs / 3)));
    this.renewTimer.unref();
  }

  setTotal(total: number): void {
    this.total = total;
    this.write();
  }

  add(result: SlugResult): void {
    this.pending.push(result);
    if (this.pending.length >= RECORD_BATCH_RESULTS) this.write();
    else if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => this.write(), RECORD_BATCH_MS);
      this.flushTimer.unref();
    }
  }

  /** Queues one write of what is pending (or a bare lease renewal). */
  private write(): void {
    if (this.stopped || this.lost) return;
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const results = this.pending;
    this.pending = [];
    const totalSlugs = this.total;
    this.total = undefined;
    this.chain = this.chain.then(async () => {
      if (this.lost) return;
      try {
        const ours = await recordScanProgress(this.db, { ...this.scan, totalSlugs, results });
        if (!ours) {
          this.lost = true;
          this.onLost();
        }
      } catch (err) {
        // The database is away: the lease runs on; the next write (or renewal) tries again with what follows.
        this.onError(err);
      }
    });
  }

  /** No more writes; resolves when the last one is done. The final row is written by finishScan. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.renewTimer);
    clearTimeout(this.flushTimer);
    await this.chain;
  }
}
