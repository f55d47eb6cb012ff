import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import {
  baseUrl,
  createMember,
  E2E_ADMIN,
  loginThroughForm,
  newPage,
  screenshot,
  settle,
  setupBrowser,
} from './helpers';
import { adminApi, createOffer } from './offers';

const browser = setupBrowser();
const PHONE = { width: 390, height: 844 };

describe('which offer is scaling now', () => {
  it('the administrator types today’s counts by keyboard; the member sees the momentum, filters by it and reads the chart', async () => {
    const tag = `Escala${Date.now().toString(36)}`;
    const api = await adminApi(browser());
    const firstId = await createOffer(api, { productTitle: `${tag} Um`, niche: 'Emagrecimento', ads: 100 });
    await createOffer(api, { productTitle: `${tag} Dois`, niche: 'Emagrecimento', ads: 40 });

    // The administrator, keyboard only: type, Enter (saves and moves to the next offer), type, Enter.
    const admin = await newPage(browser());
    try {
      await loginThroughForm(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
      await admin.page.getByText('Login realizado com sucesso!').first().waitFor();
      await admin.page.goto('/admin?tab=anuncios');
      const one = admin.page.getByLabel(`${tag} Um`);
      await one.focus();
      await admin.page.keyboard.type('1.234');
      await expect.poll(() => one.locator('xpath=ancestor::tr').textContent()).toContain('+1.134');
      await admin.page.keyboard.press('Enter');
      await one.locator('xpath=ancestor::tr').getByText('Salvo').waitFor();
      // Enter moved the focus to the next offer's field.
      expect(await admin.page.evaluate(() => document.activeElement?.hasAttribute('data-ad-count'))).toBe(
        true,
      );
      expect(await one.evaluate((el) => el === document.activeElement)).toBe(false);
      const two = admin.page.getByLabel(`${tag} Dois`);
      await two.focus();
      await admin.page.keyboard.type('12,5');
      await admin.page.keyboard.press('Tab');
      expect(await two.getAttribute('aria-invalid')).toBe('true');
      await two.focus();
      await admin.page.keyboard.press('Control+A');
      await admin.page.keyboard.type('30');
      await admin.page.keyboard.press('Tab');
      await two.locator('xpath=ancestor::tr').getByText('Salvo').waitFor();
      await settle(admin.page);
      await screenshot(admin.page, 'admin-anuncios-1440');
      await expectAccessible(admin.page, 'admin: Anúncios (1440)');
      await admin.page.setViewportSize(PHONE);
      await settle(admin.page);
      await screenshot(admin.page, 'admin-anuncios-390');
      await expectAccessible(admin.page, 'admin: Anúncios (390)');
    } finally {
      await admin.context.close();
    }

    const history = await api.get(`/api/offers/${firstId}/ad-history?days=30`);
    const body = (await history.json()) as { points: { ads: number }[] };
    expect(body.points.at(-1)?.ads).toBe(1234);

    // The member: both new offers are 'Novo' (first seen today); the chart shows today's count.
    const { context, page } = await newPage(browser());
    try {
      const email = await createMember(page, 'Bruno Tendência');
      await loginThroughForm(page, email, 'segredo123');
      await page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
      await page.getByLabel('Buscar ofertas').fill(tag);
      await expect.poll(() => page.locator('article').count(), { timeout: 10_000 }).toBe(2);
      await page.getByLabel('Tendência').selectOption('novo');
      await expect.poll(() => page.locator('article').count(), { timeout: 10_000 }).toBe(2);
      await page.getByLabel('Tendência').selectOption('escalando');
      await expect.poll(() => page.locator('article').count(), { timeout: 10_000 }).toBe(0);
      await page.getByLabel('Tendência').selectOption('');
      const card = page.locator('article', { hasText: `${tag} Um` });
      await card.getByText('Tendência: Novo').waitFor();
      await settle(page);
      await expectAccessible(page, 'catálogo com tendências (1440)');

      await card.getByRole('link', { name: `${tag} Um` }).click();
      const chart = page.getByRole('region', { name: 'Anúncios ativos ao longo do tempo' });
      await chart.getByText(/1\.234 anúncios em/).waitFor();
      await chart.getByRole('button', { name: '90 dias' }).click();
      expect(await chart.getByRole('button', { name: '90 dias' }).getAttribute('aria-pressed')).toBe('true');
      await settle(page);
      await screenshot(page, 'detalhe-grafico-1440');
      await expectAccessible(page, 'detalhe com o gráfico (1440)');
      await page.setViewportSize(PHONE);
      await settle(page);
      await screenshot(page, 'detalhe-grafico-390');
      await expectAccessible(page, 'detalhe com o gráfico (390)');
      expect(new URL(page.url(), baseUrl()).pathname).toBe(`/detalhes-oferta/${firstId}`);
    } finally {
      await context.close();
    }
  });
});
