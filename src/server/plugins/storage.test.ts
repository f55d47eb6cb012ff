import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { findFreePort } from '../db/embedded';
import { detectFileType } from '../lib/file-type';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createStorage } from './storage';
import { signS3Request } from './storage-s3';

// A real 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('file type from magic bytes', () => {
  it('recognises images and videos and refuses the rest', () => {
    expect(detectFileType(PNG)?.mime).toBe('image/png');
    expect(detectFileType(Buffer.from('GIF89a__________'))?.ext).toBe('gif');
    expect(
      detectFileType(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(20)]))?.ext,
    ).toBe('jpg');
    expect(detectFileType(Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'))?.ext).toBe('webp');
    expect(detectFileType(Buffer.from('\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00', 'latin1'))?.kind).toBe(
      'video',
    );
    expect(detectFileType(Buffer.from('\x00\x00\x00\x14ftypqt  \x00\x00\x00\x00', 'latin1'))?.ext).toBe(
      'mov',
    );
    expect(detectFileType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
    expect(detectFileType(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(detectFileType(Buffer.from('short'))).toBeNull();
  });
});

describe('local storage served by /uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores under a random name and serves it with nosniff and a sandboxing CSP', async () => {
    const stored = await t.app.storage.put(PNG, detectFileType(PNG)!, 'avatars');
    expect(stored.url).toMatch(/^\/uploads\/avatars\/[a-f0-9]{32}\.png$/);
    expect(t.app.storage.owns(stored.url)).toBe(true);
    const res = await t.request({ method: 'GET', url: stored.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    await t.app.storage.remove(stored.url);
    expect((await t.request({ method: 'GET', url: stored.url })).statusCode).toBe(404);
  });

  it('never serves paths outside the upload folders', async () => {
    for (const url of [
      '/uploads/avatars/..%2F..%2Fpostgres.password',
      '/uploads/x/abc.png',
      '/uploads/avatars/nao-aleatorio.png',
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
    }
    expect(
      t.app.storage.owns('https://evil.example/uploads/avatars/0123456789abcdef0123456789abcdef.png'),
    ).toBe(false);
    expect(t.app.storage.owns('/uploads/avatars/../../etc/passwd')).toBe(false);
  });
});

describe('S3-compatible storage (against a real s3rver on loopback, with signature checks)', () => {
  let server: { run(): Promise<unknown>; close(): Promise<void> };
  let dir: string;
  let port: number;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'ce-s3-'));
    port = await findFreePort();
    server = new S3rver({
      port,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'clube' }],
    });
    await server.run();
  });
  afterAll(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });

  const config = () =>
    loadConfig({
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: 'clube',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    });

  it('puts, serves and removes an object', async () => {
    const storage = createStorage(config());
    expect(storage.kind).toBe('s3');
    const stored = await storage.put(PNG, detectFileType(PNG)!, 'banners');
    expect(stored.url).toBe(`http://127.0.0.1:${port}/clube/${stored.key}`);
    expect(storage.owns(stored.url)).toBe(true);
    const res = await fetch(stored.url);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
    await storage.remove(stored.url);
    expect((await fetch(stored.url)).status).toBe(404);
  });

  it('fails loudly when the server refuses the upload', async () => {
    const storage = createStorage({ ...config(), S3_BUCKET: 'balde-inexistente' });
    await expect(storage.put(PNG, detectFileType(PNG)!, 'banners')).rejects.toThrow(/404/);
  });
});

describe('S3 signature V4', () => {
  // s3rver accepts any V4 signature, so the signer is checked against AWS's published example
  // ("Signature Calculations for the Authorization Header", GET Object).
  it('matches the AWS documentation example', () => {
    const headers = signS3Request({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      headers: { Range: 'bytes=0-9' },
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});
