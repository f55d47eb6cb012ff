import { randomBytes, randomUUID } from 'node:crypto';
import { copyFile, mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { runMigrations } from '../../db/migrate';
import { backupRuns } from '../../db/schema/index';
import { createAdmin, createMember, signIn } from '../../testing/factories';
import { createEmptyDatabase, lastLine, ownerCommand } from '../../testing/owner-commands';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app';
import { runBackup } from './backup.service';
import { createBackup } from './backup-archive';
import { CHUNK_SIZE, HEADER_LENGTH } from './backup-crypto';
import { type BackupFileStore, backupFileStore } from './backup-files';
import { describeBackupTarget } from './backup-target';
import { BackupFileError, verifyBackup } from './backup-verify';

const PASSPHRASE = 'cavalo correto bateria grampo';
let t: TestApp;
let member: { id: string; email: string; name: string };
let imageKey: string;
let bigKey: string;
const cleanups: Array<() => Promise<unknown>> = [];
const log = { info: () => {}, error: () => {} };

async function emptyDir(prefix: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
async function emptyDatabase() {
  const database = await createEmptyDatabase();
  cleanups.push(database.drop);
  return database.url;
}
async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}
const bytesOf = async (store: BackupFileStore, key: string) => {
  const file = await store.read(key);
  if (!file) throw new Error(`${key} não existe`);
  return buffer(file.stream);
};

beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t.db, { name: 'Sócia Cifrada' });
  const png = await sharp({ create: { width: 31, height: 17, channels: 3, background: '#123456' } })
    .png()
    .toBuffer();
  imageKey = (await t.app.storage.put(png, { mime: 'image/png', ext: 'png', kind: 'image' }, 'creatives'))
    .key;
  // Incompressible bytes: the encrypted archive spans several 64 KiB chunks.
  bigKey = `clones/${randomUUID()}.zip`;
  await t.app.storage.putPrivate(bigKey, randomBytes(300 * 1024), 'application/zip');
  bigKey = `private/${bigKey}`;
}, 120_000);

