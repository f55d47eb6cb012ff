import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { setNamedStatements } from './prepared';
import * as schema from './schema/index';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

/** How long a request waits for a connection (the pool full, or the server at its connection limit). */
const CONNECTION_WAIT_MS = 10_000;
/** The server refused a new connection for now: too many clients, or starting up / shutting down. */
const TRY_AGAIN = new Set(['53300', '57P03']);

/**
 * A pool that waits for a connection instead of failing when PostgreSQL is at its connection limit (several
 * instances under a burst): a refused connection is tried again with a short backoff until CONNECTION_WAIT_MS,
 * like a request waiting for the pool's own free connection.
 */
class PatientPool extends pg.Pool {
  // biome-ignore lint/suspicious/noExplicitAny: pg's overloaded connect (callback and promise forms).
  override connect(callback?: any): any {
    const deadline = Date.now() + CONNECTION_WAIT_MS;
    const attempt = (delay: number): Promise<pg.PoolClient> =>
      super.connect().catch((error: { code?: string }) => {
        if (!error?.code || !TRY_AGAIN.has(error.code) || Date.now() + delay > deadline) throw error;
        return new Promise<pg.PoolClient>((resolve) => setTimeout(resolve, delay)).then(() =>
          attempt(Math.min(delay * 2, 1_000)),
        );
      });
    const connected = attempt(50);
    if (!callback) return connected;
    connected.then(
      (client) => callback(undefined, client, client.release.bind(client)),
      (error) => callback(error),
    );
    return undefined;
  }
}

/** The direct (not pooled) connection settings of each database handle: LISTEN, session locks, migrations. */
const directConfigs = new WeakMap<object, pg.ClientConfig>();

/**
 * Where a connection of its own must go for this handle: DATABASE_DIRECT_URL when the app's pool goes through a
 * transaction pooler (PgBouncer), else the pool's own settings. Null for a handle this module did not create.
 */
export function directConnectionConfig(db: object): pg.ClientConfig | null {
  return directConfigs.get(db) ?? null;
}

/** Where a slow query is reported: its statement text (placeholders, never the bound values) and how long it took. */
export interface SlowQueryLog {
  warn(fields: { durationMs: number; statement: string }, message: string): void;
}

export interface DatabaseOptions {
  max?: number;
  /** DATABASE_DIRECT_URL: the pool goes through a transaction pooler, connections of their own go here. */
  directUrl?: string;
  /**
   * statement_timeout of the pool's connections (DATABASE_STATEMENT_TIMEOUT_MS; 0 or unset: none). Sent as a
   * startup parameter, so never through a pooler (with `directUrl` the role's own setting applies) and never on the
   * connections of their own (LISTEN, migrations, backups' COPY).
   */
  statementTimeoutMs?: number;
  /** Queries of the pool slower than this (SLOW_QUERY_MS; 0 or unset: none) are reported to `log`. */
  slowQueryMs?: number;
  log?: SlowQueryLog;
}

/** The SQL a slow-query line shows: the statement as sent (placeholders, never its values), on one line, bounded. */
const STATEMENT_LOG_CHARS = 2000;
function statementOf(config: unknown): string {
  const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text;
  return String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, STATEMENT_LOG_CHARS);
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Times every query of a pool connection from the moment it is handed to the client (pool.query and drizzle's
 * callback form, and the promise form of transactions) to its result or error; one at or over `slowMs` is reported
 * with its statement text. Streams (COPY, cursors: a `submit` method) report through their own events and are left
 * alone.
 */
