import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Gauge, type Registry } from 'prom-client';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { safeEqual } from '../../lib/crypto';
import { heldLockCounts, LOCKED_JOB_KINDS } from '../../lib/member-lock';
import type { AppMetrics } from '../../plugins/metrics';
import { backupStatus } from '../backup/backup.service';

export const METRICS_TOKEN_REFUSED = 'Token de métricas ausente ou inválido.';
export const METRICS_NOT_FOUND = 'Recurso não encontrado.';

/** How long a scrape waits for its database readings before answering without them (the last values stay). */
const READING_TIMEOUT_MS = 2_000;

/** `Authorization: Bearer <METRICS_TOKEN>`, compared in constant time. */
export function scrapeAuthorized(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return safeEqual(match?.[1] ?? '', token);
}

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('leitura das métricas demorou demais')), READING_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

interface Readings {
  /** Seconds (Unix) of the last successful backup, 0 for none; undefined when the database did not answer. */
  lastBackup?: number;
  jobs?: Record<string, number>;
}

/**
 * What the database knows, read at each scrape (two small queries): the last successful backup (`backup_runs`) and
 * the jobs this instance is running now (its leases in `job_locks`: slug scans, site clones, funnel maps). The
 * gauges of one scrape share one reading. When the database does not answer in time the scrape still answers, with
 * the values read before and `clube_database_readings_ok 0`.
 */
export function registerDatabaseReadings(
  registry: Registry,
  deps: { db: Db; config: AppConfig; instanceId: string },
): void {
  const read = async (): Promise<Readings> => {
    const [backup, jobs] = await Promise.allSettled([
      withinTimeout(backupStatus(deps.db, deps.config)),
      withinTimeout(heldLockCounts(deps.db, deps.instanceId)),
    ]);
    return {
      lastBackup:
        backup.status === 'fulfilled'
          ? backup.value.lastOkAt
            ? Date.parse(backup.value.lastOkAt) / 1000
            : 0
          : undefined,
      jobs: jobs.status === 'fulfilled' ? jobs.value : undefined,
    };
  };
  let inFlight: Promise<Readings> | null = null;
  const readings = () => {
    inFlight ??= read().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  const registers = [registry];
  const lastBackup = new Gauge({
    name: 'clube_backup_last_success_timestamp_seconds',
    help: 'Quando terminou o último backup bem-sucedido (segundos Unix; 0: nenhum registrado).',
    registers,
    async collect() {
      const { lastBackup: at } = await readings();
      if (at !== undefined) this.set(at);
    },
  });
  lastBackup.set(0);
  const jobs = new Gauge({
    name: 'clube_jobs_running',
    help: 'Tarefas longas rodando nesta instância agora, por tipo (slug_scan, site_clone, funnel_map).',
    labelNames: ['kind'] as const,
    registers,
    async collect() {
      const { jobs: counts } = await readings();
      if (counts) for (const kind of LOCKED_JOB_KINDS) this.set({ kind }, counts[kind] ?? 0);
    },
  });
  for (const kind of LOCKED_JOB_KINDS) jobs.set({ kind }, 0);
  new Gauge({
    name: 'clube_database_readings_ok',
    help: 'As leituras do banco desta coleta (último backup, tarefas) responderam: 1; senão 0 (valores anteriores).',
    registers,
    async collect() {
      const { lastBackup: at, jobs: counts } = await readings();
      this.set(at !== undefined && counts !== undefined ? 1 : 0);
    },
  });
}

/**
 * METRICS_PORT: a second HTTP server bound to 127.0.0.1 only, answering GET /metrics without a token (a scraper on
 * the same machine); anything else 404 JSON. Resolves once it listens; `close()` on shutdown.
 */
export async function listenMetricsPort(
  metrics: Pick<AppMetrics, 'text' | 'contentType'>,
  port: number,
): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path === '/metrics' && (request.method === 'GET' || request.method === 'HEAD')) {
      metrics.text().then(
        (text) => {
          response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
          response.end(request.method === 'HEAD' ? undefined : text);
        },
        () => {
          response.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
          response.end(JSON.stringify({ message: 'Não foi possível gerar as métricas.' }));
        },
      );
      return;
    }
    response.writeHead(404, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(JSON.stringify({ message: METRICS_NOT_FOUND }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
