import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
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

/**
 * The beginner map made real, as the administrator and a member use it at 1440 and 390 px: the administrator puts
 * a Panda Video link on a lesson; a member opens that lesson and the modal plays that video (the player's host
 * answered here, so nothing leaves the machine, and the CSP must let the frame in), marks it 'Concluído', reloads
 * and finds it kept with the progress moved, and marks a step.
 */
const browser = setupBrowser();
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const run = Date.now().toString(36);
const LESSON_ID = 'trafego-pago-13';
const TITLE = `Rotina diária do gestor de tráfego ${run}`;
const PANDA =
  'https://player-vz-b35d55b6-835.tv.pandavideo.com.br/embed/?v=416ff6ee-9cfc-40b4-b902-d599c271c7b4';

/** The video sites answer from here: the browser tests reach no outside host. */
async function stubVideoSites(context: BrowserContext) {
  await context.route(
    /^https:\/\/(www\.youtube-nocookie\.com|www\.youtube\.com|player\.vimeo\.com|[a-z0-9-]+\.tv\.pandavideo\.com(\.br)?)\//,
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

async function openMap(page: Page) {
  await page.goto('/dashboard?tab=mapa-iniciante');
  await page.getByRole('heading', { name: 'Seu roteiro em 6 passos' }).waitFor();
  await settle(page);
}

/** The page never scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
}

/** What the visitor sees now (a modal): the viewport, not the whole page. */
async function viewportShot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, `${name}.png`) });
}

const bodyOverflow = (page: Page) => page.evaluate(() => getComputedStyle(document.body).overflow);
const respondedTo = (page: Page, method: string, path: string) =>
  page.waitForResponse((r) => r.request().method() === method && new URL(r.url()).pathname === path);

let memberEmail = '';
beforeAll(async () => {
  const { context, page } = await newPage(browser());
  memberEmail = await createMember(page, 'Bia Iniciante');
  await context.close();
});

