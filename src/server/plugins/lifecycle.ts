import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JobRegistry } from '../lib/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's place in its life: `draining` from SIGTERM until it stops (readiness answers 503). */
    lifecycle: { draining: boolean };
    /** The long jobs (scans, clones) this instance runs: refused once it shuts down, drained by main.ts on SIGTERM. */
    jobs: JobRegistry;
  }
}

/**
 * The drain state main.ts sets on SIGTERM; while draining, every answer asks its client to reconnect elsewhere.
 * Closing the app (after main.ts gave the jobs their time, or at once in tests and on SIGINT) interrupts the jobs
 * still running and waits for them to settle (a scan ends 'interrupted' and refunded) before the server closes.
 */
export const lifecyclePlugin = fp(async (app: FastifyInstance) => {
  app.decorate('lifecycle', { draining: false });
  app.decorate('jobs', new JobRegistry());
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    const { interrupted } = await app.jobs.drain(0);
    if (interrupted > 0) app.log.warn(`${interrupted} tarefa(s) longa(s) interrompida(s) no encerramento.`);
  });
});
