import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import {
  newPage,
  readVerificationCode,
  screenshot,
  sendLastlinkEvent,
  setupBrowser,
  uniqueEmail,
} from './helpers';

const browser = setupBrowser();

describe('a buyer becomes a member', () => {
  it('purchase by webhook -> register -> verify with the mailed code -> login -> dashboard -> logout', async () => {
    const email = uniqueEmail('maria');
    const res = await sendLastlinkEvent('Purchase_Order_Confirmed', email.toUpperCase(), 'Maria Souza');
    expect(res.status).toBe(200);

    const { context, page } = await newPage(browser());
    await page.goto('/register');
    await page.getByLabel('Nome').fill('Maria Souza');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('segredo123');
    await page.getByLabel('Confirmar Senha').fill('segredo123');
    await page.getByRole('button', { name: 'Criar Conta' }).click();

    await page.getByText('Verificar Email').first().waitFor();
    await screenshot(page, 'register-verify-step');
    await expectAccessible(page, 'verificar e-mail');
    const code = await readVerificationCode(email);
    await page.getByLabel(/código/i).fill(code);
    await page.getByRole('button', { name: 'Verificar Conta Manualmente' }).click();
    await page.waitForURL('**/login');

    await page.getByLabel(/e-?mail/i).fill(email);
    await page.getByLabel('Senha', { exact: true }).fill('segredo123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText('Login realizado com sucesso!').waitFor();
    await page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
    await screenshot(page, 'dashboard');
    await expectAccessible(page, 'dashboard após login');

    const me = await page.evaluate(async () => (await fetch('/api/auth/user')).json());
    expect(me.email).toBe(email);
    expect(me.balance).toBe(3);

    await page
      .getByRole('button', { name: /menu do perfil|perfil/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Sair da Conta' }).click();
    await page.waitForURL('**/login');
    const after = await page.evaluate(async () => (await fetch('/api/auth/user')).status);
    expect(after).toBe(401);
    await context.close();
  });

  it('refuses login for an e-mail without a purchase', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/login');
    await page.getByLabel(/e-?mail/i).fill(uniqueEmail('sem.compra'));
    await page.getByLabel('Senha', { exact: true }).fill('qualquer123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByText(/Você não tem plano ativo no Clube/).waitFor();
    expect(page.url()).toContain('/login');
    await screenshot(page, 'login-no-purchase');
    await expectAccessible(page, 'aviso sem plano');
    await context.close();
  });
});