describe('beginner map', () => {
  it('the administrator puts a Panda Video link on a lesson, checks it and saves it', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    try {
      await stubVideoSites(context);
      await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.goto('/admin?tab=mapa-iniciante');
      const paid = page.getByRole('region', { name: 'Tráfego Pago' });
      await paid.getByRole('listitem').nth(12).waitFor();
      await settle(page);
      await screenshot(page, 'admin-mapa-iniciante-1440');
      await expectAccessible(page, 'admin: Mapa do Iniciante (1440)');

      await paid
        .getByRole('listitem')
        .nth(12)
        .getByRole('button', { name: /^Editar / })
        .click();
      const form = page.getByRole('form', { name: 'Editar aula' });
      await form.waitFor();
      await form.getByLabel('Título').fill(TITLE);
      await form.getByLabel('Link do vídeo (opcional)').fill('https://meet.google.com/abc-defg-hij');
      await form.getByRole('button', { name: 'Salvar Alterações' }).click();
      await form.getByText(/O link do vídeo deve ser do YouTube, do Vimeo ou do Panda Video/).waitFor();

      await form.getByLabel('Link do vídeo (opcional)').fill(PANDA);
      await form.getByText('Vídeo do Panda Video reconhecido.').waitFor();
      await form.getByRole('button', { name: 'Ver prévia' }).click();
      // The preview plays from Panda's host: the CSP's frame-src let it in.
      await page
        .frameLocator(`iframe[title="Vídeo: Prévia: ${TITLE}"]`)
        .getByText('Player de teste')
        .waitFor();
      await screenshot(page, 'admin-mapa-iniciante-editar-1440');
      await expectAccessible(page, 'admin: editar aula com prévia (1440)');
      // Playwright's 'networkidle' can stay unreached once a video frame came and went: wait for the screen instead.
      await page.setViewportSize(PHONE);
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'admin-mapa-iniciante-editar-390');
      await expectAccessible(page, 'admin: editar aula com prévia (390)');

      const saved = respondedTo(page, 'PUT', `/api/admin/beginner-map/lessons/${LESSON_ID}`);
      await form.getByRole('button', { name: 'Salvar Alterações' }).click();
      expect((await saved).status()).toBe(200);
      await page.getByText('Aula atualizada').first().waitFor();
      await form.waitFor({ state: 'detached' });
      await paid.getByRole('listitem').filter({ hasText: TITLE }).getByText('Panda Video').waitFor();
      await screenshot(page, 'admin-mapa-iniciante-390');
      await expectAccessible(page, 'admin: Mapa do Iniciante (390)');
    } finally {
      await context.close();
    }
  });

  it('a member watches that lesson, marks it done, and finds it kept after a reload with the progress moved', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    try {
      await stubVideoSites(context);
      await signIn(page, memberEmail);
      await openMap(page);
      await page.getByText('0 de 6 passos', { exact: true }).waitFor();
      const paid = page.locator('div.rounded-xl', {
        has: page.getByRole('heading', { name: 'Tráfego Pago' }),
      });
      await paid.getByText('0 de 13 aulas').waitFor();
      // Lessons without a video say so and are not buttons.
      expect(await page.getByText('Vídeo em breve').count()).toBeGreaterThan(0);
      // The partner tools link to their sign-up pages in a new tab.
      const tools = page.locator('div.rounded-xl', {
        has: page.getByRole('heading', { name: 'Criando sua conta nas plataformas' }),
      });
      for (const link of await tools.getByRole('link').all()) {
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      }

      await page.getByRole('button', { name: `${TITLE} (assistir ao vídeo)` }).click();
      const modal = page.getByRole('dialog', { name: TITLE });
      await modal.waitFor();
      const frame = modal.locator(`iframe[title="Vídeo: ${TITLE}"]`);
      expect(await frame.getAttribute('src')).toBe(videoEmbedOf(PANDA, { autoplay: true })!.embedUrls[0]);
      await page.frameLocator(`iframe[title="Vídeo: ${TITLE}"]`).getByText('Player de teste').waitFor();
      expect(await bodyOverflow(page)).toBe('hidden');
      await viewportShot(page, 'mapa-iniciante-aula-1440');
      await expectAccessible(page, 'mapa do iniciante: aula (1440)');

      const marked = respondedTo(page, 'POST', `/api/beginner-map/lessons/${LESSON_ID}/done`);
      await modal.getByRole('button', { name: 'Concluído' }).click();
      expect((await marked).status()).toBe(200);
      await modal.waitFor({ state: 'detached' });
      expect(await bodyOverflow(page)).not.toBe('hidden');

      // A step, marked from the roadmap.
      const step = respondedTo(page, 'POST', '/api/beginner-map/steps/assistir-tutoriais/done');
      await page.getByRole('button', { name: /^Marcar como concluído\s*\(passo 2\)$/ }).click();
      expect((await step).status()).toBe(200);

      await page.reload();
      await openMap(page);
      expect(await page.getByRole('checkbox', { name: `Aula concluída: ${TITLE}` }).isChecked()).toBe(true);
      await paid.getByText('1 de 13 aulas').waitFor();
      await page.getByText('1 de 6 passos', { exact: true }).waitFor();
      await page.getByText('1 de 29 tutoriais assistidos').waitFor();
      await page.getByRole('button', { name: /^Desmarcar\s*\(passo 2\)$/ }).waitFor();
      await screenshot(page, 'mapa-iniciante-1440');
      await expectAccessible(page, 'mapa do iniciante com progresso (1440)');

      await page.setViewportSize(PHONE);
      await expectNoSidewaysScroll(page);
      await screenshot(page, 'mapa-iniciante-390');
      await expectAccessible(page, 'mapa do iniciante com progresso (390)');
      await page.getByRole('button', { name: `${TITLE} (assistir ao vídeo)` }).click();
      await modal.waitFor();
      await modal.getByRole('button', { name: 'Desmarcar como concluída' }).waitFor();
      await viewportShot(page, 'mapa-iniciante-aula-390');
      await expectAccessible(page, 'mapa do iniciante: aula (390)');
      // The backdrop closes it.
      await page.mouse.click(4, PHONE.height - 4);
      await modal.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
