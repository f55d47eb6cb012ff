import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdminReadiness, ReadinessItem } from '../../../shared/schemas/admin';
import { findFreePort } from '../../db/embedded';
import { backupRuns } from '../../db/schema/index';
import { createMailer, type Mailer } from '../../lib/mail/mail';
import { seedDemoContent } from '../../seed/demo';
import { startSmtpServer } from '../../testing/smtp-server';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app';
import { type Session, signedInAdmin, signedInMember } from '../offers/offers.test-support';
import { TEST_EMAIL_LIMIT } from './readiness.routes';
import { smtpFailureReason } from './readiness.service';

const silentLog = Fastify({ logger: false }).log;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** The app's own mailer (nodemailer over SMTP_URL), as main.ts builds it. */
async function smtpMailer(smtpUrl: string): Promise<Mailer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ce-readiness-mail-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return createMailer(testConfig('postgres://nao-usado/x', dir, { SMTP_URL: smtpUrl }), silentLog);
}

async function appWithSmtp(smtpUrl: string) {
  const t = await createTestApp({ SMTP_URL: smtpUrl }, { mailer: await smtpMailer(smtpUrl) });
  cleanups.push(() => t.close());
  return { t, admin: await signedInAdmin(t) };
}

const item = (body: AdminReadiness, id: ReadinessItem['id']) => body.items.find((i) => i.id === id)!;

describe('GET /api/admin/readiness', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedInAdmin(t);
  });
  afterAll(() => t.close());

  it('is the administrator’s alone', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/readiness' })).statusCode).toBe(401);
    const member = await signedInMember(t);
    expect((await member.call('GET', '/api/admin/readiness')).statusCode).toBe(403);
    expect((await member.call('POST', '/api/admin/readiness/test-email')).statusCode).toBe(403);
  });

  it('lists the settings’ items and the database’s, in the doctor’s order', async () => {
    const res = await admin.call('GET', '/api/admin/readiness');
    expect(res.statusCode).toBe(200);
    const body = res.json() as AdminReadiness;
    expect(body.production).toBe(false);
    expect(body.items.map((i) => i.id)).toEqual([
      'mode',
      'app-url',
      'trust-proxy',
      'support-url',
      'checkout-url',
      'pix',
      'pix-key',
      'smtp',
      'mail-from',
      'admin-email',
      'admin-password',
      'lastlink-token',
      'backup-target',
      'backup-encryption',
      'backup-last-run',
      'redis',
      'metrics',
      'demo-content',
    ]);
    expect(item(body, 'demo-content').state).toBe('ok');
    expect(item(body, 'backup-last-run')).toMatchObject({ state: 'warn' });
    // The administrator was made by a factory: a password of their own.
    expect(item(body, 'admin-password')).toMatchObject({ state: 'ok' });
  });

  it('the last backup: a failure is red with its reason, a recent success OK', async () => {
    await t.db
      .insert(backupRuns)
      .values({ kind: 'automatic', result: 'failed', finishedAt: new Date(), error: 'disco cheio' });
    let body = (await admin.call('GET', '/api/admin/readiness')).json() as AdminReadiness;
    expect(item(body, 'backup-last-run').state).toBe('fail');
    expect(item(body, 'backup-last-run').detail).toContain('disco cheio');
    await t.db.insert(backupRuns).values({
      kind: 'manual',
      result: 'ok',
      startedAt: new Date(Date.now() + 1000),
      finishedAt: new Date(Date.now() + 2000),
      file: '/x.tar.gz',
      sizeBytes: 10,
    });
    body = (await admin.call('GET', '/api/admin/readiness')).json() as AdminReadiness;
    expect(item(body, 'backup-last-run')).toMatchObject({ state: 'ok', fix: null });
  });

  it('demo content present is red until it is removed', async () => {
    await seedDemoContent(t.db, t.config, t.app.storage);
    let body = (await admin.call('GET', '/api/admin/readiness')).json() as AdminReadiness;
    expect(item(body, 'demo-content').state).toBe('fail');
    expect(item(body, 'demo-content').detail).toMatch(/8 membros, \d+ ofertas, \d+ publicações/);
    expect((await admin.call('DELETE', '/api/admin/demo-content')).statusCode).toBe(200);
    body = (await admin.call('GET', '/api/admin/readiness')).json() as AdminReadiness;
    expect(item(body, 'demo-content').state).toBe('ok');
  });
});

