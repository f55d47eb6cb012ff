import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { createMember, loginThroughForm, newPage, screenshot, setupBrowser } from './helpers';
import { type LoopbackShop, SHOP_PAGES, SHOP_REDIRECTS, startLoopbackShop } from './loopback-shop';

/**
 * Issue #7 in the browser: a member tops up R$ 50,00 with the sandbox PIX, scans a shop running on 127.0.0.1
 * (the e2e server allows private targets), watches the results arrive, switches tabs and exports the CSV.
 */
const browser = setupBrowser();

let shop: LoopbackShop;
beforeAll(async () => {
  // 40 ms per answer: about 1.400 slugs at 20 in flight take ~3 s, long enough to watch them arrive.
  shop = await startLoopbackShop(40);
});
afterAll(async () => {
  await shop?.close();
});

/** The balance as shown (Intl writes 'R$' and the amount with a no-break space). */
const balanceText = async (page: Page) => {
  const text = await page
    .getByRole('heading', { name: 'Seu saldo' })
    .locator('xpath=..')
    .locator('p')
    .textContent();
  return (text ?? '').replace(/\s+/g, ' ').trim();
};
const tab = (page: Page, name: string) => page.getByRole('tab', { name: new RegExp(`^${name}`) });
const tabCount = async (page: Page, name: string) =>
  Number(((await tab(page, name).textContent()) ?? '').replace(/\D+/g, ''));
