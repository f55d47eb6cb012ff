import { readFile, stat, writeFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from './bootstrap';
import { users } from './db/schema/index';
import { adminPasswordFile } from './lib/admin-password-file';
import { issueOwnerResetLink } from './modules/auth/password-reset.service';
import { databaseReadiness } from './modules/readiness/readiness.service';
import { createTestApp, type TestApp } from './testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const file = () => adminPasswordFile(t.config.DATA_DIR);
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );
const passwordInFile = async () => /^Senha: (.+)$/m.exec(await readFile(file(), 'utf8'))![1]!;
const marker = async () =>
  (
    await t.db
      .select({ generated: users.passwordGenerated })
      .from(users)
      .where(eq(users.email, t.config.ADMIN_EMAIL))
  )[0]?.generated;
const readinessOfPassword = async () =>
  (await databaseReadiness(t.db, t.config)).find((item) => item.id === 'admin-password')!;

async function login(password: string) {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: t.config.ADMIN_EMAIL, password },
  });
  const cookie =
    [res.headers['set-cookie'] ?? []]
      .flat()
      .find((c) => c.startsWith('ce_sid='))
      ?.split(';')[0] ?? '';
  return { status: res.statusCode, cookie };
}

describe('the generated administrator password: in a 0600 file, never returned, gone once changed', () => {
  it('writes the password to DATA_DIR/admin-password.txt (0600) and marks it generated; the file signs in', async () => {
    const first = await ensureAdmin(t.db, t.config);
    expect(first).toEqual({ created: true, passwordGenerated: true, passwordFile: file() });
    expect(JSON.stringify(first)).not.toMatch(/Senha/);
    expect((await stat(file())).mode & 0o777).toBe(0o600);
    expect(await marker()).toBe(true);
    const password = await passwordInFile();
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect((await login(password)).status).toBe(200);
    expect(await readinessOfPassword()).toMatchObject({ state: 'fail' });
    expect((await readinessOfPassword()).detail).toContain(file());

    // A later start keeps the same password and file.
    expect(await ensureAdmin(t.db, t.config)).toEqual({
      created: false,
      passwordGenerated: true,
      passwordFile: file(),
    });
    expect(await passwordInFile()).toBe(password);
  });

  it('the profile password change deletes the file and clears the marker: the readiness item turns OK', async () => {
    const password = await passwordInFile();
    const { cookie } = await login(password);
    const changed = await t.request({
      method: 'POST',
      url: '/api/user/password',
      headers: { cookie },
      payload: { currentPassword: password, newPassword: 'uma-senha-nova-do-dono' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await exists(file())).toBe(false);
    expect(await marker()).toBe(false);
    expect(await readinessOfPassword()).toMatchObject({ state: 'ok', fix: null });
    expect((await login('uma-senha-nova-do-dono')).status).toBe(200);
    expect(await ensureAdmin(t.db, t.config)).toEqual({ created: false, passwordGenerated: false });
  });

  it('a file left by a password changed elsewhere is deleted at the next start', async () => {
    await writeFile(file(), 'Senha: antiga\n', { mode: 0o600 });
    expect(await ensureAdmin(t.db, t.config)).toEqual({ created: false, passwordGenerated: false });
    expect(await exists(file())).toBe(false);
  });

  it('the reset link (npm run admin -- reset-password) deletes it too', async () => {
    await t.db.execute(sql`delete from users where email = ${t.config.ADMIN_EMAIL}`);
    expect(await ensureAdmin(t.db, t.config)).toMatchObject({ created: true, passwordGenerated: true });
    expect(await exists(file())).toBe(true);
    const link = await issueOwnerResetLink(t.db, t.config, t.config.ADMIN_EMAIL);
    const token = new URL(link!).searchParams.get('token')!;
    const reset = await t.request({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'outra-senha-do-dono' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await exists(file())).toBe(false);
    expect(await marker()).toBe(false);
  });

  it('ADMIN_PASSWORD given: no file, nothing marked', async () => {
    await t.db.execute(sql`delete from users where email = ${t.config.ADMIN_EMAIL}`);
    const given = { ...t.config, ADMIN_PASSWORD: 'senha-escolhida-pelo-dono' };
    expect(await ensureAdmin(t.db, given)).toEqual({ created: true, passwordGenerated: false });
    expect(await exists(file())).toBe(false);
    expect(await marker()).toBe(false);
  });
});
