import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { findFreePort } from '../src/server/db/embedded';
import { startServer, stopServer } from './server-process';

export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'senha-admin-e2e' };
export const E2E_WEBHOOK_TOKEN = 'e2e-webhook-token';
export const E2E_CHECKOUT_URL = 'https://checkout.exemplo.test/clube-escala';
export const E2E_SUPPORT_URL = 'https://suporte.exemplo.test/chat';
/** The product every test purchase names (helpers.ts sendLastlinkEvent), mapped by the administrator at start. */
export const E2E_PRODUCT_ID = 'prod-e2e-mensal';

/**
 * The administrator maps the test purchases' product to Mentoria Mensal, as an owner does before selling: without
 * it, every member a test creates would raise an 'unmapped product' notice in the administrator's bell.
 */
async function mapMembersProduct(baseUrl: string) {
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify(E2E_ADMIN),
  });
  if (!login.ok) throw new Error(`login do administrador falhou: ${login.status}`);
  const cookie =
    login.headers
      .getSetCookie()
      .find((c) => c.startsWith('ce_sid='))
      ?.split(';')[0] ?? '';
  const mapping = await fetch(`${baseUrl}/api/admin/webhook-mappings`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ productId: E2E_PRODUCT_ID, planType: 'mentoria-mensal' }),
  });
  if (mapping.status !== 201) throw new Error(`mapeamento do produto de teste falhou: ${mapping.status}`);
}

/**
 * The browser tests run against the built app as a user would run it: `node dist/server/main.js` with its
 * embedded PostgreSQL in a temp DATA_DIR, mail sent over SMTP to a real local smtp-server whose messages
 * land as .eml files the tests read.
 */
export default async function setup(project: TestProject) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ce-e2e-'));
  const mailDir = path.join(dataDir, 'smtp-inbox');
  await (await import('node:fs/promises')).mkdir(mailDir, { recursive: true });
  let count = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase()).join(',');
        count += 1;
        writeFile(path.join(mailDir, `${Date.now()}-${count}-${to}.eml`), Buffer.concat(chunks)).then(
          () => callback(),
          callback,
        );
      });
    },
  });
  const smtpPort = await findFreePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  const server = await startServer({
    dataDir,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LASTLINK_WEBHOOK_TOKEN: E2E_WEBHOOK_TOKEN,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      // Each test's browser is a visitor of its own address (helpers.ts visitorHeaders).
      TRUST_PROXY: '127.0.0.1',
      // The slug checker's browser tests scan small sites the tests start on 127.0.0.1 (tests only).
      ALLOW_PRIVATE_NETWORK_TARGETS: '1',
      // GET /clube answers a redirect here (never followed by the tests: nothing leaves the machine).
      CHECKOUT_URL: E2E_CHECKOUT_URL,
      SUPPORT_URL: E2E_SUPPORT_URL,
    },
  });
  const baseUrl = server.baseUrl;
  await mapMembersProduct(baseUrl);

  project.provide('baseUrl', baseUrl);
  project.provide('mailDir', mailDir);
  // Tests that must change what no screen changes (e.g. date an account back) reach the embedded cluster.
  project.provide('dataDir', dataDir);

  return async () => {
    await stopServer(server, 20_000);
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    if (process.env.E2E_KEEP_DATA !== '1') await rm(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    mailDir: string;
    dataDir: string;
  }
}
