import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_ARGS, resolveChromiumPath } from '../src/server/lib/chromium';
import { trackPageErrors } from './axe';
import { E2E_ADMIN, E2E_PRODUCT_ID, E2E_WEBHOOK_TOKEN } from './global-setup';

export { E2E_ADMIN };
export const baseUrl = () => inject('baseUrl');

export { CHROMIUM_ARGS };

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: await resolveChromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** One Chromium per spec file: launched before its tests, closed after them. */
export function setupBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('browser not launched');
    return browser;
  };
}

/** Signs in through the login screen. */
export async function loginThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel(/e-?mail/i).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/**
 * Each browser context is a visitor of its own address, as members are: the app trusts X-Forwarded-For from
 * loopback in the browser tests (TRUST_PROXY, global-setup.ts), so the per-address limits (10 sign-ups an hour,
 * 30 logins per 15 min) apply per visitor, not to the whole suite, which signs up more members than one address may.
 */
export function visitorHeaders(): Record<string, string> {
  const byte = () => Math.floor(Math.random() * 256);
  return { 'x-forwarded-for': `198.18.${byte()}.${1 + Math.floor(Math.random() * 254)}` };
}

export async function newPage(
  browser: Browser,
  viewport = { width: 1440, height: 900 },
  {
    locale = 'pt-BR',
    serviceWorkers = 'block',
  }: { locale?: string; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport,
    locale,
    extraHTTPHeaders: visitorHeaders(),
    // The club's service worker (the app on the phone) is e2e/pwa.e2e.ts's subject: elsewhere it stays out of the
    // way of the tests' own request routing (page.route) and of pwa.e2e.ts's new version, played on the one server.
    serviceWorkers,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await trackPageErrors(page);
  return { context, page };
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@exemplo.com.br`;

/** Delivers a Lastlink-shaped event to the running app, as Lastlink would. */
export async function sendLastlinkEvent(
  event: string,
  email: string,
  name = 'Membro Teste',
  extra: {
    product?: { Id: string; Name: string };
    nextBilling?: string;
    /** Data.Subscriptions[0] (e.g. { CanceledDate }). */
    subscription?: Record<string, unknown>;
  } = {},
): Promise<Response> {
  const payload = {
    Id: crypto.randomUUID(),
    IsTest: false,
    Event: event,
    CreatedAt: new Date().toISOString(),
    Data: {
      Products: [
        { ...(extra.product ?? { Id: E2E_PRODUCT_ID, Name: 'Clube Escala - Mentoria Mensal' }), Price: 97 },
      ],
      Buyer: { Email: email, Name: name, PhoneNumber: '+5511987654321' },
      Offer: { Id: 'offer-e2e', Name: 'Mensal' },
      Purchase: { NextBilling: extra.nextBilling ?? null },
      ...(extra.subscription ? { Subscriptions: [extra.subscription] } : {}),
    },
  };
  return fetch(`${baseUrl()}/api/webhook/lastlink`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-lastlink-token': E2E_WEBHOOK_TOKEN },
    body: JSON.stringify(payload),
  });
}

/** Quoted-printable to text: =XX are UTF-8 bytes, so decode them as bytes first. */
function decodeQuotedPrintable(text: string): string {
  const latin1 = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(latin1, 'latin1').toString('utf8');
}

/** Waits for the newest mail the local SMTP server received for `to` and returns its decoded text. */
export async function waitForMail(
  to: string,
  predicate: (text: string) => boolean = () => true,
): Promise<string> {
  const dir = inject('mailDir');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const files = (await readdir(dir))
      .filter((f) => f.includes(to.toLowerCase()))
      .sort()
      .reverse();
    for (const f of files) {
      const raw = await readFile(path.join(dir, f), 'utf8');
      const body = raw.includes('quoted-printable') ? decodeQuotedPrintable(raw) : raw;
      const decoded = body.replace(/^[A-Za-z0-9+/=\r\n]{200,}$/gm, (b64) => {
        try {
          return Buffer.from(b64.replace(/\s+/g, ''), 'base64').toString('utf8');
        } catch {
          return b64;
        }
      });
      if (predicate(decoded)) return decoded;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`Nenhum e-mail para ${to} chegou ao servidor SMTP de teste.`);
}

/** The 6-digit code of the newest verification mail for `to`. */
export async function readVerificationCode(to: string): Promise<string> {
  const text = await waitForMail(to, (t) => /\b\d{6}\b/.test(t) && /verifica/i.test(t));
  const match = text.match(/(?:código|codigo)[^0-9]{0,80}(\d{6})/i) ?? text.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error('Código de verificação não encontrado no e-mail.');
  return match[1];
}

/** Waits until the screen has its data: no request in flight and no loading indicator left. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page
    .locator('[role="status"][aria-label^="Carregando"], [role="status"]:has-text("Carregando...")')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
}

export async function screenshot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** A verified member created through the real API (webhook, register, mailed code). */
export async function createMember(page: Page, name: string): Promise<string> {
  const email = uniqueEmail('membro');
  expect((await sendLastlinkEvent('Purchase_Order_Confirmed', email, name)).status).toBe(200);
  await page.goto('/home');
  const reg = await page.evaluate(
    async (body) => {
      const r = await fetch('/api/auth/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return r.json();
    },
    { name, email, password: 'segredo123' },
  );
  const code = await readVerificationCode(email);
  const verified = await page.evaluate(
    async (body) =>
      (
        await fetch('/api/auth/verify-email', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).status,
    { userId: reg.userId, token: code },
  );
  expect(verified).toBe(200);
  return email;
}

type ApiAnswer = { status: number; body: Record<string, unknown> };

/** A call to the app's API from the page (same origin, the member's session cookie), as the screens make it. */
export async function api(page: Page, method: string, path: string, body?: unknown): Promise<ApiAnswer> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path, body },
  );
}
