import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_NOT_IMAGE, AVATAR_TOO_LARGE } from '../../../shared/schemas/profile';
import { userProfiles, users } from '../../db/schema/index';
import { createMember, signIn } from '../../testing/factories';
import { multipart, TINY_PNG } from '../../testing/multipart';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PNG = TINY_PNG;

async function member() {
  const user = await createMember(t.db);
  return { user, cookie: await signIn(t.db, user.id) };
}

function upload(cookie: string, file: Parameters<typeof multipart>[0], field?: string) {
  const body = multipart(file, field);
  return t.request({
    method: 'POST',
    url: '/api/user/avatar',
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}

const putProfile = (cookie: string, payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: '/api/user/profile', payload, headers: { cookie } });
const getProfile = (cookie: string) =>
  t.request({ method: 'GET', url: '/api/user/profile', headers: { cookie } });

describe('profile routes', () => {
  it('refuse anonymous callers (401)', async () => {
    const calls = [
      { method: 'GET', url: '/api/user/profile' },
      { method: 'PUT', url: '/api/user/profile', payload: { instagram: 'x' } },
      { method: 'GET', url: '/api/user/likes' },
      { method: 'GET', url: '/api/user/balance' },
    ] as const;
    for (const call of calls) {
      const res = await t.request({ ...call });
      expect(res.statusCode, call.url).toBe(401);
    }
    const body = multipart({ filename: 'a.png', contentType: 'image/png', data: PNG });
    const res = await t.request({ method: 'POST', url: '/api/user/avatar', ...body });
    expect(res.statusCode).toBe(401);
  });

  it('starts empty and saves the Instagram handle without @', async () => {
    const { user, cookie } = await member();
    expect((await getProfile(cookie)).json()).toEqual({ instagram: null, avatar: null });
    const res = await putProfile(cookie, { instagram: '  @fulano.ads ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ instagram: 'fulano.ads', avatar: null });
    expect((await getProfile(cookie)).json()).toEqual({ instagram: 'fulano.ads', avatar: null });
    const rows = await t.db.select().from(userProfiles).where(eq(userProfiles.userId, user.id));
    expect(rows).toHaveLength(1);

    const cleared = await putProfile(cookie, { instagram: '' });
    expect(cleared.json()).toEqual({ instagram: null, avatar: null });
  });

  it('refuses an Instagram handle over 100 characters', async () => {
    const { cookie } = await member();
    const res = await putProfile(cookie, { instagram: 'a'.repeat(101) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('O Instagram deve ter no máximo 100 caracteres.');
    expect((await putProfile(cookie, { instagram: `@${'a'.repeat(100)}` })).statusCode).toBe(200);
  });

  it('stores an uploaded PNG, serves it, and removes the old file when the avatar is replaced', async () => {
    const { cookie } = await member();
    const first = await upload(cookie, { filename: 'eu.png', contentType: 'image/png', data: PNG });
    expect(first.statusCode).toBe(201);
    const firstUrl: string = first.json().url;
    expect(firstUrl).toMatch(/^\/uploads\/avatars\/[a-f0-9]{32}\.png$/);
    const served = await t.request({ method: 'GET', url: firstUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);

    const saved = await putProfile(cookie, { avatar: firstUrl, instagram: 'eu' });
    expect(saved.json()).toEqual({ instagram: 'eu', avatar: firstUrl });

    const second = await upload(cookie, { filename: 'novo.png', contentType: 'image/png', data: PNG });
    const secondUrl: string = second.json().url;
    // Saving without an avatar keeps the current one.
    expect((await putProfile(cookie, { instagram: 'eu2' })).json().avatar).toBe(firstUrl);
    expect((await putProfile(cookie, { avatar: secondUrl })).json()).toEqual({
      instagram: 'eu2',
      avatar: secondUrl,
    });
    expect((await t.request({ method: 'GET', url: firstUrl })).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: secondUrl })).statusCode).toBe(200);
  });

  it('refuses a disguised upload (a .png name with HTML inside) with 415', async () => {
    const { cookie } = await member();
    const res = await upload(cookie, {
      filename: 'foto.png',
      contentType: 'image/png',
      data: Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>'),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(AVATAR_NOT_IMAGE);
    const video = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(32)]);
    const mp4 = await upload(cookie, { filename: 'foto.jpg', contentType: 'image/jpeg', data: video });
    expect(mp4.statusCode).toBe(415);
  });

  it('refuses files over 5 MB with 413, whether declared up front or found while reading', async () => {
    const { cookie } = await member();
    const justOver = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1 - PNG.length)]);
    const res = await upload(cookie, { filename: 'grande.png', contentType: 'image/png', data: justOver });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(AVATAR_TOO_LARGE);
    const huge = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const big = await upload(cookie, { filename: 'enorme.png', contentType: 'image/png', data: huge });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(AVATAR_TOO_LARGE);
  });

  it('answers 400/415 for a missing file or a body that is not multipart', async () => {
    const { cookie } = await member();
    const wrongField = await upload(
      cookie,
      { filename: 'a.png', contentType: 'image/png', data: PNG },
      'outro',
    );
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toBe(AVATAR_NOT_IMAGE);
    const json = await t.request({
      method: 'POST',
      url: '/api/user/avatar',
      payload: {},
      headers: { cookie },
    });
    expect(json.statusCode).toBe(415);
  });

  it('accepts only avatars this app stored as avatars, and never another member’s', async () => {
    const { cookie } = await member();
    const hex = randomBytes(16).toString('hex');
    for (const avatar of [
      'https://evil.example/avatar.png',
      'javascript:alert(1)',
      `/uploads/banners/${hex}.png`,
      `/uploads/avatars/../../etc/${hex}.png`,
      'data:image/png;base64,AAAA',
    ]) {
      const res = await putProfile(cookie, { avatar });
      expect(res.statusCode, avatar).toBe(400);
      expect(res.json().message).toBe('Avatar inválido.');
    }
    const other = await member();
    const url: string = (
      await upload(other.cookie, { filename: 'o.png', contentType: 'image/png', data: PNG })
    ).json().url;
    expect((await putProfile(other.cookie, { avatar: url })).statusCode).toBe(200);
    const stolen = await putProfile(cookie, { avatar: url });
    expect(stolen.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('clears the avatar with null and removes the file', async () => {
    const { cookie } = await member();
    const url: string = (
      await upload(cookie, { filename: 'a.png', contentType: 'image/png', data: PNG })
    ).json().url;
    await putProfile(cookie, { avatar: url });
    expect((await putProfile(cookie, { avatar: null })).json().avatar).toBeNull();
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('answers the likes received and the balance in reais', async () => {
    const { user, cookie } = await member();
    const likes = await t.request({ method: 'GET', url: '/api/user/likes', headers: { cookie } });
    expect(likes.statusCode).toBe(200);
    expect(likes.json()).toEqual({ likes: 0 });
    await t.db.update(users).set({ balanceCents: 1234 }).where(eq(users.id, user.id));
    const balance = await t.request({ method: 'GET', url: '/api/user/balance', headers: { cookie } });
    expect(balance.json()).toEqual({ balance: 12.34, pixTopUp: 'sandbox' });
  });
});
