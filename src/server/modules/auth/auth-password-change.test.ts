import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/index';
import { createMember, signIn, TEST_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { postJson } from './auth.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const change = (cookie: string, body: unknown) =>
  t.request({ method: 'POST', url: '/api/user/password', headers: { cookie }, payload: body as object });
const whoAmI = async (cookie: string) =>
  (await t.request({ method: 'GET', url: '/api/auth/user', headers: { cookie } })).statusCode;

describe('POST /api/user/password', () => {
  it('changes the password, keeps this session, ends the others and mails the member', async () => {
    const member = await createMember(t.db, { name: 'Carla', email: 'carla@example.com' });
    const here = await signIn(t.db, member.id);
    const phone = await signIn(t.db, member.id);
    const laptop = await signIn(t.db, member.id);
    const mailsBefore = t.mails.length;

    const res = await change(here, { currentPassword: TEST_PASSWORD, newPassword: 'nova-senha-forte' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Senha alterada! As outras sessões abertas foram encerradas.');

    expect(await whoAmI(here)).toBe(200);
    expect(await whoAmI(phone)).toBe(401);
    expect(await whoAmI(laptop)).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(1);

    const old = await postJson(t, '/api/auth/login', { email: 'carla@example.com', password: TEST_PASSWORD });
    expect(old.statusCode).toBe(401);
    const fresh = await postJson(t, '/api/auth/login', {
      email: 'carla@example.com',
      password: 'nova-senha-forte',
    });
    expect(fresh.statusCode).toBe(200);

    const mail = t.mails.slice(mailsBefore).find((m) => m.to === 'carla@example.com');
    expect(mail?.subject).toBe('Sua senha foi alterada - Clube Escala');
    expect(mail?.text).toContain('/forgot-password');
    // The one support place, linked (the app's /suporte, which redirects to SUPPORT_URL).
    expect(mail?.text).toContain(`Falar com o suporte: ${t.config.APP_URL}/suporte`);
    expect(mail?.html).toContain(`href="${t.config.APP_URL}/suporte"`);
    expect(mail?.text).not.toContain('nova-senha-forte');
  });

  it('refuses a wrong current password, the same password and a short one, changing nothing', async () => {
    const member = await createMember(t.db);
    const cookie = await signIn(t.db, member.id);
    const other = await signIn(t.db, member.id);
    const cases: Array<[unknown, string]> = [
      [{ currentPassword: 'errada-123', newPassword: 'outra-senha-1' }, 'Senha atual incorreta'],
      [
        { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD },
        'A nova senha deve ser diferente da atual',
      ],
      [{ currentPassword: TEST_PASSWORD, newPassword: '123' }, 'Senha deve ter pelo menos 6 caracteres'],
      [{ currentPassword: '', newPassword: 'outra-senha-1' }, 'Informe a senha atual'],
      [{ currentPassword: TEST_PASSWORD }, 'Informe a nova senha'],
      [
        { currentPassword: TEST_PASSWORD, newPassword: 'x'.repeat(201) },
        'Senha muito longa (máximo 200 caracteres)',
      ],
      [{ currentPassword: ['a'], newPassword: 'outra-senha-1' }, 'Informe a senha atual'],
    ];
    for (const [body, message] of cases) {
      const res = await change(cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await whoAmI(other)).toBe(200);
    const login = await postJson(t, '/api/auth/login', { email: member.email, password: TEST_PASSWORD });
    expect(login.statusCode).toBe(200);
  });

  it('is for signed-in members only', async () => {
    const res = await postJson(t, '/api/user/password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'outra-senha-1',
    });
    expect(res.statusCode).toBe(401);
  });

  it('limits guesses of the current password per member', async () => {
    const member = await createMember(t.db);
    const cookie = await signIn(t.db, member.id);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (await change(cookie, { currentPassword: `chute-${i}-xx`, newPassword: 'outra-senha-1' })).statusCode,
      );
    }
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Another member is not affected.
    const other = await signIn(t.db, (await createMember(t.db)).id);
    expect(
      (await change(other, { currentPassword: 'errada-123', newPassword: 'outra-senha-1' })).statusCode,
    ).toBe(400);
  });
});
