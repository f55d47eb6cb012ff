import { z } from './zod';

/** GET /api/health/live: the process answers. */
export const liveness = z.object({ ok: z.literal(true) });

/** GET /api/health and /api/health/ready: the instance should get requests (503 `{ message }` when not). */
export const readiness = z.object({
  ok: z.literal(true),
  /** Live or within its grace (past it readiness is 503): while down, the caches step aside. */
  changeFeed: z.object({ live: z.boolean(), lastHeardAt: z.string().nullable() }),
  /** 'off' without REDIS_URL; while 'down', each instance counts its request limits in memory. */
  redis: z.enum(['off', 'ok', 'down']),
});
export type Readiness = z.infer<typeof readiness>;
