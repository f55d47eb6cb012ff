import type { FastifyBaseLogger, RouteOptions } from 'fastify';
import { Redis } from 'ioredis';

/** A count in a fixed window: how many so far, and the milliseconds until the window resets. */
export interface WindowCount {
  current: number;
  ttl: number;
}

const INCR_SCRIPT = `local c = redis.call('INCR', KEYS[1])
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local t = redis.call('PTTL', KEYS[1])
if t < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) t = tonumber(ARGV[1]) end
return {c, t}`;
const DECR_SCRIPT = `local c = tonumber(redis.call('GET', KEYS[1]) or '0')
if c > 0 then redis.call('DECR', KEYS[1]) end
return 0`;
const READ_SCRIPT = `local c = redis.call('GET', KEYS[1])
if not c then return {0, 0} end
local t = redis.call('PTTL', KEYS[1])
if t < 0 then t = 0 end
return {tonumber(c), t}`;
const MAX_LOCAL_KEYS = 50_000;

/**
 * The counters behind every request limit of the app (the route limits of @fastify/rate-limit and the failure-only
 * limits), in fixed windows. With REDIS_URL they live in Redis and every instance shares them; while Redis is away
 * (down, restarting, unreachable) each instance counts in its own memory, says so once in the log, and goes back to
 * Redis by itself when it answers again: a limit never turns into a 500.
 */
export class LimitCounters {
  private readonly local = new Map<string, { current: number; resetAt: number }>();
  private readonly redis: Redis | undefined;
  private degraded = false;

  constructor(
    redisUrl: string | undefined,
    private readonly log: FastifyBaseLogger,
  ) {
    if (!redisUrl) return;
    this.redis = new Redis(redisUrl, {
      connectTimeout: 2000,
      // A command Redis does not answer in time (a dead link that sent no FIN) counts here instead.
      commandTimeout: 500,
      maxRetriesPerRequest: 1,
      // Commands fail at once while disconnected (the memory takes over) instead of waiting in a queue.
      enableOfflineQueue: false,
      retryStrategy: (times) => Math.min(times * 500, 5000),
    });
    this.redis.on('ready', () => {
      if (this.degraded)
        this.log.warn('Redis respondeu de novo: os limites de requisição voltam a ser compartilhados.');
      this.degraded = false;
    });
    this.redis.on('error', (err) => this.fallBack(err));
  }

  /** Whether the counters are shared through Redis right now ('off' without REDIS_URL). */
  get redisState(): 'off' | 'ok' | 'down' {
    if (!this.redis) return 'off';
    return this.redis.status === 'ready' && !this.degraded ? 'ok' : 'down';
  }

  private fallBack(err: unknown) {
    if (this.degraded) return;
    this.degraded = true;
    this.log.warn(
      { err },
      'Redis indisponível: os limites de requisição passam a contar na memória de cada instância até ele voltar.',
    );
  }

  private usable(): Redis | undefined {
    return this.redis && this.redis.status === 'ready' ? this.redis : undefined;
  }

  async incr(key: string, windowMs: number): Promise<WindowCount> {
    const redis = this.usable();
    if (redis) {
      try {
        const [current, ttl] = (await redis.eval(INCR_SCRIPT, 1, `ce-rl:${key}`, windowMs)) as [
          number,
          number,
        ];
        return { current, ttl };
      } catch (err) {
        this.fallBack(err);
      }
    }
    return this.incrLocal(key, windowMs);
  }

  async decr(key: string): Promise<void> {
    const redis = this.usable();
    if (redis) {
      try {
        await redis.eval(DECR_SCRIPT, 1, `ce-rl:${key}`);
        return;
      } catch (err) {
        this.fallBack(err);
      }
    }
    const window = this.local.get(key);
    if (window && window.current > 0) window.current -= 1;
  }

  async read(key: string): Promise<WindowCount> {
    const redis = this.usable();
    if (redis) {
      try {
        const [current, ttl] = (await redis.eval(READ_SCRIPT, 1, `ce-rl:${key}`)) as [number, number];
        return { current, ttl };
      } catch (err) {
        this.fallBack(err);
      }
    }
    const window = this.local.get(key);
    const now = Date.now();
    return window && window.resetAt > now
      ? { current: window.current, ttl: window.resetAt - now }
      : { current: 0, ttl: 0 };
  }

  private incrLocal(key: string, windowMs: number): WindowCount {
    const now = Date.now();
    if (this.local.size > MAX_LOCAL_KEYS) {
      for (const [k, w] of this.local) if (w.resetAt <= now) this.local.delete(k);
    }
    let window = this.local.get(key);
    if (!window || window.resetAt <= now) {
      window = { current: 0, resetAt: now + windowMs };
      this.local.set(key, window);
    }
    window.current += 1;
    return { current: window.current, ttl: window.resetAt - now };
  }

  async close(): Promise<void> {
    if (this.redis) await this.redis.quit().catch(() => this.redis?.disconnect());
  }
}

type Callback = (err: Error | null, result?: WindowCount) => void;

/**
 * A store for @fastify/rate-limit over the app's LimitCounters (its own Redis and memory stores know nothing of a
 * Redis that went away). Each route gets its own key prefix, as the library's stores do.
 */
export function rateLimitStore(counters: LimitCounters) {
  return class CountersStore {
    constructor(
      _params: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, cb: Callback, timeWindow: number, _max: number) {
      counters.incr(`${this.prefix}${key}`, timeWindow).then(
        (result) => cb(null, result),
        (err: Error) => cb(err),
      );
    }

    read(key: string, cb: Callback) {
      counters.read(`${this.prefix}${key}`).then(
        (result) => cb(null, result),
        (err: Error) => cb(err),
      );
    }

    // The library passes the route's merged limit options, whose `routeInfo` is the route (its typings say otherwise).
    child(routeOptions: RouteOptions & { path: string; prefix: string }) {
      const route =
        (routeOptions as unknown as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo ?? {};
      return new CountersStore(
        undefined,
        `${this.prefix}${String(route.method ?? '')}${String(route.url ?? '')}-`,
      );
    }
  };
}
