import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNER_BAD_TYPE, CREATIVE_BAD_TYPE, CREATIVE_TOO_LARGE } from '../../../shared/schemas/offers';
import { IMAGE_UNREADABLE } from '../../lib/storage/storage-variants';
import { createAdmin, createMember, signIn } from '../../testing/factories';
import { multipart, type TestFile, TINY_PNG } from '../../testing/multipart';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await signIn(t.db, (await createAdmin(t.db)).id);
});
afterAll(() => t.close());

const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.alloc(20)]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(64)]);
let WEBP: Buffer;
beforeAll(async () => {
  WEBP = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#123456' } })
    .webp()
    .toBuffer();
});
/** WebP magic bytes and nothing an image decoder can read. */
const BROKEN_WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([36, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(28),
]);
const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="9" height="9"/></svg>',
);

const png = (data = TINY_PNG): TestFile => ({ filename: 'criativo.png', contentType: 'image/png', data });

function upload(kind: 'creative' | 'banner', cookie: string, file: TestFile, field?: string) {
  const body = multipart(file, field);
  return t.request({
    method: 'POST',
    url: `/api/uploads/${kind}`,
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}

async function memberCookie() {
  return signIn(t.db, (await createMember(t.db)).id);
}

describe('POST /api/uploads/creative', () => {
  it('stores PNG, GIF and MP4 creatives by their bytes and serves them with their type', async () => {
    const cookie = await memberCookie();
    const cases = [
      { file: png(), ext: 'png', kind: 'image', mime: 'image/png' },
      {
        file: { filename: 'anim.gif', contentType: 'image/gif', data: GIF },
        ext: 'gif',
        kind: 'image',
        mime: 'image/gif',
      },
      // The client's name and type are ignored: an MP4 sent as "foto.jpg" is stored as a video.
      {
        file: { filename: 'foto.jpg', contentType: 'image/jpeg', data: MP4 },
        ext: 'mp4',
        kind: 'video',
        mime: 'video/mp4',
      },
    ];
    for (const c of cases) {
      const res = await upload('creative', cookie, c.file);
      expect(res.statusCode, c.ext).toBe(201);
      const body = res.json();
      expect(body.kind).toBe(c.kind);
      expect(body.url).toMatch(new RegExp(`^/uploads/creatives/[a-f0-9]{32}\\.${c.ext}$`));
      const served = await t.request({ method: 'GET', url: body.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(c.mime);
      expect(served.rawPayload.equals(c.file.data)).toBe(true);
    }
  });

  it('refuses HTML disguised as .png and SVG with 415 and the spec message', async () => {
    const cookie = await memberCookie();
    for (const file of [
      { filename: 'foto.png', contentType: 'image/png', data: HTML },
      { filename: 'logo.svg', contentType: 'image/svg+xml', data: SVG },
    ]) {
      const res = await upload('creative', cookie, file);
      expect(res.statusCode, file.filename).toBe(415);
      expect(res.json().message).toBe(CREATIVE_BAD_TYPE);
    }
  });

  it('refuses an image whose bytes cannot be decoded with 400, and makes copies of one that can', async () => {
    const cookie = await memberCookie();
    for (const data of [TINY_PNG.subarray(0, 40), BROKEN_WEBP]) {
      const res = await upload('creative', cookie, png(data));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(IMAGE_UNREADABLE);
    }
    const ok = await upload('creative', cookie, {
      filename: 'c.webp',
      contentType: 'image/webp',
      data: WEBP,
    });
    expect(ok.statusCode).toBe(201);
    const copy = await t.request({ method: 'GET', url: ok.json().url.replace(/\.webp$/, '-w320.webp') });
    expect(copy.statusCode).toBe(200);
    expect((await sharp(copy.rawPayload).metadata()).width).toBe(64);
  });

  it('refuses files over 5 MB with 413, declared or found while reading', async () => {
    const cookie = await memberCookie();
    const justOver = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - TINY_PNG.length)]);
    const huge = Buffer.concat([TINY_PNG, Buffer.alloc(6 * 1024 * 1024)]);
    for (const data of [justOver, huge]) {
      const res = await upload('creative', cookie, png(data));
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(CREATIVE_TOO_LARGE);
    }
    const exactly = Buffer.concat([TINY_PNG, Buffer.alloc(5 * 1024 * 1024 - TINY_PNG.length)]);
    expect((await upload('creative', cookie, png(exactly))).statusCode).toBe(201);
  });

  it('answers 400 without a file in the field "file" and 415 for a body that is not multipart', async () => {
    const cookie = await memberCookie();
    const wrongField = await upload('creative', cookie, png(), 'outro');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe('Upload do criativo é obrigatório');
    const json = await t.request({
      method: 'POST',
      url: '/api/uploads/creative',
      payload: {},
      headers: { cookie },
    });
    expect(json.statusCode).toBe(415);
  });

  it('refuses anonymous callers and limits uploads per member', async () => {
    const anonymous = await t.request({ method: 'POST', url: '/api/uploads/creative', ...multipart(png()) });
    expect(anonymous.statusCode).toBe(401);
    const cookie = await memberCookie();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await upload('creative', cookie, png())).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 201)).toBe(true);
    expect(statuses[60]).toBe(429);
    // Another member is not affected.
    expect((await upload('creative', await memberCookie(), png())).statusCode).toBe(201);
  });
});

describe('POST /api/uploads/banner', () => {
  it('stores PNG and WebP banners for the administrator', async () => {
    for (const [file, ext] of [
      [png(), 'png'],
      [{ filename: 'b.webp', contentType: 'image/webp', data: WEBP }, 'webp'],
    ] as const) {
      const res = await upload('banner', adminCookie, file);
      expect(res.statusCode, ext).toBe(201);
      expect(res.json().url).toMatch(new RegExp(`^/uploads/banners/[a-f0-9]{32}\\.${ext}$`));
      expect(res.json().kind).toBe('image');
    }
  });

  it('refuses GIF and video banners with the banner message', async () => {
    for (const file of [
      { filename: 'b.gif', contentType: 'image/gif', data: GIF },
      { filename: 'b.png', contentType: 'image/png', data: MP4 },
    ]) {
      const res = await upload('banner', adminCookie, file);
      expect(res.statusCode).toBe(415);
      expect(res.json().message).toBe(BANNER_BAD_TYPE);
    }
    const missing = await upload('banner', adminCookie, png(), 'imagem');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Por favor, selecione uma imagem para o banner.');
  });

  it('is for the administrator only', async () => {
    const res = await upload('banner', await memberCookie(), png());
    expect(res.statusCode).toBe(403);
  });
});
