import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import pg from 'pg';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findFreePort } from '../../db/embedded';
import { backupRuns } from '../../db/schema/index';
import { createS3Client, s3ClientFor } from '../../lib/storage/storage-s3';
import { createEmptyDatabase, ownerCommand } from '../../testing/owner-commands';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app';
import { runBackup } from './backup.service';
import { type BackupFileStore, backupFileStore } from './backup-files';
import { BACKUPS_PREFIX } from './backup-target';
import { verifyBackup } from './backup-verify';
import { restoreBackup } from './restore';

const bytesOf = async (store: BackupFileStore, key: string) => {
  const file = await store.read(key);
  if (!file) throw new Error(`${key} não existe`);
  return buffer(file.stream);
};

/** STORAGE=s3: the uploads come from the bucket, automatic backups go to its backups/ prefix, restore fills a bucket. */
describe('backups with S3 storage', () => {
  let dir: string;
  let s3: { run(): Promise<unknown>; close(): Promise<void> };
  let t: TestApp;
  let s3Env: Record<string, string>;
  let emptyDb: string;
  let endpoint: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ce-backup-s3-'));
    const port = await findFreePort();
    s3 = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(dir, 's3'),
      configureBuckets: [{ name: 'clube' }, { name: 'clube-novo' }, { name: 'fora-da-maquina' }],
    });
    await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    s3Env = {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: 'clube',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    };
    t = await createTestApp(s3Env);
    const base = inject('pgBaseUrl');
    const name = `s3r_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    emptyDb = url.toString();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    const admin = new pg.Client({ connectionString: inject('pgBaseUrl') });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(emptyDb).pathname.slice(1)} with (force)`);
    await admin.end();
    await s3.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('backs up the bucket to backups/ (keeping BACKUP_KEEP), and restores into another bucket byte-equal', async () => {
    for (let i = 0; i < 2; i++) {
      const png = await sharp({ create: { width: 20 + i, height: 20, channels: 3, background: '#0a0' } })
        .png()
        .toBuffer();
      await t.app.storage.put(png, { mime: 'image/png', ext: 'png', kind: 'image' }, 'banners');
    }
    await t.app.storage.putPrivate(`clones/${randomUUID()}.zip`, Buffer.from('PK zip'), 'application/zip');
    const config = testConfig(t.config.DATABASE_URL as string, t.config.DATA_DIR, {
      ...s3Env,
      BACKUP_KEEP: '1',
    });
    const log = { info: () => {}, error: () => {} };
    const first = await runBackup({
      config,
      db: t.db,
      url: config.DATABASE_URL as string,
      kind: 'automatic',
      log,
    });
    expect(first.location).toBe(`s3://clube/${BACKUPS_PREFIX}${first.name}`);
    const second = await runBackup({
      config,
      db: t.db,
      url: config.DATABASE_URL as string,
      kind: 'automatic',
      log,
      now: new Date(Date.now() + 60_000),
    });
    const bucket = createS3Client(config);
    expect((await bucket.list(BACKUPS_PREFIX)).map((o) => o.key)).toEqual([
      `${BACKUPS_PREFIX}${second.name}`,
    ]);

    const source = backupFileStore(config);
    const keys = (await source.list()).map((f) => f.key);
    expect(keys.some((k) => k.startsWith('banners/'))).toBe(true);
    expect(keys.some((k) => k.startsWith('private/clones/'))).toBe(true);
    expect(keys.some((k) => k.startsWith(BACKUPS_PREFIX))).toBe(false);

    const file = path.join(dir, second.name);
    const res = await bucket.send('GET', `${BACKUPS_PREFIX}${second.name}`);
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    const backup = await verifyBackup(file);
    expect(backup.manifest.storage).toBe('s3');
    const target = testConfig(emptyDb, path.join(dir, 'novo'), { ...s3Env, S3_BUCKET: 'clube-novo' });
    try {
      await restoreBackup({ backup, url: emptyDb, files: backupFileStore(target) });
    } finally {
      await backup.cleanup();
    }
    const restored = backupFileStore(target);
    expect((await restored.list()).map((f) => f.key)).toEqual(keys);
    for (const key of keys) {
      expect(Buffer.compare(await bytesOf(restored, key), await bytesOf(source, key))).toBe(0);
    }
  }, 120_000);
  it('BACKUP_TARGET=s3://bucket/prefix with its own BACKUP_S3_* credentials while STORAGE=local: encrypted, pruned there, listed, restored by address and by name; wrong credentials refused with nothing kept', async () => {
    const dataDir = path.join(dir, 'local');
    const backupDir = path.join(dir, 'montagem');
    const own = {
      STORAGE: 'local',
      BACKUP_DIR: backupDir,
      BACKUP_TARGET: 's3://fora-da-maquina/clube-escala/',
      BACKUP_S3_ENDPOINT: endpoint,
      BACKUP_S3_ACCESS_KEY_ID: 'S3RVER',
      BACKUP_S3_SECRET_ACCESS_KEY: 'S3RVER',
      BACKUP_PASSPHRASE: 'frase-senha do bucket de fora',
      BACKUP_KEEP: '2',
    };
    // No S3_* at all: the uploads are local, the backups' bucket has its own settings.
    const config = testConfig(t.config.DATABASE_URL as string, dataDir, own);
    expect(config.S3_BUCKET).toBeUndefined();
    const uploads = backupFileStore(config);
    const upload = path.join(dir, 'upload.bin');
    await writeFile(upload, randomUUID().repeat(1000));
    await uploads.write('creatives/local.bin', upload);

    const url = config.DATABASE_URL as string;
    const log = { info: () => {}, error: () => {} };
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    const manual = await runBackup({ config, db: t.db, url, kind: 'manual', log, now: at(-5) });
    const automatic = [];
    for (const minutes of [1, 2, 3]) {
      automatic.push(await runBackup({ config, db: t.db, url, kind: 'automatic', log, now: at(minutes) }));
    }
    expect(manual.location).toBe(`s3://fora-da-maquina/clube-escala/${manual.name}`);
    expect(manual.name).toMatch(/\.tar\.gz\.enc$/);
    const bucket = s3ClientFor({
      endpoint,
      region: 'us-east-1',
      bucket: 'fora-da-maquina',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    const kept = (await bucket.list()).map((o) => o.key).sort();
    expect(kept).toEqual(
      [manual.name, automatic[1]?.name, automatic[2]?.name].map((n) => `clube-escala/${n}`).sort(),
    );
    const stored = await bucket.send('GET', `clube-escala/${manual.name}`);
    expect(
      Buffer.from(await stored.arrayBuffer())
        .subarray(0, 8)
        .toString('latin1'),
    ).toBe('CEBKENC\n');
    expect(await readdir(backupDir)).toEqual([]);
    const runs = await t.db
      .select({ file: backupRuns.file })
      .from(backupRuns)
      .where(eq(backupRuns.result, 'ok'));
    expect(runs.map((r) => r.file)).toContain(automatic[2]?.location);

    // The owner's commands, with the same settings in the environment.
    const env = { DATABASE_URL: url, DATA_DIR: dataDir, ...own };
    const listed = await ownerCommand(['backup', 'list'], env);
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('s3://fora-da-maquina/clube-escala/: 3 backups');
    for (const name of [manual.name, automatic[2]?.name]) expect(listed.stdout).toContain(`${name}\t`);

    for (const source of [automatic[2]?.location as string, manual.name]) {
      const database = await createEmptyDatabase();
      try {
        const restoredDir = path.join(dir, `restaurado-${randomUUID()}`);
        const run = await ownerCommand(['restore', source], {
          ...env,
          DATABASE_URL: database.url,
          DATA_DIR: restoredDir,
        });
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout).toContain(`conferindo s3://fora-da-maquina/clube-escala/`);
        const restored = backupFileStore(testConfig(database.url, restoredDir, { STORAGE: 'local' }));
        expect(
          (await bytesOf(restored, 'creatives/local.bin')).equals(
            await bytesOf(uploads, 'creatives/local.bin'),
          ),
        ).toBe(true);
      } finally {
        await database.drop();
      }
    }
    const missing = await ownerCommand(
      ['restore', 's3://fora-da-maquina/clube-escala/clube-escala-20000101-000000-000.tar.gz.enc'],
      env,
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /O backup s3:\/\/fora-da-maquina\/clube-escala\/clube-escala-20000101-000000-000\.tar\.gz\.enc não existe/,
    );

    // Wrong credentials (s3rver checks the key id, not the v4 signature): refused in Portuguese, never with the
    // secret, nothing in the bucket, nothing left locally.
    const wrong = testConfig(url, dataDir, {
      ...own,
      BACKUP_S3_ACCESS_KEY_ID: 'CHAVE-DESCONHECIDA',
      BACKUP_S3_SECRET_ACCESS_KEY: 'segredo-errado',
    });
    const error = await runBackup({ config: wrong, db: t.db, url, kind: 'manual', log }).catch(
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      /^Não foi possível enviar o backup para s3:\/\/fora-da-maquina\/clube-escala\/ \(S3 PUT clube-escala\/clube-escala-.*respondeu 403/,
    );
    expect((error as Error).message).not.toContain('segredo-errado');
    expect((await bucket.list()).length).toBe(3);
    expect(await readdir(backupDir)).toEqual([]);
    // The uploads' bucket of the other test got no backup from this one.
    expect(
      (await createS3Client(testConfig(url, dataDir, s3Env)).list()).some((o) =>
        o.key.includes('clube-escala/'),
      ),
    ).toBe(false);
  }, 240_000);
});
