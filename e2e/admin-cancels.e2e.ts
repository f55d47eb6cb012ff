import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { E2E_CHECKOUT_URL, E2E_SUPPORT_URL } from './global-setup';
import {
  createMember,
  E2E_ADMIN,
  loginThroughForm,
  newPage,
  screenshot,
  settle,
  setupBrowser,
} from './helpers';

const browser = setupBrowser();

describe('the administrator cancels a member', () => {
  it('logs the member out and refuses their next login', async () => {
    const member = await newPage(browser());
    const memberName = `Carlos Cancelado ${Date.now().toString(36)}`;
    const email = await createMember(member.page, memberName);
    await loginThroughForm(member.page, email, 'segredo123');
    await member.page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();

    const admin = await newPage(browser());
    await loginThroughForm(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
    await admin.page.goto('/admin');
    await admin.page.getByRole('tab', { name: 'Usuários', exact: true }).click();
    await admin.page.getByPlaceholder(/buscar/i).fill(email);
    const row = admin.page.getByRole('row', {
      name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    });
    await row.waitFor();
    await screenshot(admin.page, 'admin-users');
    await row.getByRole('button', { name: 'Cancelar' }).click();
    // It asks first, naming the member and what happens.
    const ask = admin.page.getByRole('dialog', { name: 'Cancelar este usuário?' });
    await ask.getByText(`${memberName} (${email}) perde o acesso ao clube agora`, { exact: false }).waitFor();
    await expectAccessible(admin.page, 'confirmar cancelamento');
    await ask.getByRole('button', { name: 'Cancelar usuário' }).click();
    await admin.page.getByText('Usuário cancelado').first().waitFor();

    // The member's session is gone: the next navigation lands on /login.
    await member.page.goto('/dashboard');
    await member.page.waitForURL('**/login');
    await loginThroughForm(member.page, email, 'segredo123');
    const notice = member.page.getByRole('alert').filter({ hasText: 'Você não tem plano ativo no Clube' });
    await notice.waitFor();
    expect(member.page.url()).toContain('/login');
    // The way back in: '/clube' leads to the checkout, 'suporte' to the support chat (redirects of the server).
    expect(await notice.getByRole('link', { name: /\/clube$/ }).getAttribute('href')).toBe('/clube');
    expect(await notice.getByRole('link', { name: 'suporte' }).getAttribute('href')).toBe('/suporte');
    const checkout = await member.page.request.get('/clube', { maxRedirects: 0 });
    expect(checkout.status()).toBe(302);
    expect(checkout.headers().location).toBe(E2E_CHECKOUT_URL);
    const support = await member.page.request.get('/suporte', { maxRedirects: 0 });
    expect(support.headers().location).toBe(E2E_SUPPORT_URL);
    await expectAccessible(member.page, 'aviso de plano inativo');

    await member.context.close();
    await admin.context.close();
  });
});

describe('the owner’s overview', () => {
  it('shows the counters and the charts with their numbers, accessible at 1440 and 390 px', async () => {
    const admin = await newPage(browser());
    await loginThroughForm(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
    await admin.page.goto('/admin?tab=dashboard');
    await admin.page.getByRole('tab', { name: 'Visão geral', exact: true }).waitFor();
    await admin.page.getByText('Total de usuários', { exact: true }).waitFor();
    const paying = admin.page.getByRole('img', { name: 'Membros pagantes' });
    await paying.waitFor();
    expect(await admin.page.getByRole('button', { name: /^Exportar CSV/ }).count()).toBeGreaterThanOrEqual(5);
    // The CSV as Excel pt-BR opens it: a BOM, ';' between columns, each day with its year.
    const [download] = await Promise.all([
      admin.page.waitForEvent('download'),
      admin.page.getByRole('button', { name: 'Exportar CSV: Membros pagantes' }).click(),
    ]);
    const csv = await readFile(await download.path(), 'utf8');
    expect(csv.startsWith('\uFEFFdata;Pagantes\r\n')).toBe(true);
    const lines = csv.trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(30);
    for (const line of lines) expect(line).toMatch(/^\d{2}\/\d{2}\/20\d{2};\d+$/);
    // Each chart's numbers: a real table, one row per day of the default 30 days (plus the header).
    await admin.page.getByText('Ver números').first().click();
    const table = admin.page.getByRole('table', { name: 'Membros pagantes' });
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(31);
    await admin.page.getByRole('button', { name: 'Por mês', exact: true }).click();
    await expect.poll(() => table.getByRole('row').count()).toBeLessThanOrEqual(3);
    await settle(admin.page);
    await screenshot(admin.page, 'admin-overview-1440');
    await expectAccessible(admin.page, 'admin: Visão geral (1440)');
    await admin.page.setViewportSize({ width: 390, height: 844 });
    await settle(admin.page);
    // Nothing scrolls the page sideways (wide tables scroll inside their card).
    await expect
      .poll(
        () =>
          admin.page.evaluate(() => {
            const width = document.documentElement.clientWidth;
            if (document.documentElement.scrollWidth <= width) return [];
            const clipped = (el: Element | null): boolean =>
              !!el &&
              (/(auto|scroll|hidden|clip)/.test(getComputedStyle(el).overflowX) || clipped(el.parentElement));
            return [...document.querySelectorAll('body *')]
              .filter((el) => el.getBoundingClientRect().right > width + 1 && !clipped(el.parentElement))
              .slice(0, 5)
              .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)}`);
          }),
        { timeout: 5_000 },
      )
      .toEqual([]);
    await screenshot(admin.page, 'admin-overview-390');
    await expectAccessible(admin.page, 'admin: Visão geral (390)');
    await admin.context.close();
  });
});
