import { expect } from 'vitest';
import type { Db } from '../../db/client';
import { confirmedPurchases, type PLAN_SLUGS } from '../../db/schema/index';
import type { MailMessage } from '../../lib/mail/mail';
import type { TestApp } from '../../testing/test-app';

let ipCounter = 0;
/** A fresh client address, so per-address rate limits of one test do not leak into the next. */
export const nextIp = () => {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

/** A confirmed purchase row as the checkout webhook would write it. */
export async function insertPurchase(
  db: Db,
  email: string,
  overrides: { planType?: (typeof PLAN_SLUGS)[number]; canceledAt?: Date; receivedAt?: Date } = {},
) {
  await db.insert(confirmedPurchases).values({
    email: email.trim().toLowerCase(),
    name: 'Comprador Teste',
    planType: overrides.planType ?? 'mentoria-mensal',
    canceledAt: overrides.canceledAt,
    receivedAt: overrides.receivedAt,
  });
}

export function postJson(t: TestApp, url: string, payload: unknown, ip = nextIp()) {
  return t.request({ method: 'POST', url, payload: payload as Record<string, unknown>, remoteAddress: ip });
}

/** The link token and the 6-digit code in a verification mail. */
export function verificationSecrets(mail: MailMessage | undefined) {
  expect(mail?.subject).toBe('Confirme seu e-mail - Clube Escala');
  const link = mail!.text.match(/http\S+\/verificar-email\?\S+/)?.[0];
  expect(link).toBeDefined();
  const url = new URL(link!);
  const code = mail!.text.match(/^\d{6}$/m)?.[0];
  expect(code).toMatch(/^\d{6}$/);
  return { userId: url.searchParams.get('uid')!, linkToken: url.searchParams.get('token')!, code: code! };
}

export const PASSWORD = 'minha-senha-forte';

/** Buys (purchase row) and registers through the API; returns the response body and the mail's secrets. */
export async function registerWithPurchase(t: TestApp, email: string, name = 'Maria Souza') {
  await insertPurchase(t.db, email);
  const before = t.mails.length;
  const res = await postJson(t, '/api/auth/register', { name, email, password: PASSWORD });
  expect(res.statusCode).toBe(201);
  expect(t.mails.length).toBe(before + 1);
  const body = res.json() as { message: string; userId: string; verificationToken: string };
  return { res, body, ...verificationSecrets(t.mails.at(-1)) };
}
