import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { findFreePort } from '../../db/embedded';
import { createStorage, isPrivateKey } from './storage';

/** Private files (a member's clone ZIP): stored, read back, removed; never public, on local disk and on S3. */
const ZIP = Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]);

describe('private files', () => {
  let dir: string;
  let s3: { run(): Promise<unknown>; close(): Promise<void> };
  let port: number;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ce-private-'));
    port = await findFreePort();
    s3 = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: path.join(dir, 's3'),
      configureBuckets: [{ name: 'clube' }],
    });
    await s3.run();
  });
  afterAll(async () => {
    await s3.close();
    await rm(dir, { recursive: true, force: true });
  });

  const configs = () => ({
    local: loadConfig({ DATA_DIR: path.join(dir, 'data') }),
    s3: loadConfig({
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'clube',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    }),
  });

  it('accepts only clones/<uuid>.zip keys', async () => {
    expect(isPrivateKey(`clones/${randomUUID()}.zip`)).toBe(true);
    for (const key of [
      'clones/../x.zip',
      `clones/${randomUUID()}.zip/..`,
      'posts/a.png',
      `../clones/${randomUUID()}.zip`,
    ]) {
      expect(isPrivateKey(key), key).toBe(false);
    }
    const storage = createStorage(configs().local);
    await expect(storage.putPrivate('clones/../../etc.zip', ZIP, 'application/zip')).rejects.toThrow(
      /inválida/,
    );
  });

  for (const kind of ['local', 's3'] as const) {
    it(`${kind}: stores, reads back and removes a file, outside the public uploads`, async () => {
      const storage = createStorage(configs()[kind]);
      const key = `clones/${randomUUID()}.zip`;
      expect(await storage.readPrivate(key)).toBeNull();
      await storage.putPrivate(key, ZIP, 'application/zip');
      expect((await storage.readPrivate(key))?.equals(ZIP)).toBe(true);
      if (kind === 's3') {
        // Under private/, not at a public key of the bucket.
        expect((await fetch(`http://127.0.0.1:${port}/clube/${key}`)).status).toBe(404);
      }
      await storage.removePrivate(key);
      expect(await storage.readPrivate(key)).toBeNull();
    });
  }
});