function timeQueries(client: pg.PoolClient, slowMs: number, log: SlowQueryLog): void {
  const query = client.query as unknown as QueryFn;
  const timed = function (this: unknown, ...args: unknown[]): unknown {
    const [config] = args;
    if (typeof (config as { submit?: unknown } | null)?.submit === 'function') return query.apply(this, args);
    const started = performance.now();
    const report = () => {
      const ms = performance.now() - started;
      if (ms >= slowMs) {
        log.warn({ durationMs: Math.round(ms), statement: statementOf(config) }, 'consulta lenta');
      }
    };
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = function (this: unknown, ...results: unknown[]) {
        report();
        return (callback as QueryFn).apply(this, results);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args) as Promise<unknown> | undefined;
    if (!result || typeof result.then !== 'function') return result;
    return result.then(
      (value) => {
        report();
        return value;
      },
      (error: unknown) => {
        report();
        throw error;
      },
    );
  };
  client.query = timed as unknown as typeof client.query;
}

export function createDatabase(connectionString: string, options: DatabaseOptions = {}): Database {
  const statementTimeout =
    options.statementTimeoutMs && !options.directUrl ? { statement_timeout: options.statementTimeoutMs } : {};
  const pool = new PatientPool({
    connectionString,
    max: options.max ?? 40,
    // Past this a request fails (503) instead of holding on forever.
    connectionTimeoutMillis: CONNECTION_WAIT_MS,
    ...statementTimeout,
  });
  // A connection dropped by the server (restart, failover, fast shutdown) must never crash the process: idle
  // clients report through the pool, clients in use through their query, and this catches the rest.
  pool.on('error', () => {});
  const { slowQueryMs, log } = options;
  pool.on('connect', (client) => {
    client.on('error', () => {});
    if (slowQueryMs && log) timeQueries(client, slowQueryMs, log);
  });
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  // A connection of its own must not hang on a server or link that stopped answering: the pool's connect timeout.
  // It never gets the pool's statement_timeout (a LISTEN connection, a migration or a backup's COPY may run long).
  const { statement_timeout: _poolOnly, ...ownConnection } = pool.options as pg.PoolConfig;
  directConfigs.set(
    db,
    options.directUrl
      ? { connectionString: options.directUrl, connectionTimeoutMillis: CONNECTION_WAIT_MS }
      : ownConnection,
  );
  // Through a transaction pooler a named statement may meet a server connection that never saw it.
  if (options.directUrl) setNamedStatements(false);
  return { db, pool, close: () => pool.end() };
}

/** Host, port and database of a connection URL, never its password (for messages and logs). */
export function describeDatabaseUrl(connectionString: string): string {
  try {
    const u = new URL(connectionString);
    return `${u.hostname}:${u.port || 5432}, banco "${decodeURIComponent(u.pathname.slice(1)) || 'postgres'}"`;
  } catch {
    return 'DATABASE_URL (inválida)';
  }
}

const PERMANENT = new Set(['28P01', '28000', '3D000', '42501']);

/**
 * Waits until the database answers (containers often start it after the app), trying again for `seconds`.
 * Wrong credentials or a missing database fail at once: waiting will not fix them. The error message
 * names host, port and database, never the password.
 */
export async function waitForDatabase(connectionString: string, seconds: number): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 3_000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => {});
      const err = error as { code?: string; message?: string };
      const permanent = err.code !== undefined && PERMANENT.has(err.code);
      if (permanent || Date.now() >= deadline) {
        const reason =
          err.code === '28P01' || err.code === '28000'
            ? 'usuário ou senha recusados'
            : err.code === '3D000'
              ? 'o banco não existe'
              : err.code === 'ECONNREFUSED'
                ? 'conexão recusada'
                : err.code === 'ENOTFOUND' || err.code === 'EAI_AGAIN'
                  ? 'host não encontrado'
                  : (err.message ?? String(error));
        const tried = permanent
          ? ''
          : ` (tentando por ${seconds} s, ${attempt} tentativas; ajuste DATABASE_WAIT_SECONDS)`;
        throw new Error(
          `Não foi possível conectar ao PostgreSQL de DATABASE_URL em ${describeDatabaseUrl(connectionString)}: ${reason}${tried}.`,
        );
      }
      await new Promise((r) => setTimeout(r, Math.min(1000, Math.max(0, deadline - Date.now()))));
    }
  }
}

export { schema };
