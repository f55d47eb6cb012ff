import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners } from '../../db/schema/index';
import { detectFileType } from '../../lib/file-type';
import { TINY_PNG } from '../../testing/multipart';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type Session, session } from '../user-offers/user-offers.test-support';
import { BANNER_NOT_UPLOADED } from './banners.service';

let t: TestApp;
let admin: Session;
let member: Session;
beforeAll(async () => {
  t = await createTestApp();
  admin = await session(t, 'admin');
  member = await session(t, 'member');
});
afterAll(() => t.close());

const storedBanner = async () =>
  (await t.app.storage.put(TINY_PNG, detectFileType(TINY_PNG)!, 'banners')).url;
const fileStatus = async (url: string) => (await t.request({ method: 'GET', url })).statusCode;

describe('banners', () => {
  it('starts without a banner', async () => {
    expect((await member.call('GET', '/api/banners/active')).json()).toEqual({ banner: null });
    expect((await admin.call('GET', '/api/admin/banners')).json()).toEqual({
      hasActiveBanner: false,
      banner: null,
    });
  });

  it('keeps exactly one active banner: a new one switches the previous off', async () => {
    const firstImage = await storedBanner();
    const first = await admin.call('POST', '/api/admin/banners', {
      imagePath: firstImage,
      link: 'https://example.com/promo',
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      id: expect.any(String),
      imageUrl: firstImage,
      link: 'https://example.com/promo',
    });

    const secondImage = await storedBanner();
    const second = await admin.call('POST', '/api/admin/banners', { imagePath: secondImage, link: '' });
    expect(second.statusCode).toBe(201);
    expect(second.json().link).toBeNull();

    const active = await t.db.select().from(banners).where(eq(banners.isActive, true));
    expect(active.map((b) => b.id)).toEqual([second.json().id]);
    expect((await member.call('GET', '/api/banners/active')).json()).toEqual({ banner: second.json() });
    expect((await admin.call('GET', '/api/admin/banners')).json()).toEqual({
      hasActiveBanner: true,
      banner: second.json(),
    });
  });

  it('concurrent saves still leave a single active banner', async () => {
    const images = await Promise.all(Array.from({ length: 4 }, storedBanner));
    const results = await Promise.all(
      images.map((imagePath) => admin.call('POST', '/api/admin/banners', { imagePath })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const active = await t.db.select().from(banners).where(eq(banners.isActive, true));
    expect(active).toHaveLength(1);
  });

  it('validates the image and the link', async () => {
    const image = await storedBanner();
    const hex = randomBytes(16).toString('hex');
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Por favor, selecione uma imagem para o banner.'],
      [{ imagePath: '  ' }, 'Por favor, selecione uma imagem para o banner.'],
      [{ imagePath: 'https://evil.example/banner.png' }, BANNER_NOT_UPLOADED],
      [{ imagePath: `/uploads/creatives/${hex}.png` }, BANNER_NOT_UPLOADED],
      [{ imagePath: 'data:image/png;base64,iVBORw0KGgo=' }, BANNER_NOT_UPLOADED],
      [
        { imagePath: image, link: 'javascript:alert(1)' },
        'O link do banner deve ser uma URL válida (http ou https).',
      ],
      [{ imagePath: image, link: 'promo' }, 'O link do banner deve ser uma URL válida (http ou https).'],
    ];
    for (const [payload, message] of cases) {
      const res = await admin.call('POST', '/api/admin/banners', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('removes a banner and its image', async () => {
    const image = await storedBanner();
    const { id } = (await admin.call('POST', '/api/admin/banners', { imagePath: image })).json();
    expect(await fileStatus(image)).toBe(200);
    const res = await admin.call('DELETE', `/api/admin/banners/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Banner removido' });
    expect(await fileStatus(image)).toBe(404);
    expect((await member.call('GET', '/api/banners/active')).json()).toEqual({ banner: null });
    expect((await admin.call('DELETE', `/api/admin/banners/${id}`)).statusCode).toBe(404);
    expect((await admin.call('DELETE', `/api/admin/banners/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('is managed by the administrator only', async () => {
    const imagePath = await storedBanner();
    const calls = [
      member.call('GET', '/api/admin/banners'),
      member.call('POST', '/api/admin/banners', { imagePath }),
      member.call('DELETE', `/api/admin/banners/${randomUUID()}`),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/banners/active' })).statusCode).toBe(401);
  });
});
