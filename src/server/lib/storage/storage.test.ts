import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_VARIANT_WIDTHS, imageSrcSet, imageVariantUrl } from '../../../shared/image-variants';
import { loadConfig } from '../../config';
import { findFreePort } from '../../db/embedded';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { AppError } from '../errors';
import { detectFileType } from '../file-type';
import { createStorage, isSafeUploadKey, uploadsDir } from './storage';
import { signS3Request } from './storage-s3';
import { IMAGE_TOO_MANY_PIXELS, IMAGE_UNREADABLE } from './storage-variants';

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

/** A real image of that size (sharp encodes it). */
const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();

async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

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

  it('keeps resized WebP copies beside each JPEG, PNG and WebP image, never enlarged', async () => {
    for (const format of ['png', 'jpeg', 'webp'] as const) {
      const stored = await t.app.storage.put(
        await image(1600, 900, format),
        detectFileType(await image(1600, 900, format))!,
        'creatives',
      );
      for (const width of IMAGE_VARIANT_WIDTHS) {
        const url = imageVariantUrl(stored.url, width)!;
        expect(t.app.storage.owns(url)).toBe(false);
        const res = await t.request({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        const meta = await sharp(res.rawPayload).metadata();
        expect([meta.format, meta.width, meta.height], `${format} w${width}`).toEqual([
          'webp',
          width,
          Math.round((900 * width) / 1600),
        ]);
      }
    }
    const small = await t.app.storage.put(await image(500, 200), detectFileType(PNG)!, 'avatars');
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const res = await t.request({ method: 'GET', url: imageVariantUrl(small.url, width)! });
      expect((await sharp(res.rawPayload).metadata()).width).toBe(Math.min(width, 500));
    }
    expect(imageSrcSet(small.url)).toContain('-w1280.webp 1280w');
  });

  it('makes no copies of GIFs and videos, and removes the copies with the original', async () => {
    const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const storedGif = await t.app.storage.put(gif, detectFileType(gif)!, 'creatives');
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]);
    const storedMp4 = await t.app.storage.put(mp4, detectFileType(mp4)!, 'creatives');
    const names = await readdir(path.join(uploadsDir(t.config), 'creatives'));
    for (const stored of [storedGif, storedMp4]) {
      const base = path.basename(stored.key).replace(/\.\w+$/, '');
      expect(names.filter((n) => n.startsWith(base))).toEqual([path.basename(stored.key)]);
    }

    const png = await t.app.storage.put(await image(800, 800), detectFileType(PNG)!, 'banners');
    const file = (url: string) => path.join(uploadsDir(t.config), url.replace('/uploads/', ''));
    const copies = IMAGE_VARIANT_WIDTHS.map((w) => imageVariantUrl(png.url, w)!);
    expect(copies.every((url) => existsSync(file(url)))).toBe(true);
    // A copy's URL is not a stored file: removing it does nothing.
    await t.app.storage.remove(copies[0]!);
    expect(existsSync(file(copies[0]!))).toBe(true);
    await t.app.storage.remove(png.url);
    expect([png.url, ...copies].some((url) => existsSync(file(url)))).toBe(false);
  });

  it('refuses an image it cannot decode, or too many pixels, with a 400 and stores nothing', async () => {
    const before = await readdir(path.join(uploadsDir(t.config), 'creatives')).catch(() => []);
    const valid = await image(300, 300);
    const truncated = valid.subarray(0, 60);
    const fakeWebp = Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([36, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(28),
    ]);
    for (const data of [truncated, fakeWebp]) {
      const err = await refusal(t.app.storage.put(data, detectFileType(data)!, 'creatives'));
      expect(err.statusCode).toBe(400);
      expect(err.message).toBe(IMAGE_UNREADABLE);
    }
    // 10000 x 6000 of one colour: a small file that would decode into 60 megapixels.
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const err = await refusal(t.app.storage.put(bomb, detectFileType(bomb)!, 'creatives'));
    expect([err.statusCode, err.message]).toEqual([400, IMAGE_TOO_MANY_PIXELS]);
    expect(await readdir(path.join(uploadsDir(t.config), 'creatives')).catch(() => [])).toEqual(before);
  });

  it('makes the missing copies of an older image on first request', async () => {
    // An image stored before copies existed: the original alone in the data folder.
    const dir = path.join(uploadsDir(t.config), 'banners');
    await mkdir(dir, { recursive: true });
    const name = 'a'.repeat(32);
    await writeFile(path.join(dir, `${name}.jpg`), await image(2000, 1000, 'jpeg'));
    const url = `/uploads/banners/${name}.jpg`;
    const [first, second] = await Promise.all([
      t.request({ method: 'GET', url: imageVariantUrl(url, 640)! }),
      t.request({ method: 'GET', url: imageVariantUrl(url, 640)! }),
    ]);
    for (const res of [first!, second!]) {
      expect(res.statusCode).toBe(200);
      expect((await sharp(res.rawPayload).metadata()).width).toBe(640);
    }
    for (const width of IMAGE_VARIANT_WIDTHS) {
      expect(existsSync(path.join(dir, `${name}-w${width}.webp`))).toBe(true);
    }
    expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);

    // No original, or an unreadable one: 404, never a 500.
    expect(
      (await t.request({ method: 'GET', url: `/uploads/banners/${'b'.repeat(32)}-w320.webp` })).statusCode,
    ).toBe(404);
    await writeFile(
      path.join(dir, `${'c'.repeat(32)}.png`),
      Buffer.from('\x89PNG\r\n\x1a\n quebrado', 'latin1'),
    );
    expect(
      (await t.request({ method: 'GET', url: `/uploads/banners/${'c'.repeat(32)}-w320.webp` })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: `/uploads/banners/${name}-w500.webp` })).statusCode).toBe(
      404,
    );
  });

  it('accepts only originals and their copies as upload names', () => {
    const hex = 'f'.repeat(32);
    expect(isSafeUploadKey(`creatives/${hex}.png`)).toBe(true);
    expect(isSafeUploadKey(`creatives/${hex}-w320.webp`)).toBe(true);
    expect(isSafeUploadKey(`avatars/${hex}-w1280.webp`)).toBe(true);
    expect(isSafeUploadKey(`creatives/${hex}-w321.webp`)).toBe(false);
    expect(isSafeUploadKey(`creatives/${hex}-w320.png`)).toBe(false);
    expect(isSafeUploadKey(`creatives/${hex}-w320.webp/../x`)).toBe(false);
    // Every public folder, the funnel screenshots' included; nothing else.
    expect(isSafeUploadKey(`funnels/${hex}.webp`)).toBe(true);
    expect(isSafeUploadKey(`funnels/${hex}-w320.webp`)).toBe(true);
    expect(imageSrcSet(`/uploads/funnels/${hex}.webp`)).toContain(`/uploads/funnels/${hex}-w640.webp 640w`);
    expect(isSafeUploadKey(`funnel/${hex}.webp`)).toBe(false);
    expect(isSafeUploadKey(`private/${hex}.webp`)).toBe(false);
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

  it('puts the resized copies beside an image and removes them with it', async () => {
    const storage = createStorage(config());
    const data = await image(1000, 500, 'jpeg');
    const stored = await storage.put(data, detectFileType(data)!, 'creatives');
    const copies = IMAGE_VARIANT_WIDTHS.map(
      (w) => imageVariantUrl(stored.url.replace(/^https?:\/\/[^/]+/, ''), w)!,
    );
    for (const [i, copy] of copies.entries()) {
      const res = await fetch(`http://127.0.0.1:${port}${copy}`);
      expect(res.status).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect([meta.format, meta.width]).toEqual(['webp', Math.min(IMAGE_VARIANT_WIDTHS[i]!, 1000)]);
    }
    await storage.remove(stored.url);
    for (const copy of copies) expect((await fetch(`http://127.0.0.1:${port}${copy}`)).status).toBe(404);
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
