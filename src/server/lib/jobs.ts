import { randomUUID } from 'node:crypto';
import { AppError } from './errors';

export const RESTARTING_MESSAGE = 'Servidor reiniciando, tente de novo em instantes.';
/** Seconds a refused client is asked to wait (Retry-After): another instance takes it by then. */
export const RESTARTING_RETRY_AFTER_SECONDS = 5;

/** A long job refused because this instance is shutting down (503 with Retry-After: the balancer sends the retry elsewhere). */
export class RestartingError extends AppError {
  constructor(message = RESTARTING_MESSAGE) {
    super(503, message, {}, { 'retry-after': RESTARTING_RETRY_AFTER_SECONDS });
  }
}

/** The abort reason of a job this instance ended because it is shutting down. */
export class JobInterruptedError extends Error {
  constructor() {
    super('tarefa interrompida: a instância está encerrando');
    this.name = 'JobInterruptedError';
  }
}

export interface Job {
  /** Aborts (reason: JobInterruptedError) when the instance ends the job to shut down. */
  readonly signal: AbortSignal;
  /** The job is over (finished, failed or interrupted and accounted for). Idempotent. */
  end(): void;
}

interface Entry extends Job {
  kind: string;
  controller: AbortController;
  ended: Promise<void>;
}

/**
 * The long jobs (slug scans, site clones) running in this instance (issue #24). On shutdown the instance stops
 * taking new ones (RestartingError, 503), gives the running ones time to finish, then interrupts the rest and waits
 * for each to settle its accounts (a scan ends 'interrupted' and refunded). `instanceId` names this process in the
 * leases its jobs hold in the database.
 */
export class JobRegistry {
  readonly instanceId = randomUUID();
  private accepting = true;
  private readonly running = new Set<Entry>();

  get size(): number {
    return this.running.size;
  }

  get isAccepting(): boolean {
    return this.accepting;
  }

  /** Registers a job; throws RestartingError once the instance is shutting down. */
  begin(kind: string): Job {
    if (!this.accepting) throw new RestartingError();
    const controller = new AbortController();
    let resolve!: () => void;
    const ended = new Promise<void>((r) => {
      resolve = r;
    });
    const entry: Entry = {
      kind,
      controller,
      ended,
      signal: controller.signal,
      end: () => {
        if (!this.running.delete(entry)) return;
        resolve();
      },
    };
    this.running.add(entry);
    return entry;
  }

  stopAccepting(): void {
    this.accepting = false;
  }

  /**
   * Shutdown: no new jobs; the running ones get `waitMs` to finish, then are interrupted; resolves when every job has
   * ended (or `settleMs` after the interruption, so a stuck job cannot hold the shutdown forever). Returns how many
   * jobs finished on their own and how many were interrupted.
   */
  async drain(waitMs: number, settleMs = 15_000): Promise<{ finished: number; interrupted: number }> {
    this.stopAccepting();
    const atStart = this.running.size;
    if (atStart === 0) return { finished: 0, interrupted: 0 };
    await this.allEnded(waitMs);
    const left = [...this.running];
    for (const entry of left) entry.controller.abort(new JobInterruptedError());
    if (left.length > 0) await this.allEnded(settleMs);
    return { finished: atStart - left.length, interrupted: left.length };
  }

  private async allEnded(ms: number): Promise<void> {
    if (this.running.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([...this.running].map((e) => e.ended)),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, ms);
      }),
    ]);
    clearTimeout(timer);
  }
}

/** True when the signal was aborted because the instance is shutting down (not by the member). */
export const interruptedByShutdown = (signal: AbortSignal | undefined) =>
  signal?.aborted === true && signal.reason instanceof JobInterruptedError;