describe('POST /api/admin/readiness/test-email', () => {
  it('sends a real mail through the SMTP server to ADMIN_EMAIL', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const { t, admin } = await appWithSmtp(`smtp://127.0.0.1:${smtp.port}`);
    const res = await admin.call('POST', '/api/admin/readiness/test-email');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(
      `E-mail de teste enviado para ${t.config.ADMIN_EMAIL} por SMTP 127.0.0.1:${smtp.port}.`,
    );
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual([t.config.ADMIN_EMAIL]);
    expect(smtp.received[0]!.raw).toContain('Subject: E-mail de teste - Clube Escala');
  });

  it('a refusal answers 502 with the SMTP server’s reason in Portuguese', async () => {
    const smtp = await startSmtpServer({ refuse: () => true });
    cleanups.push(smtp.close);
    const { admin } = await appWithSmtp(`smtp://127.0.0.1:${smtp.port}`);
    const res = await admin.call('POST', '/api/admin/readiness/test-email');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(
      /^Não foi possível enviar o e-mail de teste: o servidor SMTP recusou o remetente ou o destinatário: .*550.*Caixa postal inexistente/,
    );
    expect(smtp.received).toHaveLength(0);
  });

  it('credentials the server does not take: the reason, never the password; a closed port: cannot connect', async () => {
    // The stand-in offers no AUTH on a plain connection: a URL with credentials fails to log in.
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const { admin } = await appWithSmtp(`smtp://dono-do-clube:senha-smtp-secreta@127.0.0.1:${smtp.port}`);
    const res = await admin.call('POST', '/api/admin/readiness/test-email');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(
      'Não foi possível enviar o e-mail de teste: o servidor SMTP recusou o usuário ou a senha: 535 Authentication not implemented.',
    );
    expect(res.body).not.toContain('senha-smtp-secreta');
    expect(res.body).not.toContain('dono-do-clube');

    const closed = await findFreePort();
    const other = await appWithSmtp(`smtp://127.0.0.1:${closed}`);
    const refused = await other.admin.call('POST', '/api/admin/readiness/test-email');
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toMatch(
      /^Não foi possível enviar o e-mail de teste: não foi possível conectar ao servidor SMTP: .*ECONNREFUSED/,
    );
  });

  it('is rate limited per administrator', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const { admin } = await appWithSmtp(`smtp://127.0.0.1:${smtp.port}`);
    for (let i = 0; i < TEST_EMAIL_LIMIT.max; i++) {
      expect((await admin.call('POST', '/api/admin/readiness/test-email')).statusCode).toBe(200);
    }
    const over = await admin.call('POST', '/api/admin/readiness/test-email');
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toMatch(/^Muitas tentativas/);
    expect(smtp.received).toHaveLength(TEST_EMAIL_LIMIT.max);
  });
});

describe('smtpFailureReason', () => {
  it('never repeats the SMTP URL, its user or its password, whatever the library or the server said', () => {
    const url = 'smtp://dono%40clube.com:s3nh%40-secreta@smtp.exemplo.com:587';
    const reason = smtpFailureReason(
      Object.assign(new Error(`falhou em ${url} como dono@clube.com com s3nh@-secreta`), {
        code: 'ECONNECTION',
      }),
      url,
    );
    expect(reason).toBe('não foi possível conectar ao servidor SMTP: falhou em *** como *** com ***');
    expect(smtpFailureReason(undefined, url)).toBe('erro desconhecido do servidor SMTP');
  });
});