afterAll(async () => {
  await t?.close();
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

describe('encrypted backups in a BACKUP_TARGET folder', () => {
  let file: string;
  let target: string;
  let backupDir: string;

  it('npm run backup writes only an .enc file into the target (nothing left in BACKUP_DIR); restore with the passphrase brings a member and the uploads back byte-equal', async () => {
    target = await emptyDir('ce-alvo-');
    backupDir = await emptyDir('ce-montagem-');
    const env = {
      DATABASE_URL: t.config.DATABASE_URL as string,
      DATA_DIR: t.config.DATA_DIR,
      BACKUP_DIR: backupDir,
      BACKUP_TARGET: target,
      BACKUP_PASSPHRASE: PASSPHRASE,
    };
    const made = await ownerCommand(['backup'], env);
    expect(made.code, made.stderr).toBe(0);
    file = lastLine(made.stdout);
    expect(path.dirname(file)).toBe(target);
    expect(path.basename(file)).toMatch(/^clube-escala-\d{8}-\d{6}-\d{3}\.tar\.gz\.enc$/);
    expect(await readdir(target)).toEqual([path.basename(file)]);
    expect(await readdir(backupDir)).toEqual([]);
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('CEBKENC\n');
    expect(bytes.length).toBeGreaterThan(HEADER_LENGTH + 4 * (CHUNK_SIZE + 16));
    const [run] = await t.db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(1);
    expect(run).toMatchObject({ kind: 'manual', result: 'ok', file });

    const url = await emptyDatabase();
    const dataDir = await emptyDir('ce-restaura-cifrado-');
    const restored = await ownerCommand(['restore', file], {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/restaurado: \d+ linhas e \d+ arquivos/);
    const sql = `select id, email, name, balance_cents, password_hash from users where id = '${member.id}'`;
    expect(await query(url, sql)).toEqual(await query(t.config.DATABASE_URL as string, sql));
    const source = backupFileStore(t.config);
    const copy = backupFileStore(testConfig(url, dataDir));
    for (const key of [imageKey, bigKey]) {
      expect((await bytesOf(copy, key)).equals(await bytesOf(source, key))).toBe(true);
    }
  }, 240_000);

  it('never writes the club in plain text to disk: the tables staged in BACKUP_DIR are encrypted too', async () => {
    // The uploads are read after every table is staged: look at the staged files then.
    const staged: Buffer[] = [];
    const peek = async (workDir: string) => {
      for (const dir of await readdir(workDir)) {
        for (const name of await readdir(path.join(workDir, dir)).catch(() => [])) {
          if (name.endsWith('.copy')) staged.push(await readFile(path.join(workDir, dir, name)));
        }
      }
    };
    const watched = (workDir: string): BackupFileStore => {
      const store = backupFileStore(t.config);
      let first = true;
      return {
        ...store,
        async read(key) {
          if (first) await peek(workDir);
          first = false;
          return store.read(key);
        },
      };
    };
    const seen = async (passphrase: string | undefined) => {
      staged.length = 0;
      const workDir = await emptyDir('ce-staging-');
      await createBackup({
        url: t.config.DATABASE_URL as string,
        files: watched(workDir),
        dir: await emptyDir('ce-staging-alvo-'),
        workDir,
        passphrase,
      });
      expect(staged.length).toBeGreaterThan(10);
      return staged.some((b) => b.includes(member.email));
    };
    expect(await seen(PASSPHRASE)).toBe(false);
    // Without a passphrase the staged COPY text holds the e-mail: the check above can see it.
    expect(await seen(undefined)).toBe(true);
  }, 120_000);

  describe('a bad encrypted file or passphrase is refused in Portuguese, exit 1, the database untouched', () => {
    let url: string;
    let dataDir: string;

    beforeAll(async () => {
      // The target: a database with its own member (restored over with --force, were the file good).
      url = await emptyDatabase();
      await runMigrations(url);
      await query(
        url,
        `insert into users (name, email, password_hash, unique_id) values ('Dona', 'dona@exemplo.com', 'x', '515151')`,
      );
      dataDir = path.join(await emptyDir('ce-recusa-'), 'dados');
    });

    async function refused(bad: string, passphrase: string | undefined, message: RegExp) {
      const run = await ownerCommand(['restore', bad, '--force'], {
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        ...(passphrase ? { BACKUP_PASSPHRASE: passphrase } : {}),
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).not.toMatch(/\n\s+at /); // no stack
      expect(await query(url, 'select email from users')).toEqual([{ email: 'dona@exemplo.com' }]);
      await expect(stat(dataDir)).rejects.toThrow();
    }
    const damaged = async (name: string, change: (bytes: Buffer) => Buffer) => {
      const out = path.join(await emptyDir('ce-danificado-'), name);
      await writeFile(out, change(Buffer.from(await readFile(file))));
      return out;
    };

    it('a wrong passphrase', async () => {
      await refused(file, 'outra frase-senha qualquer', /Frase-senha do backup incorreta/);
    }, 60_000);

    it('no passphrase', async () => {
      await refused(file, undefined, /está criptografado: defina BACKUP_PASSPHRASE/);
      await expect(verifyBackup(file)).rejects.toBeInstanceOf(BackupFileError);
    }, 60_000);

    it('truncated: inside a chunk, and right after one', async () => {
      const half = path.join(await emptyDir('ce-truncado-'), path.basename(file));
      await copyFile(file, half);
      await truncate(half, Math.floor((await stat(file)).size / 2));
      await refused(half, PASSPHRASE, /incompleto \(truncado\)/);
      const boundary = await damaged('limite.tar.gz.enc', (b) =>
        b.subarray(0, HEADER_LENGTH + 2 * (CHUNK_SIZE + 16)),
      );
      await refused(boundary, PASSPHRASE, /incompleto \(truncado\): copie-o de novo/);
    }, 60_000);

    it('a flipped byte, and two chunks swapped', async () => {
      const flipped = await damaged('bit.tar.gz.enc', (b) => {
        const at = HEADER_LENGTH + CHUNK_SIZE + 16 + 1000; // inside the second chunk
        b[at] = (b[at] as number) ^ 0x01;
        return b;
      });
      await refused(flipped, PASSPHRASE, /está corrompido: o bloco 2 /);
      const swapped = await damaged('troca.tar.gz.enc', (b) => {
        const chunk = (i: number) =>
          b.subarray(HEADER_LENGTH + i * (CHUNK_SIZE + 16), HEADER_LENGTH + (i + 1) * (CHUNK_SIZE + 16));
        return Buffer.concat([
          b.subarray(0, HEADER_LENGTH),
          chunk(1),
          chunk(0),
          b.subarray(HEADER_LENGTH + 2 * (CHUNK_SIZE + 16)),
        ]);
      });
      await refused(swapped, PASSPHRASE, /está corrompido: o bloco 1 /);
    }, 60_000);
  });

  it('automatic ones in the target keep the newest BACKUP_KEEP; a manual one there is never pruned', async () => {
    const dir = await emptyDir('ce-alvo-poda-');
    const config = testConfig(t.config.DATABASE_URL as string, t.config.DATA_DIR, {
      BACKUP_DIR: await emptyDir('ce-montagem-poda-'),
      BACKUP_TARGET: dir,
      BACKUP_PASSPHRASE: PASSPHRASE,
      BACKUP_KEEP: '2',
    });
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    const url = config.DATABASE_URL as string;
    const manual = await runBackup({ config, db: t.db, url, kind: 'manual', log, now: at(-10) });
    const automatic = [];
    for (const minutes of [1, 2, 3]) {
      automatic.push(await runBackup({ config, db: t.db, url, kind: 'automatic', log, now: at(minutes) }));
    }
    expect(manual.location).toBe(path.join(dir, manual.name));
    expect((await readdir(dir)).sort()).toEqual([manual.name, automatic[1]?.name, automatic[2]?.name]);
  }, 120_000);
});

describe('a target that cannot be written', () => {
  it('npm run backup is refused in Portuguese with exit 1; nothing is left in the target nor in BACKUP_DIR; the run is recorded as failed', async () => {
    const parent = await emptyDir('ce-alvo-ruim-');
    await writeFile(path.join(parent, 'arquivo'), 'não sou uma pasta');
    const backupDir = await emptyDir('ce-montagem-ruim-');
    const target = path.join(parent, 'arquivo', 'backups');
    const run = await ownerCommand(['backup'], {
      DATABASE_URL: t.config.DATABASE_URL as string,
      DATA_DIR: t.config.DATA_DIR,
      BACKUP_DIR: backupDir,
      BACKUP_TARGET: target,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      `Não foi possível gravar na pasta de destino dos backups ${target} (parte do caminho é um arquivo, não uma pasta, ENOTDIR)`,
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(await readdir(parent)).toEqual(['arquivo']);
    expect(await readdir(backupDir)).toEqual([]);
    const [last] = await t.db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(1);
    expect(last).toMatchObject({ kind: 'manual', result: 'failed' });
    expect(last?.error).toMatch(/^Não foi possível gravar na pasta de destino dos backups/);
  }, 120_000);

  it('a failure while the archive is being written removes the partial file from the target', async () => {
    const dir = await emptyDir('ce-alvo-parcial-');
    const workDir = await emptyDir('ce-montagem-parcial-');
    // An upload that breaks after its first bytes are in the archive (a disk error, a bucket that stops answering).
    const breaking: BackupFileStore = {
      ...backupFileStore(t.config),
      async list() {
        return [{ key: 'creatives/quebra.png', size: 1024 * 1024 }];
      },
      async read() {
        const stream = new PassThrough();
        stream.write(randomBytes(200 * 1024));
        setTimeout(() => stream.destroy(new Error('falha de leitura simulada')), 50);
        return { size: 1024 * 1024, stream };
      },
    };
    let partialSeen = false;
    const watcher = setInterval(() => {
      void readdir(dir).then((names) => {
        if (names.some((n) => n.endsWith('.enc.tmp'))) partialSeen = true;
      });
    }, 5);
    try {
      await expect(
        createBackup({
          url: t.config.DATABASE_URL as string,
          files: breaking,
          dir,
          workDir,
          passphrase: PASSPHRASE,
        }),
      ).rejects.toThrow(/falha de leitura simulada/);
    } finally {
      clearInterval(watcher);
    }
    expect(partialSeen).toBe(true);
    expect(await readdir(dir)).toEqual([]);
    expect(await readdir(workDir)).toEqual([]);
  }, 120_000);
});

describe('describeBackupTarget (the admin panel and the readiness check)', () => {
  it('says where backups go, whether they are encrypted and whether they share the database disk', async () => {
    const dataDir = await emptyDir('ce-descreve-');
    const base = { DATA_DIR: dataDir, DATABASE_URL: '' };
    expect(await describeBackupTarget(loadConfig(base))).toEqual({
      kind: 'folder',
      location: path.join(dataDir, 'backups'),
      encrypted: false,
      sameDiskAsDatabase: true,
    });
    // Another device (tmpfs), where this machine has one.
    const shm = '/dev/shm';
    if (
      (await stat(shm).catch(() => null))?.dev !== undefined &&
      (await stat(shm)).dev !== (await stat(dataDir)).dev
    ) {
      const other = await describeBackupTarget(
        loadConfig({ ...base, BACKUP_TARGET: `${shm}/ce-backups-${randomUUID()}` }),
      );
      expect(other.sameDiskAsDatabase).toBe(false);
    }
    const s3 = {
      ...base,
      BACKUP_TARGET: 's3://clube-backups/producao',
      BACKUP_S3_ACCESS_KEY_ID: 'AKIA-CHAVE',
      BACKUP_S3_SECRET_ACCESS_KEY: 'segredo-que-nunca-aparece',
      BACKUP_PASSPHRASE: PASSPHRASE,
    };
    const described = await describeBackupTarget(loadConfig(s3));
    expect(described).toEqual({
      kind: 's3',
      location: 's3://clube-backups/producao/',
      encrypted: true,
      sameDiskAsDatabase: false,
    });
    expect(JSON.stringify(described)).not.toMatch(/AKIA|segredo/);
    // Before BACKUP_TARGET: with STORAGE=s3 the automatic ones go to the uploads' bucket under backups/.
    const legacy = loadConfig({
      ...base,
      STORAGE: 's3',
      S3_BUCKET: 'uploads',
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 'b',
    });
    expect((await describeBackupTarget(legacy)).location).toBe('s3://uploads/backups/');
    const external = (host: string) =>
      describeBackupTarget(loadConfig({ ...base, DATABASE_URL: `postgres://u:p@${host}:5432/clube` }));
    expect((await external('db.exemplo.com')).sameDiskAsDatabase).toBe(false);
    expect((await external('localhost')).sameDiskAsDatabase).toBeNull();
  });

  it('BACKUP_TARGET and BACKUP_PASSPHRASE are checked at start, in Portuguese', () => {
    const load = (env: Record<string, string>) => () => loadConfig({ DATABASE_URL: '', ...env });
    expect(load({ BACKUP_TARGET: 's3://bucket' })).toThrow(
      /BACKUP_TARGET: com s3:\/\/\.\.\. defina também BACKUP_S3_ACCESS_KEY_ID e BACKUP_S3_SECRET_ACCESS_KEY/,
    );
    const keys = { BACKUP_S3_ACCESS_KEY_ID: 'a', BACKUP_S3_SECRET_ACCESS_KEY: 'b' };
    expect(load({ ...keys, BACKUP_TARGET: 's3://Bucket_Errado/x' })).toThrow(
      /BACKUP_TARGET: use s3:\/\/bucket\/prefixo/,
    );
    expect(load({ ...keys, BACKUP_TARGET: 's3://bucket//x' })).toThrow(/BACKUP_TARGET/);
    expect(load({ BACKUP_TARGET: 'ftp://servidor/backups' })).toThrow(/BACKUP_TARGET: use uma pasta/);
    expect(load({ BACKUP_PASSPHRASE: 'curta' })).toThrow(
      /BACKUP_PASSPHRASE: use uma frase-senha de pelo menos 12/,
    );
    expect(loadConfig({ ...keys, BACKUP_TARGET: 's3://bucket' }).BACKUP_TARGET).toBe('s3://bucket/');
    expect(loadConfig({ ...keys, BACKUP_TARGET: 's3://bucket/a/b//' }).BACKUP_TARGET).toBe(
      's3://bucket/a/b/',
    );
    expect(loadConfig({ BACKUP_TARGET: 'relativa/backups' }).BACKUP_TARGET).toBe(
      path.resolve('relativa/backups'),
    );
  });

  it('GET /api/admin/backups shows the target, and where the last backup went and whether it was encrypted', async () => {
    const admin = await createAdmin(t.db);
    const cookie = await signIn(t.db, admin.id);
    const res = await t.request({ method: 'GET', url: '/api/admin/backups', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const [last] = await t.db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt)).limit(1);
    expect(res.json()).toMatchObject({
      target: {
        kind: 'folder',
        location: path.join(t.config.DATA_DIR, 'backups'),
        encrypted: false,
      },
      last: { location: last?.file ?? null, encrypted: last?.file ? last.file.endsWith('.enc') : null },
    });
    await t.db.delete(backupRuns).where(eq(backupRuns.result, 'failed'));
    const ok = await t.request({ method: 'GET', url: '/api/admin/backups', headers: { cookie } });
    expect(ok.json().last).toMatchObject({
      result: 'ok',
      encrypted: true,
      location: expect.stringMatching(/\.enc$/),
    });
  });
});
