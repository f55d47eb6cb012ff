import { describe, expect, it } from 'vitest';
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
    await admin.page.getByText('Usuário cancelado').first().waitFor();

    // The member's session is gone: the next navigation lands on /login.
    await member.page.goto('/dashboard');
    await member.page.waitForURL('**/login');
    await loginThroughForm(member.page, email, 'segredo123');
    await member.page.getByText(/Você não tem plano ativo no Clube/).waitFor();
    expect(member.page.url()).toContain('/login');

    await member.context.close();
    await admin.context.close();
  });
});
