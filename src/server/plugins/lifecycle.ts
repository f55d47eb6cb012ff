import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobRegistry, RestartingError } from '../lib/jobs';

/**
 * Where this instance is in its life, as its load balancer must see it (docs/decisions.md, "Vida, prontidão e
 * drenagem"):
 * - `serving`;
 * - `draining` (SIGTERM): readiness answers 503, so balancers with active checks take the instance out; every request
 *   still runs, and every answer carries `Connection: close`, so a connection the balancer used is never reused. The
 *   idle keep-alive connections are left for the balancer to close: its idle timeout is shorter than the drain, and
 *   only the side that sends requests can close an idle connection without racing a request on it;
 * - `refusing` (the last part of the drain, and while long jobs finish): the requests a balancer sends elsewhere on a
 *   503 (every method but POST and PATCH) are answered 503 before anything of them runs; that 503 is also how nginx,
 *   which has no active checks, takes the instance out before it stops listening. POST and PATCH still run: nginx
 *   never re-sends them after a 503, and must not re-send a request the app may have run;
 * - `closing` (app.close()): the port is closed, idle connections too; a request that still arrives on an open
 *   connection is answered 503 before it runs.
 */
export type LifecycleStage = 'serving' | 'draining' | 'refusing' | 'closing';

export interface Lifecycle {
  stage: LifecycleStage;
  /** From SIGTERM on (any stage but `serving`): readiness answers 503. */
  readonly draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
    /** The long jobs (scans, clones) this instance runs: refused once it shuts down, drained by main.ts on SIGTERM. */
    jobs: JobRegistry;
  }
  interface FastifyContextConfig {
    /** A health check: answers for itself while the instance shuts down (readiness says 503, liveness 200). */
    healthCheck?: boolean;
  }
}

/**
 * Node's idle keep-alive timeout on the app's connections (Fastify's default, stated). A balancer's own idle timeout
 * towards the app must be shorter (nginx's upstream `keepalive_timeout`, docs/operations.md): then the balancer
 * always closes an idle connection first and never sends a request on one the app is closing.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** How long before the end of the drain the instance starts refusing (at most half the drain). */
export const REFUSING_BEFORE_CLOSE_MS = 1_000;

/** The drain of `drainSeconds` in two steps: serving everything (while active checks notice), then refusing. */
export function drainSteps(drainSeconds: number): { servingMs: number; refusingMs: number } {
  const total = Math.max(0, drainSeconds) * 1000;
  const refusingMs = Math.min(REFUSING_BEFORE_CLOSE_MS, total / 2);
  return { servingMs: total - refusingMs, refusingMs };
}

/** Methods a balancer never re-sends after a 503 (nginx's non-idempotent ones): run until the port closes. */
const NOT_RESENT = new Set(['POST', 'PATCH']);

/**
 * The drain state main.ts moves through on SIGTERM, and the refusals it implies (see LifecycleStage). Closing the
 * app (after main.ts gave the jobs their time, or at once in tests and on SIGINT) interrupts the jobs still running
 * and waits for them to settle (a scan ends 'interrupted' and refunded) before the server closes.
 */
export const lifecyclePlugin = fp(async (app: FastifyInstance) => {
  const lifecycle: Lifecycle = {
    stage: 'serving',
    get draining() {
      return this.stage !== 'serving';
    },
  };
  app.decorate('lifecycle', lifecycle);
  app.decorate('jobs', new JobRegistry());
  app.addHook('onRequest', async (request) => {
    const { stage } = lifecycle;
    if (stage === 'serving' || stage === 'draining' || request.routeOptions.config?.healthCheck) return;
    if (stage === 'closing' || !NOT_RESENT.has(request.method)) throw new RestartingError();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (lifecycle.draining) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    lifecycle.stage = 'closing';
    const { interrupted } = await app.jobs.drain(0);
    if (interrupted > 0) app.log.warn(`${interrupted} tarefa(s) longa(s) interrompida(s) no encerramento.`);
  });
});
