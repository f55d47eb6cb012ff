import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe';
import { baseUrl, createMember, loginThroughForm, newPage, screenshot, setupBrowser } from './helpers';
import { type LoopbackShop, SHOP_PAGES, SHOP_REDIRECTS, startLoopbackShop } from './loopback-shop';
import { embeddedCluster, withClient } from './server-process';

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
/** The count badge at the end of a tab ('Não encontradas (404)' has digits in its label). */
const tabCount = async (page: Page, name: string) =>
  Number(((await tab(page, name).locator('span').last().textContent()) ?? '').replace(/\D+/g, ''));
/** Vitest's expect.poll waits 1 s by default; a loaded machine needs longer. */
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });
const rows = (page: Page) => page.getByRole('tabpanel').getByRole('listitem');

async function exportCsv(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar CSV' }).click(),
  ]);
  const bytes = await readFile(await download.path());
  return { name: download.suggestedFilename(), bytes, text: bytes.toString('utf8') };
}

describe('the slug checker', () => {
  it('top up R$ 50,00 in sandbox, scan a local site, watch results arrive, switch tabs, export the CSV', async () => {
    const { context, page } = await newPage(browser());
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
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

    // Tabs: opened on the shop's three pages; its two redirects; the 404s apart from the one real error (403).
    expect(await tab(page, 'Válidos').getAttribute('aria-selected')).toBe('true');
    await poll(() => rows(page).count()).toBe(SHOP_PAGES.length);
    const total = await tabCount(page, 'Todos');
    expect(total).toBeGreaterThan(1300);
    expect(await tabCount(page, 'Válidos')).toBe(SHOP_PAGES.length);
    expect(await tabCount(page, 'Redirecionamentos')).toBe(Object.keys(SHOP_REDIRECTS).length);
    const notFound = total - SHOP_PAGES.length - Object.keys(SHOP_REDIRECTS).length - 1;
    expect(await tabCount(page, 'Não encontradas')).toBe(notFound);
    expect(await tabCount(page, 'Erros')).toBe(1);
    await screenshot(page, 'slug-checker-results');
    await expectAccessible(page, 'Resultados do Espião de Slugs');
    // On a phone: the five tabs scroll sideways inside their strip, never widening the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await tab(page, 'Erros').scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'slug-checker-results-390');
    await expectAccessible(page, 'Resultados do Espião de Slugs (celular)');
    await page.setViewportSize({ width: 1440, height: 900 });

    // 'Copiar Todas' copies the whole open tab (every 404, not the ten shown), with the spec's toast.
    await tab(page, 'Não encontradas').click();
    await poll(() => rows(page).count()).toBe(10);
    await page.getByRole('button', { name: 'Copiar Todas' }).click();
    await page.getByText('URLs Copiadas').first().waitFor();
    const copied = (await page.evaluate(() => navigator.clipboard.readText())).split('\n');
    expect(copied).toHaveLength(notFound);
    expect(copied).toContain(`${shop.origin}/obrigado2`);
    expect(copied).not.toContain(`${shop.origin}/wp-admin`);
    await page.getByRole('button', { name: 'Carregar Mais' }).click();
    await poll(() => rows(page).count()).toBe(20);

    await tab(page, 'Erros').click();
    await poll(() => rows(page).count()).toBe(1);
    await rows(page).getByText(`${shop.origin}/wp-admin`).waitFor();
    await tab(page, 'Redirecionamentos').click();
    await poll(() => rows(page).count()).toBe(2);
    await rows(page).getByText(`${shop.origin}/pagamento?ref=site`).waitFor();
    await tab(page, 'Válidos').click();
    await poll(() => rows(page).count()).toBe(SHOP_PAGES.length);

    const valid = await exportCsv(page);
    expect(valid.name).toMatch(
      new RegExp(`^slugs_127\\.0\\.0\\.1_${shop.host.split(':')[1]}_\\d{4}-\\d{2}-\\d{2}_validos\\.csv$`),
    );
    const lines = valid.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(valid.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(lines[0]).toBe('URL;Slug;Status;Status Text;Valid;Response Time;Redirect URL');
    expect(lines.slice(1).map((l) => l.split(';').slice(0, 5).join(';'))).toEqual(
      SHOP_PAGES.map((slug) => `${shop.origin}/${slug};${slug};200;OK;Sim`),
    );

    await tab(page, 'Todos').click();
    const all = await exportCsv(page);
    expect(all.name).toMatch(/^slugs_127\.0\.0\.1_\d+_\d{4}-\d{2}-\d{2}\.csv$/);
    const allLines = all.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(allLines).toHaveLength(total + 1);
    const forbidden = allLines.find((l) => l.startsWith(`${shop.origin}/wp-admin;`)) ?? '';
    expect(forbidden.split(';').slice(1, 5)).toEqual(['wp-admin', '403', 'Proibido', 'Não']);

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

  it('a scan whose instance died shows as interrupted with the R$ 1,00 given back (axe-clean)', async () => {
    const { context, page } = await newPage(browser());
    const email = await createMember(page, 'Ines Interrompida');
    await loginThroughForm(page, email, 'segredo123');
    await page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
    // As a killed instance leaves it: charged, 'running', its lease lapsed (the server's sweeper takes it).
    const cluster = await embeddedCluster(inject('dataDir'));
    await withClient(cluster.url, async (client) => {
      await client.query('begin');
      const { rows } = await client.query(
        'update users set balance_cents = balance_cents - 100 where email = $1 returning id, balance_cents',
        [email],
      );
      const { id, balance_cents } = rows[0] as { id: string; balance_cents: number };
      const scan = await client.query(
        `insert into slug_scans (user_id, domain, origin, cost_cents, total_tested, total_slugs, lease_owner, lease_expires_at)
         values ($1, 'loja-morta.com.br', 'https://loja-morta.com.br', 100, 321, 1377, 'instancia-morta', now() - interval '1 second')
         returning id`,
        [id],
      );
      await client.query(
        `insert into balance_ledger (user_id, amount_cents, balance_after_cents, reason, reference)
         values ($1, -100, $2, 'slug_check', $3)`,
        [id, balance_cents, `slug_scan:${scan.rows[0].id}`],
      );
      await client.query('commit');
    });
    await page.getByRole('button', { name: 'Espião de Slugs' }).click();
    await page.getByRole('heading', { name: 'Verificações recentes' }).waitFor();
    await page.getByText(/^Interrompida — R\$\s1,00 devolvido ao seu saldo$/).waitFor({ timeout: 30_000 });
    await page.reload();
    await page.getByRole('heading', { name: 'Verificações recentes' }).waitFor();
    await poll(() => balanceText(page)).toBe('R$ 3,00');
    await page.getByText(/^Interrompida — R\$\s1,00 devolvido ao seu saldo$/).waitFor();
    await screenshot(page, 'slug-checker-interrupted-refunded');
    await expectAccessible(page, 'verificação interrompida e estornada');
    await context.close();
  });
});
