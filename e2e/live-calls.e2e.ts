import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { videoEmbedOf } from '../src/shared/live-call-embed';
import { expectAccessible } from './axe';
import {
  createMember,
  E2E_ADMIN,
  loginThroughForm,
  newPage,
  screenshot,
  settle,
  setupBrowser,
} from './helpers';
import { embeddedCluster, withClient } from './server-process';

const browser = setupBrowser();
const PHONE = { width: 390, height: 844 };
const run = Date.now().toString(36);
const TITLE = `Gravação da mentoria ${run}`;
const VIDEO = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';
const LOCKED_TEXT =
  /Para assistir as calls publicadas, sua conta precisa ter mais de 7 dias\. Libera daqui 7 dias\./;

/** Dates an account back with an UPDATE, as only time would (no screen changes an account's age). */
async function dateAccountBack(email: string, days: number) {
  const cluster = await embeddedCluster(inject('dataDir'));
  const updated = await withClient(cluster.url, (client) =>
    client.query(`update users set created_at = now() - make_interval(days => $2) where email = $1`, [
      email.toLowerCase(),
      days,
    ]),
  );
  expect(updated.rowCount).toBe(1);
}

/** The video sites answer from here: the browser tests reach no outside host. */
async function stubVideoSites(context: BrowserContext) {
  await context.route(
    /^https:\/\/(www\.youtube-nocookie\.com|www\.youtube\.com|player\.vimeo\.com)\//,
    (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><html lang="pt-BR"><title>Player</title><body style="background:#111;color:#eee">Player de teste</body></html>',
      }),
  );
}

async function signIn(page: Page, email: string, password = 'segredo123') {
  await loginThroughForm(page, email, password);
  await page.getByText('Login realizado com sucesso!').first().waitFor();
}

async function openCallsTab(page: Page) {
  // By its address, not the stored tab: the dashboard the login opened may still be writing its own tab to
  // storage when this page sets one, and the reload would then show the catalogue.
  await page.goto('/dashboard?tab=calls-ao-vivo');
  await page.getByRole('heading', { name: 'Calls ao Vivo', level: 1 }).waitFor();
  await settle(page);
}

/**
 * The page never scrolls sideways; on failure, names the elements that stick out. Polled: right after a viewport
 * change the header's layout (media-query state in React) can take a frame or two to follow.
 */
async function expectNoSidewaysScroll(page: Page) {
  await expect.poll(() => wideElements(page), { timeout: 5_000 }).toEqual([]);
}

