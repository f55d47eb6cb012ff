import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { createMember, E2E_ADMIN, loginThroughForm, newPage, screenshot, setupBrowser } from './helpers';
import { adminApi, createOffer } from './offers';

const browser = setupBrowser();

const cards = (page: Page) => page.locator('article');

describe('the catalogue', () => {
  it('a member searches, filters, sorts, opens a detail page, votes, likes and favourites', async () => {
    const tag = `E2E${Date.now().toString(36)}`;
    const api = await adminApi(browser());
    const bigId = await createOffer(api, {
      productTitle: `${tag} Seca Barriga`,
      niche: 'Emagrecimento',
      ads: 250,
    });
    await createOffer(api, { productTitle: `${tag} Renda no Celular`, niche: 'Renda Extra', ads: 12 });

    const { page } = await newPage(browser());
    const email = await createMember(page, 'Bruna Catálogo');
    await loginThroughForm(page, email, 'segredo123');
    await page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();

    await page.getByLabel('Buscar ofertas').fill(tag);
    // The box writes the URL 300 ms after the last key; then the catalogue asks the server (slow on a loaded CI).
    await page.waitForURL((url) => url.searchParams.get('search') === tag, { timeout: 10_000 });
    await expect.poll(() => cards(page).count(), { timeout: 20_000 }).toBe(2);
    await page.getByLabel('Nicho').selectOption('Emagrecimento');
    await expect.poll(() => cards(page).count(), { timeout: 20_000 }).toBe(1);
    await page.getByText(`${tag} Seca Barriga`).waitFor();
    await page.getByLabel('Nicho').selectOption('');
    await page.getByLabel('Ordenar por').selectOption('ads');
    await expect.poll(() => cards(page).count(), { timeout: 20_000 }).toBe(2);
    await expect.poll(() => cards(page).first().textContent()).toContain(`${tag} Seca Barriga`);
    await page.getByLabel('Ordenar por').selectOption('oldest');
    await expect.poll(() => cards(page).first().textContent()).toContain(`${tag} Seca Barriga`);
    await screenshot(page, 'catalogue-filtered');
    await expectAccessible(page, 'catálogo filtrado');

    await page.getByRole('link', { name: `${tag} Seca Barriga` }).click();
    await page.waitForURL(`**/detalhes-oferta/${bigId}`);
    await page.getByRole('button', { name: 'Curtir oferta' }).first().click();
    await page.getByRole('button', { name: 'Descurtir oferta' }).first().waitFor();
    await page.getByRole('button', { name: 'Adicionar aos favoritos' }).first().click();
    await page.getByRole('button', { name: 'Remover dos favoritos' }).first().waitFor();
    await page.getByRole('button', { name: 'Report Status' }).click();
    await page.getByText('Inativo', { exact: true }).click();
    await page.getByRole('button', { name: 'Enviar voto' }).click();
    await page.getByText('Status reportado').first().waitFor();
    await screenshot(page, 'offer-detail');
    await expectAccessible(page, 'detalhe após votar');

    const detail = await page.evaluate(async (id) => (await fetch(`/api/offers/${id}`)).json(), bigId);
    expect(detail.likeCount).toBe(1);
    expect(detail.likedByMe).toBe(true);
    expect(detail.favoritedByMe).toBe(true);
    expect(detail.myReport).toBe('inativo');
    expect(detail.statusReports).toEqual({ ativo: 0, inativo: 1 });

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Favoritos' }).first().click();
    // The catalogue shows the same card until the Favoritos tab has loaded: wait for the tab, then its grid.
    await page.waitForURL(/[?&]tab=favoritos/);
    await page.getByText(`${tag} Seca Barriga`).waitFor();
    await expect.poll(() => cards(page).count(), { timeout: 20_000 }).toBe(1);
  });

  it('the administrator hides an offer in the panel and members stop seeing it', async () => {
    const title = `E2E${Date.now().toString(36)} Oferta Ocultável`;
    const api = await adminApi(browser());
    const id = await createOffer(api, { productTitle: title, niche: 'Outros', ads: 5 });

    const admin = await newPage(browser());
    await loginThroughForm(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
    await admin.page.goto('/admin?tab=escaladas');
    const card = admin.page.getByRole('article', { name: title });
    await card.waitFor();
    await card.getByRole('button', { name: 'Ocultar' }).click();
    await admin.page.getByText('Visibilidade alterada').first().waitFor();
    await card.getByRole('button', { name: 'Mostrar' }).waitFor();

    const member = await newPage(browser());
    const email = await createMember(member.page, 'Elisa Oculta');
    await loginThroughForm(member.page, email, 'segredo123');
    await member.page.getByLabel('Buscar ofertas').fill(title);
    await member.page.getByText('Nenhuma oferta encontrada').first().waitFor();
    const status = await member.page.evaluate(
      async (offerId) => (await fetch(`/api/offers/${offerId}`)).status,
      id,
    );
    expect(status).toBe(404);
    await admin.context.close();
    await member.context.close();
  });
});
