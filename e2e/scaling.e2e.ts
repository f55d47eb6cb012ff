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
    const secondId = await createOffer(api, { productTitle: `${tag} Dois`, niche: 'Emagrecimento', ads: 40 });
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const shift = (n: number) =>
      new Date(Date.parse(`${today}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

    // The administrator, keyboard only: type, Enter (saves and moves to the next offer), type, Enter.
    // An en-US browser: '1.234' is still read the Brazilian way.
    const admin = await newPage(browser(), undefined, { locale: 'en-US' });
    try {
      await loginThroughForm(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
      await admin.page.getByText('Login realizado com sucesso!').first().waitFor();
      await admin.page.goto('/admin?tab=anuncios');
      // From the tab list to the first count field by Tab alone (once the rows are there).
      await admin.page.locator('table input[data-ad-count]').first().waitFor();
      await admin.page.getByRole('tab', { name: 'Anúncios' }).focus();
      for (let i = 0; i < 4; i++) {
        if (await admin.page.evaluate(() => document.activeElement?.hasAttribute('data-ad-count'))) break;
        await admin.page.keyboard.press('Tab');
      }
      expect(
        await admin.page.evaluate(
          () => document.activeElement === document.querySelector('table input[data-ad-count]'),
        ),
      ).toBe(true);
      const one = admin.page.getByLabel(`${tag} Um`, { exact: true });
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
      const two = admin.page.getByLabel(`${tag} Dois`, { exact: true });
      await two.focus();
      await admin.page.keyboard.type('12,5');
      await admin.page.keyboard.press('Tab');
      expect(await two.getAttribute('aria-invalid')).toBe('true');
      await two.focus();
      await admin.page.keyboard.press('Control+A');
      await admin.page.keyboard.type('30');
      await admin.page.keyboard.press('Tab');
      await two.locator('xpath=ancestor::tr').getByText('Salvo').waitFor();
      // A dated count three days back: a future day is refused beside the field, then the past one is saved.
      await admin.page.getByRole('button', { name: `Contagem retroativa de ${tag} Dois` }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'Contagem retroativa' });
      await dialog.getByLabel('Data').fill(shift(1));
      await dialog.getByLabel('Anúncios ativos').fill('25');
      await dialog.getByRole('button', { name: 'Salvar contagem' }).click();
      await dialog.getByText('A data não pode estar no futuro.').waitFor();
      await dialog.getByLabel('Data').fill(shift(-3));
      await dialog.getByRole('button', { name: 'Salvar contagem' }).click();
      await dialog.waitFor({ state: 'detached' });
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
    const second = (await (await api.get(`/api/offers/${secondId}/ad-history?days=30`)).json()) as {
      points: { date: string; ads: number }[];
    };
    expect(second.points).toEqual([
      { date: shift(-3), ads: 25 },
      { date: today, ads: 30 },
    ]);

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
      // At 390 px, the offer with three days of history draws its sparkline.
      await page.setViewportSize(PHONE);
      const drawn = page.locator('article', { hasText: `${tag} Dois` }).getByTestId('card-sparkline');
      await drawn.waitFor();
      await settle(page);
      await screenshot(page, 'catalogo-tendencias-390');
      await expectAccessible(page, 'catálogo com tendências (390)');
      await page.setViewportSize({ width: 1440, height: 900 });

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
