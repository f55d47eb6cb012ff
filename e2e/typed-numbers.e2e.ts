import type { Locator, Page, Request } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, trackPageErrors } from './axe';
import {
  baseUrl,
  createMember,
  E2E_ADMIN,
  loginThroughForm,
  newPage,
  screenshot,
  setupBrowser,
  visitorHeaders,
} from './helpers';
import { embeddedCluster, withClient } from './server-process';

/**
 * Issue #21, point 1: money and metrics typed the Brazilian way, in a Chromium whose language is en-US (as many
 * affiliates and every antidetect browser run it) and in one in pt-BR. Every number field of the app is typed into
 * key by key; what the server stored (SQL) and computed (the analyses, the catalogue card) is checked, and US-style
 * text gets the Portuguese message beside the field with nothing sent. Axe runs on each screen with a message shown
 * at 1440 px in both languages and at 390 px in en-US.
 */
const browser = setupBrowser();
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const MONEY_INVALID = 'Valor inválido. Use vírgula para os centavos, como 1.234,56.';
const run = Date.now().toString(36);

const PNG = await sharp({
  create: { width: 64, height: 64, channels: 3, background: { r: 250, g: 204, b: 21 } },
})
  .png()
  .toBuffer();

let memberEmail = '';
beforeAll(async () => {
  const { context, page } = await newPage(browser());
  memberEmail = await createMember(page, 'Bruna Números');
  await context.close();
});

async function sql<T extends Record<string, unknown>>(query: string, params: unknown[]): Promise<T[]> {
  const cluster = await embeddedCluster(inject('dataDir'));
  return withClient(cluster.url, async (client) => (await client.query(query, params)).rows as T[]);
}

/** A browser whose language is `locale` (navigator, Intl and Accept-Language), signed in as `email`. */
async function signedIn(locale: string, email: string, password: string) {
  const context = await browser().newContext({
    baseURL: baseUrl(),
    viewport: DESKTOP,
    locale,
    extraHTTPHeaders: { ...visitorHeaders(), 'accept-language': locale },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await trackPageErrors(page);
  await loginThroughForm(page, email, password);
  await page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
  expect(await page.evaluate(() => [navigator.language, new Intl.NumberFormat().format(1234.5)])).toEqual([
    locale,
    locale === 'en-US' ? '1,234.5' : '1.234,5',
  ]);
  return { context, page };
}

/** Types key by key, as a member does, then leaves the field. */
async function typeInto(field: Locator, text: string) {
  await field.fill('');
  await field.pressSequentially(text);
  await field.press('Tab');
}

/** The requests the page sends to `path` (to prove that nothing was sent). */
function requestsTo(page: Page, method: string, path: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === method && new URL(r.url()).pathname === path) seen.push(r);
  });
  return seen;
}

/**
 * The screen with a message shown: axe and screenshots at 1440 px, and at 390 px in the en-US run. A toast still
 * fading out is measured half transparent by axe: the check waits for toasts to go first.
 */
async function checkScreen(page: Page, name: string, locale: string) {
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0);
  await expectAccessible(page, `${name} (${locale})`);
  await screenshot(page, `numeros-${name}-${locale}-1440`);
  if (locale !== 'en-US') return;
  await page.setViewportSize(PHONE);
  await expectAccessible(page, `${name} (${locale})`);
  await screenshot(page, `numeros-${name}-${locale}-390`);
  await page.setViewportSize(DESKTOP);
}

/** The field's message, tied to it by aria-describedby. */
async function expectMessageBeside(field: Locator, message: string) {
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  const id = await field.getAttribute('aria-describedby');
  expect(id).toBeTruthy();
  expect(await field.page().locator(`[id="${id}"]`).textContent()).toBe(message);
}

