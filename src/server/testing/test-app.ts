import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { type AppConfig, loadConfig } from '../config';
import { createDatabase, type Database, type Db } from '../db/client';
import type { Mailer, MailMessage } from '../lib/mail/mail';
import { TEMPLATE_DB } from './global-setup';

export const TEST_ORIGIN = 'http://localhost:3000';
/** The Lastlink token every test app is configured with. */
export const TEST_WEBHOOK_TOKEN = 'test-webhook-token';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  database: Database;
  config: AppConfig;
  /** Mails the app sent (the in-memory mailer; SMTP itself is tested with a real smtp-server). */
  mails: MailMessage[];
  /** inject() with the same-origin header every browser request carries. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** A fresh database cloned from the migrated template, and the app built on it. */
/** The configuration every test app runs with (a real database, its own data folder, quiet logs). */
export function testConfig(
  databaseUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    APP_URL: TEST_ORIGIN,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: 'admin@clubeescala.test',
    LASTLINK_WEBHOOK_TOKEN: TEST_WEBHOOK_TOKEN,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    // Chromium for every scan's funnel pictures is the subject of its own tests only.
    FUNNEL_SCREENSHOTS: '0',
    ...env,
  });
}

export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = inject('pgBaseUrl');
  const name = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name} template ${TEMPLATE_DB}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      // A pool's end() resolves before its sockets have closed: the server would terminate them ('terminating
      // connection due to administrator command'), an error nobody listens to any more. Give them 2 s to go.
      for (let i = 0; i < 40; i++) {
        const { rows } = await c.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: { mailer?: Mailer } = {},
): Promise<TestApp> {
  const { url, drop } = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ce-test-data-'));
  const config = testConfig(url, dataDir, env);
  const database = createDatabase(url, { max: 10 });
  const mails: MailMessage[] = [];
  const mailer: Mailer = options.mailer ?? {
    destination: 'memória (testes)',
    async send(message) {
      mails.push(message);
    },
  };
  const app = await buildApp({ config, database, mailer });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    config,
    mails,
    request: (opts) => app.inject({ ...opts, headers: { origin: TEST_ORIGIN, ...(opts.headers ?? {}) } }),
    async close() {
      await app.close();
      await database.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A Lastlink delivery to the app's webhook, as the checkout sends it (JSON, the configured token). */
export const deliverLastlink = (t: Pick<TestApp, 'app'>, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhook/lastlink',
    headers: { 'content-type': 'application/json', 'x-lastlink-token': TEST_WEBHOOK_TOKEN },
    payload: JSON.stringify(payload),
  });