function wideElements(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const clipped = (el: Element | null): boolean =>
      !!el && (/(auto|scroll|hidden|clip)/.test(getComputedStyle(el).overflowX) || clipped(el.parentElement));
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !clipped(el.parentElement))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)}`);
  });
}

const cardOf = (page: Page, title: string) => page.getByRole('listitem').filter({ hasText: title });

describe('live calls', () => {
  it('the administrator creates, edits and deletes calls in the Calls tab', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.goto('/admin?tab=calls');
      await page.getByRole('heading', { name: 'Calls Existentes' }).waitFor();
      await settle(page);

      // Required fields first: nothing is sent.
      await page.getByRole('button', { name: 'Criar Call' }).click();
      await page.getByText('Campos obrigatórios').first().waitFor();

      await page.getByLabel('Título').fill(TITLE);
      await page.getByLabel('Descrição').fill('Como escalar campanhas sem perder o ROAS.');
      await page.getByLabel('Horário').fill('20:00');
      await page.getByLabel('Data (opcional)').fill('2026-11-19');
      await page.getByLabel('Link (opcional)').fill(VIDEO);
      await page.getByLabel('Status').selectOption('Aguardando Upload');
      await page.getByRole('button', { name: 'Criar Call' }).click();
      await page.getByText('Call criada').first().waitFor();
      const row = page.getByRole('listitem').filter({ hasText: TITLE });
      await row.getByText('Aguardando Upload').waitFor();
      await row.getByText('quinta-feira, 19/11/2026').waitFor();

      // Edit: publish the recording.
      await page.getByRole('button', { name: `Editar call ${TITLE}` }).click();
      await page.getByLabel('Status').selectOption('Publicado');
      await page.getByRole('button', { name: 'Salvar Alterações' }).click();
      await page.getByText('Call atualizada').first().waitFor();
      await row.getByText('Publicado').waitFor();

      // A second call, deleted after the confirmation.
      const doomed = `Call a excluir ${run}`;
      await page.getByLabel('Título').fill(doomed);
      await page.getByLabel('Descrição').fill('Temporária');
      await page.getByLabel('Horário').fill('19:30');
      await page.getByRole('button', { name: 'Criar Call' }).click();
      await page.getByRole('listitem').filter({ hasText: doomed }).waitFor();
      await page.getByRole('button', { name: `Excluir call ${doomed}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Tem certeza que deseja excluir esta call?').waitFor();
      await dialog.getByRole('button', { name: 'Excluir' }).click();
      await page.getByText('Call excluída').first().waitFor();
      await page.getByRole('listitem').filter({ hasText: doomed }).waitFor({ state: 'detached' });

      // The overview (Visão geral) counts the calls (the demo's two and this one).
      await page.getByRole('tab', { name: 'Visão geral', exact: true }).click();
      const counter = page.getByText('Calls criadas', { exact: true }).locator('xpath=../..');
      await expect
        .poll(async () => Number(((await counter.textContent()) ?? '').match(/\d+/)?.[0] ?? -1))
        .toBeGreaterThanOrEqual(3);

      await page.getByRole('tab', { name: 'Calls', exact: true }).click();
      await row.waitFor();
      await settle(page);
      await screenshot(page, 'admin-calls-1440');
      await expectAccessible(page, 'admin: aba Calls (1440)');
      await page.setViewportSize(PHONE);
      await settle(page);
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'admin-calls-390');
      await expectAccessible(page, 'admin: aba Calls (390)');
    } finally {
      await context.close();
    }
  });

  it('an account older than 7 days plays the published call inline', async () => {
    const { context, page } = await newPage(browser());
    try {
      await stubVideoSites(context);
      const email = await createMember(page, 'Olga Antiga');
      await dateAccountBack(email, 30);
      await signIn(page, email);
      await openCallsTab(page);
      const card = cardOf(page, TITLE);
      await card.getByText('Publicado').waitFor();
      await expect.poll(() => page.getByText('Acesso Bloqueado').count()).toBe(0);
      await card.getByRole('button', { name: 'Assistir Gravação' }).click();

      const frame = page.locator(`iframe[title="Vídeo: ${TITLE}"]`);
      expect(await frame.getAttribute('src')).toBe(videoEmbedOf(VIDEO)!.embedUrls[0]);
      // The frame loaded: the CSP's frame-src let it in.
      await page.frameLocator(`iframe[title="Vídeo: ${TITLE}"]`).getByText('Player de teste').waitFor();
      await page.getByRole('status', { name: 'Carregando vídeo' }).waitFor({ state: 'detached' });
      await screenshot(page, 'calls-ao-vivo-player-1440');
      await expectAccessible(page, 'aba calls-ao-vivo com o player (1440)');
      await page.setViewportSize(PHONE);
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'calls-ao-vivo-player-390');
      await expectAccessible(page, 'aba calls-ao-vivo com o player (390)');
    } finally {
      await context.close();
    }
  });

  it("'Adicionar à agenda' downloads the call's .ics and 'Agenda' gives the feed address", async () => {
    const { context, page } = await newPage(browser());
    try {
      const email = await createMember(page, 'Carla Agenda');
      await signIn(page, email);
      await openCallsTab(page);
      const card = cardOf(page, TITLE);
      const download = page.waitForEvent('download');
      await card.getByRole('link', { name: 'Adicionar à agenda' }).click();
      const file = await (await download).path();
      const ics = await readFile(file, 'utf8');
      const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent');
      expect(vevent?.getFirstPropertyValue('summary')).toBe(TITLE);
      expect(vevent?.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('America/Sao_Paulo');
      expect(String(vevent?.getFirstPropertyValue('dtstart'))).toBe('2026-11-19T20:00:00');
      expect(ics).not.toContain('aqz-KE-bpKQ');

      await page.getByRole('button', { name: 'Agenda', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Assinar agenda' });
      const address = dialog.getByRole('textbox', { name: 'Endereço da agenda' });
      await expect.poll(() => address.inputValue()).toMatch(/\/api\/live-calls\.ics\?token=[\w-]{43}$/);
      const feed = await page.request.get(await address.inputValue());
      expect(feed.status()).toBe(200);
      expect(await feed.text()).toContain(TITLE);
      await settle(page);
      await screenshot(page, 'calls-ao-vivo-agenda-1440');
      await expectAccessible(page, 'aba calls-ao-vivo: agenda (1440)');
      await page.setViewportSize(PHONE);
      await settle(page);
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'calls-ao-vivo-agenda-390');
      await expectAccessible(page, 'aba calls-ao-vivo: agenda (390)');

      // Opened again later: the club keeps only the token's hash, so it says when the address was made instead.
      const first = await address.inputValue();
      await page.reload();
      await page.getByRole('button', { name: 'Agenda', exact: true }).click();
      await dialog.getByText(/não guarda o endereço para mostrá-lo de novo/).waitFor();
      expect(await dialog.getByRole('textbox', { name: 'Endereço da agenda' }).count()).toBe(0);
      await settle(page);
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'calls-ao-vivo-agenda-feita-390');
      await expectAccessible(page, 'aba calls-ao-vivo: agenda já feita (390)');
      await page.setViewportSize({ width: 1440, height: 900 });
      await settle(page);
      await screenshot(page, 'calls-ao-vivo-agenda-feita-1440');
      await expectAccessible(page, 'aba calls-ao-vivo: agenda já feita (1440)');
      expect((await page.request.get(first)).status()).toBe(200);
      await dialog.getByRole('button', { name: 'Gerar novo endereço' }).click();
      const confirm = page.getByRole('dialog', { name: 'Gerar novo endereço?' });
      await confirm.getByRole('button', { name: 'Gerar novo endereço' }).click();
      await expect.poll(() => address.inputValue()).toMatch(/\/api\/live-calls\.ics\?token=[\w-]{43}$/);
      expect(await address.inputValue()).not.toBe(first);
      expect((await page.request.get(first)).status()).toBe(404);
      expect((await page.request.get(await address.inputValue())).status()).toBe(200);
    } finally {
      await context.close();
    }
  });

  it("a new account sees 'Acesso Bloqueado' and never gets the link", async () => {
    const { context, page } = await newPage(browser(), PHONE);
    try {
      await stubVideoSites(context);
      const email = await createMember(page, 'Nina Nova');
      await signIn(page, email);
      const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/live-calls');
      await openCallsTab(page);
      const body = await (await answer).text();
      expect(body).toContain(TITLE);
      expect(body).not.toContain('aqz-KE-bpKQ');

      await page.getByText('Acesso Bloqueado').first().waitFor();
      await page.getByText(LOCKED_TEXT).first().waitFor();
      // Shown locked, not like an open recording: aria-disabled, a lock, dashed and without the green fill.
      const locked = cardOf(page, TITLE).getByRole('button', { name: 'Assistir Gravação' });
      expect(await locked.getAttribute('aria-disabled')).toBe('true');
      expect(await locked.locator('svg.lucide-lock').count()).toBe(1);
      const look = await locked.evaluate((el) => {
        const style = getComputedStyle(el);
        return { border: style.borderStyle, background: style.backgroundColor, cursor: style.cursor };
      });
      expect(look).toMatchObject({ border: 'dashed', cursor: 'not-allowed' });
      expect(look.background).not.toMatch(/rgb\(34, 197, 94\)/);
      // Activating it (keyboard: Playwright will not click an aria-disabled button) still says why.
      await locked.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.getByText(LOCKED_TEXT).count()).toBe(2);
      expect(await page.locator('iframe').count()).toBe(0);
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'calls-ao-vivo-bloqueado-390');
      await expectAccessible(page, 'aba calls-ao-vivo bloqueada (390)');
      await page.setViewportSize({ width: 1440, height: 900 });
      await settle(page);
      await screenshot(page, 'calls-ao-vivo-bloqueado-1440');
      await expectAccessible(page, 'aba calls-ao-vivo bloqueada (1440)');
    } finally {
      await context.close();
    }
  });
});
