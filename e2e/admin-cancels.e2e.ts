import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { E2E_CHECKOUT_URL, E2E_SUPPORT_URL } from './global-setup';
import { createMember, E2E_ADMIN, loginThroughForm, newPage, screenshot, setupBrowser } from './helpers';

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