describe.each(['en-US', 'pt-BR'])('in a browser in %s', (locale) => {
  it('Otimizador, Validador and the creators read "97,00", "1.000,00", "1,8" and "0,83" as the member meant', async () => {
    const { context, page } = await signedIn(locale, memberEmail, 'segredo123');

    // Otimizador de Campanhas.
    await page.goto('/dashboard?tab=otimizador-campanhas');
    await page.getByRole('heading', { name: 'Dados do funil' }).waitFor();
    const chats = requestsTo(page, 'POST', '/api/chat');
    await typeInto(page.getByLabel('Ticket do produto principal (R$)'), '97,00');
    await typeInto(page.getByLabel('Ticket do upsell 1 (R$)'), '47');
    await typeInto(page.getByLabel('Conversão do upsell 1 (%)'), '30');
    await typeInto(page.getByLabel('Valor retornado (R$)'), '2.500');
    await typeInto(page.getByLabel('Vendas do produto principal'), '20');
    const spend = page.getByLabel('Valor gasto (R$)');
    await typeInto(spend, '1,000.00');
    await expectMessageBeside(spend, MONEY_INVALID);
    expect(await spend.inputValue()).toBe('1,000.00');
    expect(await page.getByLabel('ROI (calculado)').inputValue()).toBe('');
    await page.getByRole('button', { name: 'Analisar Campanha' }).click();
    await page.getByText('Confira os dados').first().waitFor();
    await checkScreen(page, 'otimizador-erro', locale);
    expect(chats).toHaveLength(0);

    await typeInto(spend, '1.000,00');
    expect(await page.getByLabel('Valor retornado (R$)').inputValue()).toBe('2.500,00');
    expect(await page.getByLabel('Ticket do upsell 1 (R$)').inputValue()).toBe('47,00');
    expect(await page.getByLabel('ROI (calculado)').inputValue()).toBe('150%');
    await checkScreen(page, 'otimizador-formatado', locale);
    const sent = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/chat');
    await page.getByRole('button', { name: 'Analisar Campanha' }).click();
    expect((await sent).postDataJSON().dados).toEqual({
      ticketPrincipal: 97,
      upsell1Ticket: 47,
      upsell1Conversao: 30,
      upsellsAdicionais: [],
      valorGasto: 1000,
      valorRetornado: 2500,
      vendasPrincipal: 20,
    });
    const chat = page.getByRole('list', { name: 'Conversa com a IA' });
    await chat
      .getByText(/Ticket do produto principal: R\$\s97,00/)
      .first()
      .waitFor();
    await chat
      .getByText(/Valor gasto: R\$\s1\.000,00/)
      .first()
      .waitFor();
    // 2500 / 1000 = 2,50x; CPA 1000 / 20 = 50,00; AOV 97 + 47 × 30% = 111,10.
    await chat.getByText('ROAS: 2,50x', { exact: false }).waitFor();
    await chat.getByText(/CPA: R\$\s50,00 por venda \(20 vendas\)/).waitFor();
    await chat.getByText(/Ticket médio com upsells: R\$\s111,10 por venda/).waitFor();
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('otimizador-campanhas:dados') ?? '{}')),
    ).toMatchObject({ ticketPrincipal: 97, valorGasto: 1000, valorRetornado: 2500, roi: 150 });
    await page.getByRole('button', { name: 'Limpar Dados' }).click();

    // Validador de Criativo.
    await page.goto('/dashboard?tab=validador-criativo');
    await page.getByRole('heading', { name: 'Seus criativos' }).waitFor();
    const validations = requestsTo(page, 'POST', '/api/validar-criativos');
    await page.getByRole('button', { name: 'Adicionar Criativo' }).click();
    const first = page.getByRole('group', { name: 'Criativo 1' });
    const second = page.getByRole('group', { name: 'Criativo 2' });
    await first.getByLabel('Nome do criativo').fill('Vídeo');
    await typeInto(first.getByLabel('Quanto gastou (R$)'), '350,00');
    await typeInto(first.getByLabel('Quanto voltou (R$)'), '700,00');
    await typeInto(first.getByLabel('Cliques'), '1.200');
    await typeInto(first.getByLabel('IC (inícios de checkout)'), '24');
    await typeInto(first.getByLabel('CTR (%)'), '1,8');
    await typeInto(first.getByLabel('CPM (R$)'), '30,00');
    await typeInto(first.getByLabel('CPC (R$)'), '0,83');
    await second.getByLabel('Nome do criativo').fill('Imagem');
    await typeInto(second.getByLabel('Quanto gastou (R$)'), '100');
    await typeInto(second.getByLabel('Quanto voltou (R$)'), '50');
    await typeInto(second.getByLabel('Cliques'), '400');
    await typeInto(second.getByLabel('CTR (%)'), '1.2');
    await typeInto(second.getByLabel('CPC (R$)'), '1,234.56');
    await expectMessageBeside(second.getByLabel('CPC (R$)'), MONEY_INVALID);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByText('Confira os dados').first().waitFor();
    await checkScreen(page, 'validador-erro', locale);
    expect(validations).toHaveLength(0);

    await typeInto(second.getByLabel('CPC (R$)'), '1,10');
    expect(await first.getByLabel('Cliques').inputValue()).toBe('1.200');
    expect(await first.getByLabel('Quanto gastou (R$)').inputValue()).toBe('350,00');
    const validated = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/validar-criativos');
    await page.getByRole('button', { name: 'Verificar' }).click();
    expect((await validated).postDataJSON().criativos[0]).toEqual({
      nome: 'Vídeo',
      quantoGastou: 350,
      quantoVoltou: 700,
      cliques: 1200,
      ic: 24,
      ctr: 1.8,
      cpm: 30,
      cpc: 0.83,
    });
    const result = page.getByRole('heading', { name: 'Resultado da validação' }).locator('..');
    // 700 / 350 = 2,00x, R$ 350,00 gastos: Escalar.
    await result.getByText(/Vídeo: ROAS 2,00x, lucro de R\$\s350,00 \(Escalar\)/).waitFor();
    await result
      .getByText(/CTR de 1,8%/)
      .first()
      .waitFor();
    await result
      .getByText(/CPC de R\$\s0,83/)
      .first()
      .waitFor();
    await result
      .getByText(/1\.200 cliques e 24 IC com R\$\s350,00 gastos e R\$\s700,00 de retorno/)
      .waitFor();
    await page.getByRole('button', { name: 'Limpar Dados' }).click();

    // Gerador de VSL.
    await page.goto('/dashboard?tab=gerador-vsl');
    await page.getByRole('heading', { name: 'Modelos de roteiro' }).waitFor();
    await page.getByRole('button', { name: /^Problema e Solução/ }).click();
    await page.getByLabel('Nome do produto', { exact: true }).fill('Método Números');
    await page.getByLabel('Nicho', { exact: true }).selectOption('Saúde');
    const vslPrice = page.getByLabel('Preço (R$)', { exact: true });
    await typeInto(vslPrice, '1,497.00');
    await expectMessageBeside(vslPrice, MONEY_INVALID);
    expect(await page.getByRole('button', { name: 'Gerar Roteiro' }).isDisabled()).toBe(true);
    await checkScreen(page, 'vsl-erro', locale);
    await typeInto(vslPrice, '1.497');
    expect(await vslPrice.inputValue()).toBe('1.497,00');
    await page.getByRole('button', { name: 'Gerar Roteiro' }).click();
    const script = page.getByRole('textbox', { name: 'Roteiro gerado' });
    await script.waitFor({ timeout: 15_000 });
    expect(await script.inputValue()).toContain('por apenas R$ 1.497,00.');

    // Criador de Produtos: price and bonus value.
    await page.goto('/dashboard?tab=criador-produtos');
    await page.getByRole('heading', { name: 'Informações básicas' }).waitFor();
    const productPrice = page.getByLabel('Preço (R$)', { exact: true });
    await typeInto(productPrice, '297.5');
    expect(await productPrice.inputValue()).toBe('297,50');
    await page.getByRole('button', { name: 'Adicionar Bônus' }).click();
    const bonusValue = page.getByLabel('Valor (R$)', { exact: true });
    await typeInto(bonusValue, '47,000');
    await expectMessageBeside(bonusValue, 'Valor inválido. Use no máximo 2 casas decimais, como 1.234,56.');
    await checkScreen(page, 'criador-produtos-erro', locale);
    await typeInto(bonusValue, '1.047');
    expect(await bonusValue.inputValue()).toBe('1.047,00');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Produto salvo!').first().waitFor();
    expect(
      await page.evaluate(() => {
        const { draft } = JSON.parse(localStorage.getItem('criador-produtos:rascunho') ?? '{}');
        return [draft.price, draft.bonuses[0].value];
      }),
    ).toEqual([297.5, 1047]);
    await page.evaluate(() => localStorage.removeItem('criador-produtos:rascunho'));

    // Criador de Upsells: the discount from Brazilian prices.
    await page.goto('/dashboard?tab=criador-upsells');
    await page.getByRole('heading', { name: 'Produto principal' }).waitFor();
    await typeInto(page.getByLabel('Preço do produto principal (R$)', { exact: true }), '197,00');
    await typeInto(page.getByLabel('Preço original (R$)', { exact: true }), '1.497,00');
    await typeInto(page.getByLabel('Preço do upsell (R$)', { exact: true }), '997');
    // (1497 - 997) / 1497 = 33,4% -> 33%.
    expect(await page.getByRole('status', { name: 'Desconto' }).textContent()).toBe('33%');
    const upsellPrice = page.getByLabel('Preço do upsell (R$)', { exact: true });
    await typeInto(upsellPrice, '997.000,00');
    expect(await page.getByRole('status', { name: 'Desconto' }).textContent()).toBe('');
    await typeInto(upsellPrice, '997,000.00');
    await expectMessageBeside(upsellPrice, MONEY_INVALID);
    await checkScreen(page, 'criador-upsells-erro', locale);
    await context.close();
  }, 240_000);

  it('Subir Oferta, the administrator’s edit and /nova-oferta store what was typed; the card and PIX agree', async () => {
    const title = `Oferta digitada ${locale} ${run}`;
    const member = await signedIn(locale, memberEmail, 'segredo123');

    // Subir Oferta: "1,234.56" is refused beside the field and nothing is sent; "147,90" is stored as 14790 cents.
    await member.page.goto('/dashboard?tab=subir-oferta');
    await member.page.getByLabel(/^Título da oferta/).waitFor();
    const submissions = requestsTo(member.page, 'POST', '/api/user-offers');
    await member.page
      .getByTestId('creative-input')
      .setInputFiles({ name: 'criativo.png', mimeType: 'image/png', buffer: PNG });
    await member.page.getByRole('button', { name: 'Trocar arquivo' }).waitFor();
    await member.page.getByLabel(/^Título da oferta/).fill(title);
    await member.page.getByLabel(/^Link do anunciante/).fill('https://numeros-e2e.com.br');
    await member.page.getByLabel(/^Link do criativo/).fill('https://numeros-e2e.com.br/criativo');
    await member.page.getByLabel(/^Link da biblioteca/).fill('https://numeros-e2e.com.br/biblioteca');
    await member.page.getByLabel(/^Link do site/).fill('https://numeros-e2e.com.br/vsl');
    await member.page.getByLabel(/^Status/).selectOption('escalando');
    await member.page.getByLabel(/^Formato/).selectOption('VSL');
    await member.page.getByLabel(/^Idioma/).selectOption('Português');
    await member.page.getByLabel(/^Nicho/).selectOption('Renda Extra');
    await typeInto(member.page.getByLabel(/^Anúncios ativos/), '1.234');
    await typeInto(member.page.getByLabel(/^ROAS/), '3,4');
    const ticket = member.page.getByLabel(/^Ticket médio/);
    await typeInto(ticket, '1,234.56');
    await expectMessageBeside(ticket, MONEY_INVALID);
    await member.page.getByRole('button', { name: 'Enviar para revisão' }).click();
    await member.page
      .getByText('Ticket médio deve ser um número positivo. Use vírgula para os centavos, como 1.234,56.')
      .waitFor();
    await checkScreen(member.page, 'subir-oferta-erro', locale);
    expect(submissions).toHaveLength(0);
    await typeInto(ticket, '147,90');
    expect(await member.page.getByLabel(/^Anúncios ativos/).inputValue()).toBe('1.234');
    await member.page.getByRole('button', { name: 'Enviar para revisão' }).click();
    await member.page.getByText('Oferta enviada com sucesso!').first().waitFor();
    const [submitted] = await sql<{ id: string; ads: number; roas: string; ticket_cents: number }>(
      'select id, ads, roas, ticket_cents from user_escalated_offers where product_title = $1',
      [title],
    );
    expect(submitted).toMatchObject({ ads: 1234, ticket_cents: 14790 });
    expect(Number(submitted!.roas)).toBe(3.4);

    // The administrator's edit of the submission shows the numbers pt-BR and stores the new ones.
    const admin = await signedIn(locale, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.page.goto(`/admin/editar-oferta-usuario/${submitted!.id}`);
    const adminTicket = admin.page.getByLabel(/^Ticket médio/);
    await adminTicket.waitFor();
    expect(await adminTicket.inputValue()).toBe('147,90');
    expect(await admin.page.getByLabel(/^ROAS/).inputValue()).toBe('3,4');
    expect(await admin.page.getByLabel(/^Anúncios ativos/).inputValue()).toBe('1.234');
    await typeInto(admin.page.getByLabel(/^ROAS/), '4.25');
    await typeInto(adminTicket, '1.234,56');
    await admin.page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await admin.page.getByText('Oferta atualizada').first().waitFor();
    const [edited] = await sql<{ roas: string; ticket_cents: number }>(
      'select roas, ticket_cents from user_escalated_offers where id = $1',
      [submitted!.id],
    );
    expect(edited!.ticket_cents).toBe(123456);
    expect(Number(edited!.roas)).toBe(4.25);
    const approved = await admin.page.evaluate(
      async (id) => (await fetch(`/api/admin/user-offers/${id}/approve`, { method: 'POST' })).status,
      submitted!.id,
    );
    expect(approved).toBe(200);

    // The catalogue card after approval: the ticket with its cents (never rounded), ROAS with its 'x'.
    await member.page.goto('/dashboard?tab=ofertas-escaladas');
    await member.page.getByLabel('Buscar ofertas').fill(title);
    const card = member.page
      .locator('article')
      .filter({ has: member.page.getByRole('link', { name: title }) });
    await card.getByText(/R\$\s1\.234/).waitFor();
    await card.getByText('4,25x').waitFor();
    expect(await card.getByText(/R\$\s1\.234/).textContent()).toMatch(/^R\$\s1\.234,56$/);

    // /nova-oferta: US-style text refused, Brazilian text stored as cents.
    const scaledTitle = `Oferta admin digitada ${locale} ${run}`;
    await admin.page.goto('/nova-oferta');
    await admin.page.getByLabel(/^Título/).waitFor();
    const published = requestsTo(admin.page, 'POST', '/api/offers');
    await admin.page.getByLabel(/^Título/).fill(scaledTitle);
    await admin.page.getByLabel(/^Status/).selectOption('escalando');
    await admin.page.getByLabel(/^Formato/).selectOption('Quiz');
    await admin.page.getByLabel(/^Idioma/).selectOption('Português');
    await admin.page.getByLabel(/^Nicho/).selectOption('Emagrecimento');
    await admin.page.getByLabel(/^Link do anunciante/).fill('https://admin-numeros.com.br');
    await admin.page.getByLabel(/^Link do criativo/).fill('https://admin-numeros.com.br/c');
    await admin.page.getByLabel(/^Link da biblioteca/).fill('https://admin-numeros.com.br/b');
    await admin.page.getByLabel(/^Link do site/).fill('https://admin-numeros.com.br/s');
    await typeInto(admin.page.getByLabel(/^Anúncios ativos/), '2.000');
    await typeInto(admin.page.getByLabel(/^ROAS/), '2,75x');
    const scaledTicket = admin.page.getByLabel(/^Ticket médio/);
    await typeInto(scaledTicket, '97.00.0');
    await expectMessageBeside(scaledTicket, MONEY_INVALID);
    await admin.page.getByRole('button', { name: 'Publicar oferta' }).click();
    await admin.page
      .getByText('Ticket deve ser um número positivo. Use vírgula para os centavos, como 1.234,56.')
      .waitFor();
    await checkScreen(admin.page, 'nova-oferta-erro', locale);
    expect(published).toHaveLength(0);
    await typeInto(scaledTicket, 'R$ 97,00');
    expect(await scaledTicket.inputValue()).toBe('97,00');
    await admin.page.getByRole('button', { name: 'Publicar oferta' }).click();
    await admin.page.getByText('Oferta publicada com sucesso!').first().waitFor();
    const [scaled] = await sql<{ ads: number; roas: string; ticket_cents: number }>(
      'select ads, roas, ticket_cents from offers where product_title = $1',
      [scaledTitle],
    );
    expect(scaled).toMatchObject({ ads: 2000, ticket_cents: 9700 });
    expect(Number(scaled!.roas)).toBe(2.75);

    // The users table's days filter: "1.000" is a thousand days (shown "1.000" when left), "1,5" is refused
    // beside the field and filters nothing.
    await admin.page.goto('/admin?tab=usuarios');
    const minDays = admin.page.getByLabel('Mínimo', { exact: true });
    await minDays.waitFor();
    const listed = requestsTo(admin.page, 'GET', '/api/admin/users');
    await typeInto(minDays, '1.000');
    expect(await minDays.inputValue()).toBe('1.000');
    await expect
      .poll(() => listed.map((r) => new URL(r.url()).searchParams.get('minDays')))
      .toContain('1000');
    await typeInto(minDays, '1,5');
    await expectMessageBeside(
      minDays,
      'Número inválido. Use um número inteiro, sem casas decimais, como 1.234.',
    );
    await checkScreen(admin.page, 'usuarios-dias-erro', locale);
    expect(listed.map((r) => new URL(r.url()).searchParams.get('minDays'))).not.toContain('1.5');
    await admin.context.close();

    // PIX: "1,234.56" refused beside the field; "1.234,56" is a charge of 123456 cents.
    await member.page.goto('/dashboard?tab=slug-checker');
    await member.page.getByRole('button', { name: 'Adicionar Saldo' }).first().click();
    const dialog = member.page.getByRole('dialog', { name: 'Adicionar Saldo' });
    const charges = requestsTo(member.page, 'POST', '/api/pix/charge');
    const amount = dialog.getByLabel('Valor (R$)');
    expect(await amount.inputValue()).toBe('50,00');
    await typeInto(amount, '1,234.56');
    await dialog.getByLabel('Nome completo').fill('Bruna Números');
    await dialog.getByLabel('CPF').fill('529.982.247-25');
    await dialog.getByLabel('Email').fill(memberEmail);
    await expectMessageBeside(amount, MONEY_INVALID);
    await dialog.getByRole('button', { name: 'Gerar PIX' }).click();
    await checkScreen(member.page, 'pix-erro', locale);
    expect(charges).toHaveLength(0);
    await typeInto(amount, '1.234,56');
    await dialog.getByRole('button', { name: 'Gerar PIX' }).click();
    await dialog.getByText(/Valor:\s*R\$\s1\.234,56/).waitFor();
    const [charge] = await sql<{ amount_cents: number }>(
      `select c.amount_cents from pix_charges c join users u on u.id = c.user_id
       where u.email = $1 order by c.created_at desc limit 1`,
      [memberEmail.toLowerCase()],
    );
    expect(charge!.amount_cents).toBe(123456);
    await member.context.close();
  }, 240_000);
});
