import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, sessions } from '../../db/schema/index';
import { sha256 } from '../../lib/crypto';
import type { MailMessage } from '../../lib/mail/mail';
import { createMember, signIn, TEST_PASSWORD } from '../../testing/factories';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { postJson } from './auth.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'nova-senha-123';
const INVALID = 'Link de redefinição inválido ou expirado.';

function resetToken(mail: MailMessage | undefined) {
  expect(mail?.subject).toBe('Redefinição de senha - Clube Escala');
  const link = mail!.text.match(/http\S+\/redefinir-senha\?\S+/)?.[0];
  expect(link).toBeDefined();
  return new URL(link!).searchParams.get('token')!;
}

async function requestReset(email: string) {
  const res = await postJson(t, '/api/auth/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  expect(res.json().message).toBe('E-mail enviado! Verifique sua caixa de entrada.');
  return { res, token: resetToken(t.mails.at(-1)) };
}

const reset = (token: string, password = NEW_PASSWORD) =>
  postJson(t, '/api/auth/reset-password', { token, password });
const login = (email: string, password: string) => postJson(t, '/api/auth/login', { email, password });

describe('POST /api/auth/forgot-password', () => {
  it('answers 404 "E-mail não encontrado" for an unknown e-mail, and sends nothing', async () => {
    const before = t.mails.length;
    const res = await postJson(t, '/api/auth/forgot-password', { email: 'ninguem@example.com' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toContain('E-mail não encontrado');
    expect(t.mails.length).toBe(before);
  });

  it('mails a link whose token is stored only as a hash and expires in one hour', async () => {
    const member = await createMember(t.db, { email: 'esqueci@example.com' });
    const { res, token } = await requestReset('Esqueci@Example.com');
    expect(t.mails.at(-1)?.to).toBe('esqueci@example.com');
    expect(res.body).not.toContain(token);
    const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, member.id));
    expect(row!.tokenHash).toBe(sha256(token));
    const ttl = row!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(55 * 60 * 1000);
    expect(ttl).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it('refuses an invalid e-mail with the spec message', async () => {
    const res = await postJson(t, '/api/auth/forgot-password', { email: 'invalido' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('E-mail inválido');
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password, ends every session of the user and is single-use', async () => {
    const member = await createMember(t.db, { email: 'redefine@example.com' });
    const other = await createMember(t.db, { email: 'outro@example.com' });
    const cookies = [await signIn(t.db, member.id), await signIn(t.db, member.id)];
    const otherCookie = await signIn(t.db, other.id);
    const { token } = await requestReset(member.email);

    const res = await reset(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Senha redefinida com sucesso! Faça login com a nova senha.');
    for (const cookie of cookies) {
      const me = await t.request({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
      expect(me.statusCode).toBe(401);
    }
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);
    const otherMe = await t.request({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: otherCookie },
    });
    expect(otherMe.statusCode).toBe(200);

    expect((await login(member.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(member.email, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await reset(token, 'terceira-senha');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(INVALID);
    expect((await login(member.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const member = await createMember(t.db, { email: 'expirado@example.com' });
    const { token } = await requestReset(member.email);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, member.id));
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(INVALID);
    expect((await login(member.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('a newer request makes the older link stop working', async () => {
    const member = await createMember(t.db, { email: 'dois.links@example.com' });
    const first = await requestReset(member.email);
    const second = await requestReset(member.email);
    expect((await reset(first.token)).statusCode).toBe(400);
    expect((await reset(second.token)).statusCode).toBe(200);
  });

  it('refuses unknown tokens and short passwords with clear messages', async () => {
    const unknown = await reset('token-que-nao-existe-123');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(INVALID);
    const member = await createMember(t.db, { email: 'senha.curta@example.com' });
    const { token } = await requestReset(member.email);
    const short = await reset(token, '123');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Senha deve ter pelo menos 6 caracteres');
    const missing = await postJson(t, '/api/auth/reset-password', { password: NEW_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Link de redefinição inválido.');
    // The short-password try did not spend the token.
    expect((await reset(token)).statusCode).toBe(200);
  });
});
