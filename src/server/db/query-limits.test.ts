import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { QUERY_TIMEOUT_MESSAGE } from '../plugins/error-handler';
import { createTestDatabase, testConfig } from '../testing/test-app';
import { createDatabase, type Database, directConnectionConfig } from './client';

/**
 * The app pool's limits (db/client.ts): statement_timeout (DATABASE_STATEMENT_TIMEOUT_MS) cancels a query running
 * longer, only on the pool's connections; queries slower than SLOW_QUERY_MS are logged with their statement, never
 * their values.
 */
let url: string;
let dataDir: string;
let drop: () => Promise<void>;
let database: Database;
let app: FastifyInstance;
const slow: Array<{ fields: { durationMs: number; statement: string }; message: string }> = [];

beforeAll(async () => {
  ({ url, drop } = await createTestDatabase());
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'ce-query-limits-'));
  database = createDatabase(url, {
    max: 4,
    statementTimeoutMs: 400,
    slowQueryMs: 150,
    log: { warn: (fields, message) => void slow.push({ fields, message }) },
  });
  app = await buildApp({
    config: testConfig(url, dataDir, {
      DATABASE_STATEMENT_TIMEOUT_MS: '400',
      SLOW_QUERY_MS: '150',
    }),
    database,
    mailer: { destination: 'nenhum', send: async () => {} },
  });
  app.get('/api/test/consulta-longa', { config: { access: 'public' } }, async () =>
    database.db.execute(sql`select pg_sleep(2)`),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('statement_timeout on the app pool', () => {
  it('cancels a pg_sleep beyond it (57014), on pool queries and in transactions', async () => {
    const started = Date.now();
    await expect(database.db.execute(sql`select pg_sleep(3)`)).rejects.toMatchObject({
      cause: { code: '57014' },
    });
    expect(Date.now() - started).toBeLessThan(2_500);
    await expect(
      database.db.transaction(async (tx) => tx.execute(sql`select pg_sleep(3)`)),
    ).rejects.toMatchObject({ cause: { code: '57014' } });
    const shown = await database.db.execute<{ statement_timeout: string }>(sql`show statement_timeout`);
    expect(shown.rows[0]!.statement_timeout).toBe('400ms');
  });

  it('is not set on the connections of their own (LISTEN, migrations, backups)', async () => {
    const client = new pg.Client(directConnectionConfig(database.db)!);
    await client.connect();
    try {
      const shown = await client.query<{ statement_timeout: string }>('show statement_timeout');
      expect(shown.rows[0]!.statement_timeout).toBe('0');
      await client.query('select pg_sleep(0.6)');
    } finally {
      await client.end();
    }
  });

  it('answers the cancelled request with a Portuguese 500 carrying the request id', async () => {
    const res = await app.inject({ url: '/api/test/consulta-longa', headers: { 'x-request-id': 'lenta-1' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: QUERY_TIMEOUT_MESSAGE, code: 'lenta-1' });
  });

  it('is off with 0, and never sent through a pooler (DATABASE_DIRECT_URL)', async () => {
    for (const options of [{ statementTimeoutMs: 0 }, { statementTimeoutMs: 400, directUrl: url }]) {
      const other = createDatabase(url, { max: 1, ...options });
      try {
        const shown = await other.db.execute<{ statement_timeout: string }>(sql`show statement_timeout`);
        expect(shown.rows[0]!.statement_timeout).toBe('0');
      } finally {
        await other.close();
      }
    }
  });
});

describe('slow queries', () => {
  it('are logged with their statement and time, never their parameters; fast ones are not', async () => {
    slow.length = 0;
    await database.db.execute(sql`select pg_sleep(0.25), ${'PARAM-SECRETO-91'}::text as valor`);
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(0.2), ${'OUTRO-SECRETO-17'}::text as dentro_da_transacao`);
    });
    await database.db.execute(sql`select ${'RAPIDA-SECRETA'}::text as rapida`);
    // Only this test's statements (the app's own background queries may be slow on a loaded machine too).
    const mine = slow.filter((s) => /valor|dentro_da_transacao|rapida/.test(s.fields.statement));
    expect(mine.map((s) => s.message)).toEqual(['consulta lenta', 'consulta lenta']);
    expect(mine[0]!.fields.statement).toBe('select pg_sleep(0.25), $1::text as valor');
    expect(mine[1]!.fields.statement).toContain('dentro_da_transacao');
    for (const entry of mine) expect(entry.fields.durationMs).toBeGreaterThanOrEqual(150);
    const text = JSON.stringify(slow);
    for (const secret of ['PARAM-SECRETO', 'OUTRO-SECRETO', 'RAPIDA']) expect(text).not.toContain(secret);
  });

  it('a query that fails slowly (cancelled) is logged too', async () => {
    slow.length = 0;
    await database.db.execute(sql`select pg_sleep(1)`).catch(() => {});
    expect(slow.filter((s) => s.fields.statement.includes('pg_sleep'))).toEqual([
      {
        message: 'consulta lenta',
        fields: { durationMs: expect.any(Number), statement: 'select pg_sleep(1)' },
      },
    ]);
  });
});
