import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { createMember, loginThroughForm, newPage, screenshot, setupBrowser } from './helpers';

/**
 * Issue #10, the campaign optimizer and the creative validator as a member uses them at 1440 and 390 px, on the
 * server's own engine (no language model in the browser tests): the analysis shows the real figures, the data
 * survives a reload, and every state passes axe.
 */
const browser = setupBrowser();

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

let memberEmail = '';

beforeAll(async () => {
  const { context, page } = await newPage(browser());
  memberEmail = await createMember(page, 'Carla Análise');
  await context.close();
});

describe.each(VIEWPORTS)('at $width px', (viewport) => {
  it('the optimizer: form, saved data, analysis with the real figures, Nova Análise and Limpar Dados', async () => {
    const { context, page } = await newPage(browser(), viewport);
    await loginThroughForm(page, memberEmail, 'segredo123');
    await page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
    await page.goto('/dashboard?tab=otimizador-campanhas');
    await page.getByRole('heading', { name: 'Dados do funil' }).waitFor();
    await expectAccessible(page, `otimizador ${viewport.width}`);

    await page.getByLabel('Ticket do produto principal (R$)').fill('97');
    await page.getByLabel('Ticket do upsell 1 (R$)').fill('47');
    await page.getByLabel('Conversão do upsell 1 (%)').fill('30');
    await page.getByRole('button', { name: 'Adicionar upsell' }).click();
    await page.getByLabel('Ticket do upsell 2 (R$)').fill('197');
    await page.getByLabel('Conversão do upsell 2 (%)').fill('10');
    await page.getByLabel('Valor gasto (R$)').fill('1000');
    await page.getByLabel('Valor retornado (R$)').fill('2500');
    await page.getByLabel('Vendas do produto principal').fill('20');
    expect(await page.getByLabel('ROI (calculado)').inputValue()).toBe('150%');
    await screenshot(page, `otimizador-form-${viewport.width}`);

    // The data survives a reload (local storage).
    await page.reload();
    await page.getByRole('heading', { name: 'Dados do funil' }).waitFor();
    expect(await page.getByLabel('Conversão do upsell 2 (%)').inputValue()).toBe('10');

    await page.getByRole('button', { name: 'Analisar Campanha' }).click();
    const chat = page.getByRole('list', { name: 'Conversa com a IA' });
    await chat.waitFor();
    // 2500 / 1000 = 2,50x; AOV 97 + 47 × 30% + 197 × 10% = 130,80; CPA 1000 / 20 = 50,00.
    await chat.getByText('ROAS: 2,50x', { exact: false }).waitFor();
    await chat.getByText(/Ticket médio com upsells: R\$\s130,80 por venda/).waitFor();
    await chat.getByText(/CPA: R\$\s50,00 por venda \(20 vendas\)/).waitFor();
    await chat.getByRole('heading', { name: 'Recomendações' }).waitFor();
    await screenshot(page, `otimizador-analise-${viewport.width}`);
    await expectAccessible(page, `otimizador análise ${viewport.width}`);

    await page.getByRole('button', { name: 'Nova Análise' }).click();
    expect(await page.getByLabel('Valor gasto (R$)').inputValue()).toBe('1.000,00');
    await page.getByRole('button', { name: 'Limpar Dados' }).click();
    expect(await page.getByLabel('Valor gasto (R$)').inputValue()).toBe('');
    expect(await page.evaluate(() => localStorage.getItem('otimizador-campanhas:dados'))).toBeNull();
    await context.close();
  }, 120_000);

  it('the validator: two creatives, the message for empty cards, the ranking and decisions', async () => {
    const { context, page } = await newPage(browser(), viewport);
    await loginThroughForm(page, memberEmail, 'segredo123');
    await page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
    await page.goto('/dashboard?tab=validador-criativo');
    await page.getByRole('heading', { name: 'Seus criativos' }).waitFor();
    await expectAccessible(page, `validador ${viewport.width}`);

    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByText('Preencha pelo menos um criativo antes de validar').waitFor();

    await page.getByRole('button', { name: 'Adicionar Criativo' }).click();
    const first = page.getByRole('group', { name: 'Criativo 1' });
    const second = page.getByRole('group', { name: 'Criativo 2' });
    await first.getByLabel('Nome do criativo').fill('Vídeo depoimento');
    await first.getByLabel('Quanto gastou (R$)').fill('100');
    await first.getByLabel('Quanto voltou (R$)').fill('250');
    await first.getByLabel('Cliques').fill('200');
    await first.getByLabel('IC (inícios de checkout)').fill('20');
    await first.getByLabel('CTR (%)').fill('2');
    await first.getByLabel('CPM (R$)').fill('28');
    await first.getByLabel('CPC (R$)').fill('0.5');
    await second.getByLabel('Nome do criativo').fill('Imagem estática');
    await second.getByLabel('Quanto gastou (R$)').fill('100');
    await second.getByLabel('Quanto voltou (R$)').fill('60');
    await second.getByLabel('Cliques').fill('120');
    await second.getByLabel('CTR (%)').fill('1.2');
    await page.getByRole('button', { name: 'Verificar' }).click();

    await page.getByText('Validação Concluída').first().waitFor();
    const result = page.getByRole('heading', { name: 'Resultado da validação' }).locator('..');
    // 250 / 100 = 2,50x (Escalar); 60 / 100 = 0,60x (Cortar).
    await result.getByText(/Vídeo depoimento: ROAS 2,50x, lucro de R\$\s150,00 \(Escalar\)/).waitFor();
    await result.getByText(/Imagem estática: ROAS 0,60x, prejuízo de R\$\s40,00 \(Cortar\)/).waitFor();
    await screenshot(page, `validador-resultado-${viewport.width}`);
    await expectAccessible(page, `validador resultado ${viewport.width}`);

    await page.reload();
    await page.getByRole('heading', { name: 'Seus criativos' }).waitFor();
    expect(
      await page.getByRole('group', { name: 'Criativo 2' }).getByLabel('Nome do criativo').inputValue(),
    ).toBe('Imagem estática');
    await context.close();
  }, 120_000);
});
