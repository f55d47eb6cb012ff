import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, type Metric, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus metrics (GET /metrics, METRICS_PORT): its own registry, never prom-client's global one. */
    metrics: AppMetrics;
  }
}

/** The route label of what no route matched (unknown paths, and the app's pages served as index.html). */
export const UNMATCHED_ROUTE = 'unmatched';
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export type DeliveryChannel = 'email' | 'push';
export type DeliveryResult = 'sent' | 'failed';

/** Counts the outbox's sends (modules/notifications/delivery.ts), at the point a send succeeds or fails. */
export interface DeliveryCounts {
  count(channel: DeliveryChannel, result: DeliveryResult): void;
}

export interface AppMetrics {
  /** The app's own series; scrape-time readings (backups, jobs) are added to it by the monitoring module. */
  readonly registry: Registry;
  /** Records a completed request (the onResponse hook; frameworkErrors call it themselves). */
  observe(request: FastifyRequest, reply: FastifyReply): void;
  readonly deliveries: DeliveryCounts;
  /** The Prometheus text of this process and this app. */
  text(): Promise<string>;
  readonly contentType: string;
}

/**
 * CPU, memory, GC and event-loop delay (prom-client's default metrics: `nodejs_eventloop_lag_p99_seconds` and the
 * others are measured since the previous scrape) belong to the process, not to an app: one set per process, shared by
 * every app built in it (the test suite builds many; one event-loop monitor and GC observer each would add up).
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Request durations in seconds: fast API answers to a slug scan or a clone streamed for a minute. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

interface RouteSeries {
  labels: { route: string; method: string; status: string };
  /** Observations per bucket (not cumulative), the last slot for those above every bound. */
  counts: Float64Array;
  sum: number;
  count: number;
}

/**
 * clube_http_request_duration_seconds, a Prometheus histogram by route template, method and status. It is on the path
 * of every request, so an observation is a map lookup and a few additions: prom-client's own Histogram validates and
 * hashes the labels of each one (about 2 µs). Registered in the app's prom-client registry, which writes its text
 * like any other histogram's (`_bucket` cumulative with `le`, `_sum`, `_count`).
 */
class RequestDurations {
  readonly name = 'clube_http_request_duration_seconds';
  readonly help =
    'Requisições HTTP por rota (o modelo da rota, nunca a URL), método e status, e quanto levaram.';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series = new Map<string, RouteSeries>();

  observe(route: string, method: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      series = {
        labels: { route, method, status: String(status) },
        counts: new Float64Array(DURATION_BUCKETS.length + 1),
        sum: 0,
        count: 0,
      };
      this.series.set(key, series);
    }
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket++;
    series.counts[bucket]! += 1;
    series.sum += seconds;
    series.count += 1;
  }

  async get() {
    const values: Array<{ labels: Record<string, string | number>; value: number; metricName: string }> = [];
    for (const { labels, counts, sum, count } of this.series.values()) {
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, i) => {
        cumulative += counts[i]!;
        values.push({ labels: { ...labels, le }, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { ...labels, le: '+Inf' }, value: count, metricName: `${this.name}_bucket` });
      values.push({ labels, value: sum, metricName: `${this.name}_sum` });
      values.push({ labels, value: count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  reset(): void {
    this.series.clear();
  }
}

export function createAppMetrics(sources: {
  pool: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'> & { options: { max?: number } };
  changeFeedLive(): boolean | undefined;
}): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  const durations = new RequestDurations();
  registry.registerMetric(durations as unknown as Metric);
  const observe = (request: FastifyRequest, reply: FastifyReply) => {
    const route = (!request.is404 && request.routeOptions.url) || UNMATCHED_ROUTE;
    const method = METHODS.has(request.method) ? request.method : 'OTHER';
    const elapsed = reply.elapsedTime;
    durations.observe(route, method, reply.statusCode, Number.isFinite(elapsed) ? elapsed / 1000 : 0);
  };

  const { pool } = sources;
  new Gauge({
    name: 'clube_db_pool_in_use_connections',
    help: 'Conexões do pool do app com o PostgreSQL em uso agora.',
    registers,
    collect() {
      this.set(pool.totalCount - pool.idleCount);
    },
  });
  new Gauge({
    name: 'clube_db_pool_idle_connections',
    help: 'Conexões do pool abertas e livres.',
    registers,
    collect() {
      this.set(pool.idleCount);
    },
  });
  new Gauge({
    name: 'clube_db_pool_waiting_requests',
    help: 'Pedidos esperando uma conexão do pool (o pool está cheio).',
    registers,
    collect() {
      this.set(pool.waitingCount);
    },
  });
  new Gauge({
    name: 'clube_db_pool_max_connections',
    help: 'Tamanho máximo do pool (DATABASE_POOL_MAX).',
    registers,
    collect() {
      this.set(pool.options.max ?? 10);
    },
  });
  new Gauge({
    name: 'clube_change_feed_live',
    help: 'O change feed desta instância (LISTEN) está conectado: 1; fora (caches desligados): 0.',
    registers,
    collect() {
      this.set(sources.changeFeedLive() ? 1 : 0);
    },
  });

  const sends = new Counter({
    name: 'clube_notification_sends_total',
    help: 'Envios da fila de avisos: e-mails (um por membro e tipo) e pushes (um por membro), enviados ou que falharam.',
    labelNames: ['channel', 'result'] as const,
    registers,
  });
  for (const channel of ['email', 'push'] as const) {
    for (const result of ['sent', 'failed'] as const) sends.inc({ channel, result }, 0);
  }

  const perProcess = processMetrics();
  return {
    registry,
    observe,
    deliveries: { count: (channel, result) => sends.inc({ channel, result }) },
    contentType: registry.contentType,
    async text() {
      const [own, shared] = await Promise.all([registry.metrics(), perProcess.metrics()]);
      return `${own.trimEnd()}\n${shared}`;
    },
  };
}

/**
 * `app.metrics`, and every completed request counted by route template, method and status with its duration
 * (registered before the routes and the 404 handler, so it covers all of them).
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: { pool: pg.Pool }) => {
  const metrics = createAppMetrics({
    pool: options.pool,
    changeFeedLive: () => (app as { changeFeed?: { live: boolean } }).changeFeed?.live,
  });
  app.decorate('metrics', metrics);
  app.addHook('onResponse', (request, reply, done) => {
    metrics.observe(request, reply);
    done();
  });
});
