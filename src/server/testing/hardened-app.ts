import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { AppConfig } from '../config';
import { createDatabase, type Database } from '../db/client';
import type { MailMessage } from '../lib/mail/mail';
import { createTestDatabase, testConfig } from './test-app';

export interface HardenedApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  mails: MailMessage[];
  clientDir: string;
  /** Starts listening on a free loopback port (for what inject cannot send) and returns the port. */
  listen(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The Vite manifest of that client: the entry (index.html) and the dashboard route, its catalogue and community
 * tabs and the login route, with shared chunks, as `npm run build` writes it (plugins/web-client.ts reads it).
 */
export const TEST_CLIENT_MANIFEST = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_vendor-v1.js'] },
  '_vendor-v1.js': { file: 'assets/vendor-v1.js' },
  '_icons-i1.js': { file: 'assets/icons-i1.js', imports: ['_vendor-v1.js'] },
  'src/client/app/routes/dashboard.tsx': {
    file: 'assets/dashboard-d1.js',
    imports: ['_vendor-v1.js', '_icons-i1.js', 'index.html'],
  },
  'src/client/features/offers/components/offers-tab.tsx': {
    file: 'assets/offers-tab-o1.js',
    imports: ['_icons-i1.js', '_grid-g1.js'],
  },
  '_grid-g1.js': { file: 'assets/grid-g1.js' },
  'src/client/features/community/components/community-tab.tsx': {
    file: 'assets/community-tab-c1.js',
    imports: ['_icons-i1.js', '_feed-f1.js'],
  },
  '_feed-f1.js': { file: 'assets/feed-f1.js' },
  'src/client/app/routes/login.tsx': { file: 'assets/login-l1.js', imports: ['_vendor-v1.js'] },
};

/** A built client of a few files: index.html, one hashed asset, robots.txt, a favicon, the manifest. */
async function writeClientDir(dir: string) {
  await mkdir(path.join(dir, 'assets'), { recursive: true });
  await mkdir(path.join(dir, '.vite'), { recursive: true });
  await writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><title>Clube Escala</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(TEST_CLIENT_MANIFEST));
  await writeFile(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("ok");');
  await writeFile(path.join(dir, 'robots.txt'), 'User-agent: *\nDisallow: /api/\n');
  await writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

/**
 * The real app on a fresh database (like createTestApp) with a built client of its own and, optionally, a
 * logger writing JSON lines to `logStream` at `logLevel`.
 */
export async function createHardenedApp(
  options: {
    logStream?: Writable;
    logLevel?: string;
    env?: Record<string, string>;
    databaseUrl?: string;
  } = {},
): Promise<HardenedApp> {
  const testDb = options.databaseUrl ? undefined : await createTestDatabase();
  const url = options.databaseUrl ?? testDb!.url;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ce-hardened-'));
  const clientDir = path.join(dataDir, 'client');
  await writeClientDir(clientDir);
  const config = testConfig(url, dataDir, options.env);
  const database = createDatabase(url, { max: 5 });
  const mails: MailMessage[] = [];
  const app = await buildApp({
    config,
    database,
    clientDir,
    mailer: { destination: 'memória (testes)', send: async (m) => void mails.push(m) },
    logger: options.logStream ? { level: options.logLevel ?? 'info', stream: options.logStream } : false,
  });
  return {
    app,
    database,
    config,
    mails,
    clientDir,
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      return (app.server.address() as AddressInfo).port;
    },
    async close() {
      await app.close();
      await database.close().catch(() => {});
      await testDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
