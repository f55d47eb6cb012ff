import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { createMember, E2E_ADMIN, loginThroughForm, newPage, screenshot, setupBrowser } from './helpers';

const browser = setupBrowser();

// A real image (the server decodes every upload): a 64x64 PNG.
const PNG = await sharp({
  create: { width: 64, height: 64, channels: 3, background: { r: 34, g: 197, b: 94 } },
})
  .png()
  .toBuffer();

describe('member submissions', () => {
  it('a member submits an offer with an image; the administrator approves it; it is in the catalogue and the member has 10 more points', async () => {
    const title = `Oferta do Membro E2E ${Date.now().toString(36)}`;
    const member = await newPage(browser());
    const email = await createMember(member.page, 'Diego Submissão');
    await loginThroughForm(member.page, email, 'segredo123');
    await member.page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
    const pointsBefore = await member.page.evaluate(
      async () => (await (await fetch('/api/auth/user')).json()).points,
    );

    await member.page.getByRole('button', { name: 'Subir Oferta' }).first().click();
    await member.page
      .getByTestId('creative-input')
      .setInputFiles({ name: 'criativo.png', mimeType: 'image/png', buffer: PNG });
    await member.page.getByRole('button', { name: 'Trocar arquivo' }).waitFor();
    await member.page.getByLabel(/^Título da oferta/).fill(title);
    await member.page.getByLabel(/^Link do anunciante/).fill('https://anunciante-e2e.com.br');
    await member.page.getByLabel(/^Link do criativo/).fill('https://anunciante-e2e.com.br/criativo');
    await member.page.getByLabel(/^Link da biblioteca/).fill('https://anunciante-e2e.com.br/biblioteca');
    await member.page.getByLabel(/^Link do site/).fill('https://anunciante-e2e.com.br/vsl');
    await member.page.getByLabel(/^Status/).selectOption('escalando');
    await member.page.getByLabel(/^Formato/).selectOption('VSL');
    await member.page.getByLabel(/^Idioma/).selectOption('Português');
    await member.page.getByLabel(/^Nicho/).selectOption('Renda Extra');
    await member.page.getByLabel(/^Anúncios ativos/).fill('80');
    await member.page.getByLabel(/^ROAS/).fill('2.4');
    await member.page.getByLabel(/^Ticket médio/).fill('147');
    await screenshot(member.page, 'submit-offer');
    await expectAccessible(member.page, 'formulário preenchido');
    await member.page.getByRole('button', { name: 'Enviar para revisão' }).click();
    await member.page.getByText('Oferta enviada com sucesso!').first().waitFor();

    const admin = await newPage(browser());
    await loginThroughForm(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
    await admin.page.goto('/admin?tab=ofertas-usuarios');
    const card = admin.page.getByRole('article', { name: title });
    await card.waitFor();
    await screenshot(admin.page, 'admin-pending-offers');
    await card.getByRole('button', { name: 'Aprovar' }).click();
    await admin.page.getByText('Oferta aprovada').first().waitFor();

    await member.page.goto('/dashboard');
    await member.page.getByRole('button', { name: 'Ofertas Escaladas' }).first().click();
    await member.page.getByLabel('Buscar ofertas').fill(title);
    await member.page.getByRole('link', { name: title }).waitFor();
    const me = await member.page.evaluate(async () => (await fetch('/api/auth/user')).json());
    expect(me.points).toBe(pointsBefore + 10);

    await member.context.close();
    await admin.context.close();
  });
});
