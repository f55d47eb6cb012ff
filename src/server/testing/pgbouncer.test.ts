import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createDatabase, type Database } from '../db/client';
import { setNamedStatements } from '../db/prepared';
import { tryMemberLock } from '../lib/member-lock';
import { createMember, signIn } from './factories';
import { createOffer } from './offer-factories';
import { createTestDatabase, TEST_ORIGIN } from './test-app';

/**
 * The app behind a real PgBouncer in transaction mode (issue #24: how most managed PostgreSQL is scaled), where the
 * machine has PgBouncer (Debian's `pgbouncer` package; a fresh machine with only Node skips this file): DATABASE_URL
 * through the pooler, DATABASE_DIRECT_URL straight to the database. Many requests at once over few server
 * connections (a named prepared statement would meet a server connection that already has it, or never saw it), the
 * change feed live on the direct connection, and the one-job-per-member lock taken and refused through the pooler.
 */
const BINARY = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/bin/pgbouncer'].find((p) =>
  existsSync(p),
);

let dir: string;
let bouncer: ChildProcess | undefined;
let drop: () => Promise<void>;
let database: Database;
let app: FastifyInstance;

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe.skipIf(!BINARY)('behind PgBouncer in transaction mode', () => {
  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    const direct = new URL(created.url);
    dir = await mkdtemp(path.join(os.tmpdir(), 'ce-pgbouncer-'));
    // PgBouncer refuses to run as root: it drops to `nobody` (-u), who must be able to write its files here.
    await chmod(dir, 0o777);
    const port = await freePort();
    const name = direct.pathname.slice(1);
    const server = [
      `host=${direct.hostname}`,
      `port=${direct.port || 5432}`,
      `dbname=${name}`,
      `user=${decodeURIComponent(direct.username)}`,
      ...(direct.password ? [`password=${decodeURIComponent(direct.password)}`] : []),
    ].join(' ');
    await writeFile(
      path.join(dir, 'pgbouncer.ini'),
      [
        '[databases]',
        `${name} = ${server}`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = any',
        'pool_mode = transaction',
        // Few server connections for many clients: statements of different clients share them.
        'default_pool_size = 3',
        'max_client_conn = 200',
        'ignore_startup_parameters = extra_float_digits,options',
        `logfile = ${path.join(dir, 'pgbouncer.log')}`,
        `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      ].join('\n'),
    );
    const asRoot = process.getuid?.() === 0;
    bouncer = spawn(
      BINARY as string,
      [...(asRoot ? ['-u', 'nobody'] : []), path.join(dir, 'pgbouncer.ini')],
      {
        stdio: 'ignore',
      },
    );
    const deadline = Date.now() + 10_000;
    while (!(await reachable(port))) {
      if (Date.now() > deadline)
        throw new Error(
          `o PgBouncer não abriu a porta: ${await readFile(path.join(dir, 'pgbouncer.log'), 'utf8').catch(() => '')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const pooled = new URL(created.url);
    pooled.hostname = '127.0.0.1';
    pooled.port = String(port);

    const config = loadConfig({
      NODE_ENV: 'test',
      APP_URL: TEST_ORIGIN,
      DATA_DIR: dir,
      DATABASE_URL: pooled.toString(),
      DATABASE_DIRECT_URL: created.url,
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
    });
    database = createDatabase(pooled.toString(), { max: 12, directUrl: created.url });
    app = await buildApp({ config, database, mailer: { destination: 'nenhum', send: async () => {} } });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    // Named statements back on for the files that share this worker (createDatabase turned them off).
    setNamedStatements(true);
    bouncer?.kill('SIGTERM');
    await drop?.();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves many requests at once over three server connections, with the change feed live on the direct one', async () => {
    await app.changeFeed.whenLive();
    const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().changeFeed.live).toBe(true);

    const member = await createMember(database.db);
    const cookie = await signIn(database.db, member.id);
    const offers = await Promise.all(Array.from({ length: 4 }, () => createOffer(database.db)));
    // 120 reads at once (the catalogue and each offer's detail, the statements that were prepared with a name).
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        app.inject({
          method: 'GET',
          url: i % 2 ? '/api/offers' : `/api/offers/${offers[i % 4]?.id}`,
          headers: { cookie },
        }),
      ),
    );
    const failed = answers.filter((res) => res.statusCode !== 200).map((res) => res.body);
    expect(failed).toEqual([]);

    // A write through the pooler reaches the feed (LISTEN on the direct connection) and reads back right.
    const offer = offers[0]!;
    const like = await app.inject({
      method: 'POST',
      url: `/api/offers/${offer.id}/like`,
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(like.statusCode, like.body).toBe(200);
    const detail = await app.inject({ method: 'GET', url: `/api/offers/${offer.id}`, headers: { cookie } });
    expect(like.json()).toEqual({ liked: true, likeCount: 1 });
    expect(detail.json().likeCount).toBe(1);
  });

  it('takes the one-job-per-member lock through the pooler: one holder, the next refused, free once released', async () => {
    const [first, second] = await Promise.all([
      tryMemberLock(app, 'slug_scan', 'membro-pgbouncer'),
      tryMemberLock(app, 'slug_scan', 'membro-pgbouncer'),
    ]);
    expect([first, second].filter((lock) => lock !== null)).toHaveLength(1);
    await (first ?? second)?.release();
    const again = await tryMemberLock(app, 'slug_scan', 'membro-pgbouncer');
    expect(again).not.toBeNull();
    await again?.release();
  });
});
