import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import pg from 'pg';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findFreePort } from '../../db/embedded';
import { createS3Client } from '../../lib/storage/storage-s3';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app';
import { runBackup } from './backup.service';
import { verifyBackup } from './backup-archive';
import { BACKUPS_PREFIX, type BackupFileStore, backupFileStore } from './backup-files';
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

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ce-backup-s3-'));
    const port = await findFreePort();
    s3 = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(dir, 's3'),
      configureBuckets: [{ name: 'clube' }, { name: 'clube-novo' }],
    });
    await s3.run();
    s3Env = {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
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
});