/** Vitest's expect.poll waits 1 s by default; a loaded machine needs longer. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const rows = (page: Page) => page.getByRole('tabpanel').getByRole('listitem');

async function exportCsv(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

describe('the slug checker', () => {
  it('top up R$ 50,00 in sandbox, scan a local site, watch results arrive, switch tabs, export the CSV', async () => {
    const { context, page } = await newPage(browser());
    const email = await createMember(page, 'Sofia Slugs');
    await loginThroughForm(page, email, 'segredo123');
    await page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
    await page.getByRole('button', { name: 'Espião de Slugs' }).click();
    await page.getByRole('heading', { name: 'Nova verificação' }).waitFor();
    await poll(() => balanceText(page)).toBe('R$ 3,00');
    await poll(() => page.getByText('R$ 1,00 por verificação').count()).toBe(1);

    // PIX top-up in sandbox: form, charge, 'Concluir', balance refreshed, modal closes by itself.
    await page.getByRole('button', { name: 'Adicionar Saldo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Saldo' });
    await dialog.getByLabel('Valor (R$)').fill('50,00');
    await dialog.getByLabel('Nome completo').fill('Sofia Slugs');
    await dialog.getByLabel('CPF').fill('529.982.247-25');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Gerar PIX' }).click();
    await dialog.getByText('Modo de teste').first().waitFor();
    await expectAccessible(page, 'PIX gerado');
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    await page.getByText('Pagamento confirmado! Saldo atualizado com sucesso').first().waitFor();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    await poll(() => balanceText(page)).toBe('R$ 53,00');

    // The scan: progress and results on screen while it runs.
    await page.getByLabel('Domínio').fill(shop.origin);
    await page.getByRole('button', { name: 'Verificar Slugs' }).click();
    await page.getByRole('button', { name: 'Parar' }).waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector('[role="progressbar"]') !== null &&
        Number(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')) > 0 &&
        document.querySelectorAll('[role="tabpanel"] li').length > 0,
      undefined,
      { timeout: 20_000, polling: 50 },
    );
    await screenshot(page, 'slug-checker-running');
    await page.getByText('Verificação Completa').first().waitFor({ timeout: 60_000 });
    await poll(() => page.getByRole('progressbar').count()).toBe(0);
    await poll(() => balanceText(page)).toBe('R$ 52,00');

    // Tabs: the shop's three pages, its two redirects, the 404s with the errors; 10 per page.
    const total = await tabCount(page, 'Todos');
    expect(total).toBeGreaterThan(1300);
    expect(await tabCount(page, 'Válidos')).toBe(SHOP_PAGES.length);
    expect(await tabCount(page, 'Redirecionamentos')).toBe(Object.keys(SHOP_REDIRECTS).length);
    expect(await tabCount(page, 'Erros')).toBe(
      total - SHOP_PAGES.length - Object.keys(SHOP_REDIRECTS).length - 1,
    );
    await poll(() => rows(page).count()).toBe(10);
    await page.getByRole('button', { name: 'Carregar Mais' }).click();
    await poll(() => rows(page).count()).toBe(20);

    await tab(page, 'Redirecionamentos').click();
    await poll(() => rows(page).count()).toBe(2);
    await rows(page).getByText(`${shop.origin}/pagamento?ref=site`).waitFor();
    await tab(page, 'Válidos').click();
    await poll(() => rows(page).count()).toBe(SHOP_PAGES.length);
    await screenshot(page, 'slug-checker-results');

    const valid = await exportCsv(page);
    expect(valid.name).toMatch(
      new RegExp(`^slugs_127\\.0\\.0\\.1_${shop.host.split(':')[1]}_\\d{4}-\\d{2}-\\d{2}_validos\\.csv$`),
    );
    const lines = valid.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('URL,Slug,Status,Status Text,Valid,Response Time,Redirect URL');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 5).join(','))).toEqual(
      SHOP_PAGES.map((slug) => `${shop.origin}/${slug},${slug},200,OK,Sim`),
    );

    await tab(page, 'Todos').click();
    const all = await exportCsv(page);
    expect(all.name).toMatch(/^slugs_127\.0\.0\.1_\d+_\d{4}-\d{2}-\d{2}\.csv$/);
    const allLines = all.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(allLines).toHaveLength(total + 1);
    const forbidden = allLines.find((l) => l.startsWith(`${shop.origin}/wp-admin,`)) ?? '';
    expect(forbidden.split(',').slice(1, 5)).toEqual(['wp-admin', '403', 'Proibido', 'Não']);

    // The scan is in the recent list and opens again with the same tabs.
    await page.getByRole('button', { name: 'Nova verificação' }).click();
    await page
      .getByRole('button', { name: new RegExp(`^Abrir verificação de ${shop.host.replace(/\./g, '\\.')}`) })
      .click();
    await page.getByRole('heading', { name: `Resultados: ${shop.host}` }).waitFor();
    expect(await tabCount(page, 'Válidos')).toBe(SHOP_PAGES.length);
    expect(await tabCount(page, 'Todos')).toBe(total);
    await context.close();
  });

  it("'Parar' stops a running scan and keeps what arrived", async () => {
    const { context, page } = await newPage(browser());
    const email = await createMember(page, 'Pedro Para');
    await loginThroughForm(page, email, 'segredo123');
    await page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
    await page.getByRole('button', { name: 'Espião de Slugs' }).click();
    await page.getByLabel('Domínio').fill(shop.origin);
    await page.getByRole('button', { name: 'Verificar Slugs' }).click();
    await page.waitForFunction(
      () => document.querySelectorAll('[role="tabpanel"] li').length > 0,
      undefined,
      {
        timeout: 20_000,
      },
    );
    await page.getByRole('button', { name: 'Parar' }).click();
    await page.getByText('Verificação interrompida').first().waitFor();
    await screenshot(page, 'slug-checker-stopped');
    await page.getByText('Interrompida').first().waitFor();
    const kept = await tabCount(page, 'Todos');
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(1300);
    // The server stored the stopped scan with what it had tested.
    await poll(
      async () => (await page.evaluate(async () => (await fetch('/api/slug-scans')).json())).scans[0],
    ).toMatchObject({
      domain: shop.host,
      status: 'stopped',
    });
    // The recent list shows it stopped too, with what was tested.
    // (Scoped to the list item: the results panel above shows its own 'Interrompida' badge.)
    await page
      .getByRole('listitem')
      .filter({
        has: page.getByRole('button', {
          name: new RegExp(`^Abrir verificação de ${shop.host.replace(/\./g, '\\.')}`),
        }),
      })
      .getByText('Interrompida')
      .waitFor();
    expect(await page.getByRole('button', { name: 'Verificar Slugs' }).count()).toBe(1);
    await context.close();
  });
});
