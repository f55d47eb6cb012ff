import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFunnelSite } from '../src/server/testing/funnel-sites';
import { expectAccessible } from './axe';
import { createMember, loginThroughForm, newPage, screenshot, settle, setupBrowser } from './helpers';
import { adminApi, createOffer } from './offers';

/**
 * Issue #26 in the browser: a member maps the funnel of an offer whose site runs on 127.0.0.1 (a Hotmart-style
 * funnel in Portuguese), sees its steps with their pictures, tools and checkout; another member reads the same map
 * without paying; the slug checker shows the same funnel for a domain scanned by hand. At 1440 and 390 px, with axe.
 */
const browser = setupBrowser();
const PHONE = { width: 390, height: 844 };
/** Vitest's expect.poll waits 1 s by default; a scan, its one hop and Chromium's pictures need longer. */
const poll = <T>(read: () => T | Promise<T>, timeout = 60_000) =>
  expect.poll(read, { timeout, interval: 500 });

let site: Awaited<ReturnType<typeof startFunnelSite>>;
beforeAll(async () => {
  site = await startFunnelSite('hotmart-pt');
});
afterAll(async () => {
  await site?.close();
});

const step = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

describe('the whole funnel behind an offer', () => {
  it('maps an offer’s funnel once; every member reads it, with pictures, tools and the checkout', async () => {
    const api = await adminApi(browser());
    const title = `Funil E2E ${Date.now().toString(36)}`;
    const offerId = await createOffer(api, {
      productTitle: title,
      niche: 'Emagrecimento',
      ads: 50,
      links: JSON.stringify({ site: site.origin }),
    });

    const first = await newPage(browser());
    try {
      const email = await createMember(first.page, 'Marina Funil');
      await loginThroughForm(first.page, email, 'segredo123');
      await first.page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
      await first.page.goto(`/detalhes-oferta/${offerId}`);
      await first.page.getByText(/Ninguém mapeou o funil desta oferta ainda/).waitFor();
      await first.page.getByText(/Custa R\$\s1,00, uma vez/).waitFor();
      await first.page.getByRole('button', { name: 'Mapear funil' }).click();
      await first.page.getByRole('heading', { name: 'Funil mapeado' }).waitFor({ timeout: 60_000 });
      await step(first.page, 'Checkout').waitFor({ timeout: 60_000 });
      await step(first.page, 'Página de vendas / VSL').waitFor();
      await step(first.page, 'Upsell').waitFor();
      await step(first.page, 'Obrigado').waitFor();
      await first.page.getByText('Hotmart').first().waitFor();
      await first.page
        .getByText(/R\$\s197,00/)
        .first()
        .waitFor();
      // The pictures come after the answer: the screen reads the map again until they are there.
      await poll(() => first.page.getByRole('img', { name: /^Captura da página/ }).count()).toBeGreaterThan(
        2,
      );
      await poll(() => first.page.getByText('Capturando as imagens das páginas…').count()).toBe(0);
      const picture = first.page.getByRole('img', { name: /^Captura da página/ }).first();
      await poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      expect(await first.page.getByRole('button', { name: 'Mapear de novo' }).isDisabled()).toBe(true);
      await settle(first.page);
      await screenshot(first.page, 'funil-oferta-1440');
      await expectAccessible(first.page, 'detalhe da oferta com funil (1440)');
      await first.page.setViewportSize(PHONE);
      await settle(first.page);
      await screenshot(first.page, 'funil-oferta-390');
      await expectAccessible(first.page, 'detalhe da oferta com funil (390)');
      expect(await first.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
        true,
      );
    } finally {
      await first.context.close();
    }

    // Another member reads the same map, free: the button waits for tomorrow.
    const other = await newPage(browser());
    try {
      const email = await createMember(other.page, 'Otávio Leitor');
      await loginThroughForm(other.page, email, 'segredo123');
      await other.page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
      await other.page.goto(`/detalhes-oferta/${offerId}`);
      await step(other.page, 'Checkout').waitFor();
      await other.page.getByText(/Mapeado por/).waitFor();
      await other.page.getByText('Marina Funil', { exact: true }).waitFor();
      expect(await other.page.getByRole('button', { name: 'Mapear de novo' }).isDisabled()).toBe(true);
    } finally {
      await other.context.close();
    }
  }, 180_000);

  it('the slug checker shows a scanned domain’s funnel by step, with the flat list and CSV below', async () => {
    const { page, context } = await newPage(browser());
    try {
      const email = await createMember(page, 'Sérgio Slugs');
      await loginThroughForm(page, email, 'segredo123');
      await page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
      await page.goto('/dashboard?tab=slug-checker');
      await page.getByRole('heading', { name: 'Nova verificação' }).waitFor();
      await page.getByLabel('Domínio').fill(site.origin);
      await page.getByRole('button', { name: 'Verificar Slugs' }).click();
      await page.getByRole('heading', { name: 'Funil encontrado' }).waitFor({ timeout: 60_000 });
      await step(page, 'Checkout').waitFor();
      await step(page, 'Área de membros').waitFor();
      await page.getByRole('button', { name: 'Exportar CSV' }).waitFor();
      await poll(() => page.getByText('Capturando as imagens das páginas…').count()).toBe(0);
      // The 'Verificação Completa' toast fading in is not the screen (axe measures it mid-animation).
      await poll(() => page.locator('[data-sonner-toast]').count(), 15_000).toBe(0);
      await settle(page);
      await screenshot(page, 'funil-slugs-1440');
      await expectAccessible(page, 'espião de slugs com funil (1440)');
      await page.setViewportSize(PHONE);
      await settle(page);
      await screenshot(page, 'funil-slugs-390');
      await expectAccessible(page, 'espião de slugs com funil (390)');
    } finally {
      await context.close();
    }
  }, 180_000);
});
