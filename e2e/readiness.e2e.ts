import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import {
  E2E_ADMIN,
  loginThroughForm,
  newPage,
  screenshot,
  settle,
  setupBrowser,
  waitForMail,
} from './helpers';

/**
 * 'Pronto para produção' in the admin panel, at 1440 and 390 px: the readiness items with their word and fix, a real
 * test e-mail through the suite's SMTP server, and the demo content's removal dialog with its counts (cancelled: the
 * other browser tests share the demo content of this server).
 */
const browser = setupBrowser();
const PHONE = { width: 390, height: 844 };

/** No element reaches past the viewport unless a scroller of its own clips it: the page never scrolls sideways. */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const clipped = (el: Element | null): boolean =>
      !!el && (/(auto|scroll|hidden|clip)/.test(getComputedStyle(el).overflowX) || clipped(el.parentElement));
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !clipped(el.parentElement))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)}`);
  });

async function openReadiness(page: Page) {
  await page.goto('/admin?tab=producao');
  await page.getByRole('heading', { name: 'Pronto para produção' }).waitFor();
  await settle(page);
}

describe('Pronto para produção', () => {
  it('lists the items with their state word and fix, sends a test e-mail, shows the demo counts before removing (1440 px)', async () => {
    const { context, page } = await newPage(browser());
    try {
      await loginThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
      await openReadiness(page);
      const items = page.getByRole('list', { name: 'Itens da verificação' });
      // This suite's server is the local demo: production mode is missing, the demo content is there.
      const mode = items
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Modo produção' }) });
      await expect.poll(() => mode.textContent()).toContain('Falta');
      expect(await mode.textContent()).toContain('Como resolver: Defina CLUB_ENV=production');
      const smtp = items
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'E-mail (SMTP)' }) });
      expect(await smtp.textContent()).toContain('OK');
      await screenshot(page, 'pronto-para-producao-1440');
      await expectAccessible(page, 'admin: Pronto para produção (1440)');

      await smtp.getByRole('button', { name: 'Enviar e-mail de teste' }).click();
      await page.getByText(`E-mail de teste enviado para ${E2E_ADMIN.email}`).waitFor();
      const mail = await waitForMail(E2E_ADMIN.email, (text) =>
        text.includes('E-mail de teste - Clube Escala'),
      );
      expect(mail).toContain('Pronto para produção');

      await page.getByRole('button', { name: 'Remover conteúdo de demonstração' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remover conteúdo de demonstração?' });
      await dialog.getByText('Membros de demonstração').waitFor();
      expect(await dialog.textContent()).toMatch(/Membros de demonstração8/);
      await screenshot(page, 'pronto-para-producao-remover-1440');
      await expectAccessible(page, 'admin: Pronto para produção, remover demonstração (1440)');
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });

  it('reads on a phone (390 px): nothing cut off, accessible, the dialog too', async () => {
    const { context, page } = await newPage(browser(), PHONE);
    try {
      await loginThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
      await openReadiness(page);
      await expect.poll(() => overflowing(page), { timeout: 5_000 }).toEqual([]);
      await screenshot(page, 'pronto-para-producao-390');
      await expectAccessible(page, 'admin: Pronto para produção (390)');
      await page.getByRole('button', { name: 'Remover conteúdo de demonstração' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remover conteúdo de demonstração?' });
      await dialog.getByText('Membros de demonstração').waitFor();
      await screenshot(page, 'pronto-para-producao-remover-390');
      await expectAccessible(page, 'admin: Pronto para produção, remover demonstração (390)');
      await dialog.getByRole('button', { name: 'Cancelar' }).click();
    } finally {
      await context.close();
    }
  });
});
