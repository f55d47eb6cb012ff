import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import { baseUrl, createMember, loginThroughForm, newPage, screenshot, setupBrowser } from './helpers';

/**
 * Issue #10 (third part), as a member uses them at 1440 and 390 px: the creative factory's PNG, the VSL script
 * (.txt), and the product and upsell plans (kept across a reload, exported as .md). None of them calls the
 * server or another origin. (The beginner map has its own file: beginner-map.e2e.ts.)
 */
const browser = setupBrowser();

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

let memberEmail = '';
beforeAll(async () => {
  const { context, page } = await newPage(browser());
  memberEmail = await createMember(page, 'Gabriela Geradores');
  await context.close();
});

/** What the page asks while the tools are in use: other origins and /api calls. */
function watchRequests(page: Page, state: { watching: boolean; requests: string[] }) {
  const origin = new URL(baseUrl()).origin;
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!state.watching || url.protocol === 'blob:' || url.protocol === 'data:') return;
    if (url.origin !== origin) state.requests.push(request.url());
    else if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/notifications'))
      state.requests.push(`${request.method()} ${url.pathname}`);
  });
}

async function downloadOf(page: Page, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  return { name: download.suggestedFilename(), data: await readFile(await download.path()) };
}

describe('the four generators', () => {
  for (const viewport of VIEWPORTS) {
    it(`work in the browser at ${viewport.width} px`, async () => {
      const mobile = viewport.width < 1000;
      const { context, page } = await newPage(browser(), viewport);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
      const state = { watching: false, requests: [] as string[] };
      watchRequests(page, state);
      await loginThroughForm(page, memberEmail, 'segredo123');
      await page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
      await page.waitForLoadState('networkidle');

      const openTab = async (id: string, heading: string) => {
        state.watching = false;
        await page.goto(`/dashboard?tab=${id}`);
        await page.getByRole('heading', { name: heading }).first().waitFor();
        await page.waitForLoadState('networkidle');
        state.watching = true;
      };

      // The sidebar has no 'Em breve' left: the five tabs are enabled.
      if (!mobile) {
        const nav = page.getByRole('navigation');
        for (const label of [
          'Mapa do Iniciante',
          'Fábrica de Criativos',
          'Gerador de VSL',
          'Criador de Produtos',
          'Criador de Upsells',
        ]) {
          expect(await nav.getByRole('button', { name: label, exact: true }).isEnabled()).toBe(true);
        }
        expect(await nav.getByText('Em breve').count()).toBe(0);
      }

      // Creative factory: a real PNG of the chosen template with the member's text, colours and font.
      await openTab('fabrica-criativos', 'Modelos');
      const [templateName, size] = mobile
        ? (['Story do Instagram', [1080, 1920]] as const)
        : (['Post para Redes Sociais', [1080, 1080]] as const);
      await page.getByRole('button', { name: mobile ? 'Story' : 'Social', exact: true }).click();
      expect(await page.getByRole('button', { name: /px\.$/ }).count()).toBe(1);
      await page.getByRole('button', { name: new RegExp(`^${templateName}`) }).click();
      expect(await page.getByRole('button', { name: 'Gerar Criativo' }).isDisabled()).toBe(true);
      await page.getByLabel('Nome do criativo', { exact: true }).fill('Oferta Relâmpago');
      await page.getByLabel('Texto', { exact: true }).fill('Frete grátis só hoje para todo o Brasil');
      await page.getByLabel('Cor primária', { exact: true }).fill('#22c55e');
      await page.getByLabel('Cor secundária', { exact: true }).fill('#101828');
      await page.getByLabel('Fonte', { exact: true }).selectOption('Roboto');
      await page.getByLabel('Tamanho da fonte', { exact: true }).selectOption('20');
      await page.getByRole('button', { name: 'Gerar Criativo' }).click();
      const preview = page.getByRole('img', {
        name: new RegExp(`^${templateName} com o título "Oferta Relâmpago"`),
      });
      await preview.waitFor();
      const png = await downloadOf(page, 'Baixar PNG');
      expect(png.name).toBe(`oferta-relampago-${mobile ? 'story-instagram' : 'post-social'}.png`);
      expect(png.data.subarray(1, 4).toString('latin1')).toBe('PNG');
      const meta = await sharp(png.data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', ...size]);
      // The body text is white on the #101828 panel: many near-white pixels prove it was drawn.
      const { data: pixels, info } = await sharp(png.data)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      let white = 0;
      let green = 0;
      for (let i = 0; i < pixels.length; i += info.channels) {
        const [r, g, b] = [pixels[i]!, pixels[i + 1]!, pixels[i + 2]!];
        if (r > 230 && g > 230 && b > 230) white++;
        if (r === 0x22 && g === 0xc5 && b === 0x5e) green++;
      }
      expect(white).toBeGreaterThan(2000);
      expect(green).toBeGreaterThan(2000);
      await screenshot(page, `fabrica-criativos-${viewport.width}`);
      await expectAccessible(page, 'fábrica de criativos com imagem');
      await page.getByRole('button', { name: 'Visualizar' }).click();
      await page.getByRole('dialog', { name: 'Oferta Relâmpago' }).waitFor();
      await expectAccessible(page, 'fábrica de criativos: visualizar');
      await page.keyboard.press('Escape');

      // VSL generator: 3 s of generation, then the script; Copy and the .txt carry the member's text.
      await openTab('gerador-vsl', 'Modelos de roteiro');
      await page.getByRole('button', { name: /^História Pessoal/ }).click();
      await page.getByLabel('Nome do produto', { exact: true }).fill('Método Seca Rápido');
      await page.getByLabel('Preço (R$)', { exact: true }).fill('197,90');
      await page.getByLabel('Nicho', { exact: true }).selectOption('Saúde');
      await page.getByLabel('Tom', { exact: true }).selectOption('Inspirador');
      await page.getByLabel('Problema principal', { exact: true }).fill('inchaço e cansaço');
      await page.getByRole('button', { name: 'Gerar Roteiro' }).click();
      await page.getByText('Escrevendo o seu roteiro...').waitFor();
      const script = page.getByRole('textbox', { name: 'Roteiro gerado' });
      await script.waitFor({ timeout: 15_000 });
      const scriptText = await script.inputValue();
      expect(scriptText).toContain('ROTEIRO DE VSL: Método Seca Rápido');
      expect(scriptText).toContain('por apenas R$ 197,90.');
      expect(scriptText).toContain('[240-300s] CHAMADA PARA AÇÃO');
      await page.getByRole('button', { name: 'Copiar' }).click();
      await page.getByText('Copiado!').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(scriptText);
      const txt = await downloadOf(page, 'Baixar .txt');
      expect(txt.name).toBe('roteiro-vsl-metodo-seca-rapido.txt');
      expect(txt.data.toString('utf8')).toBe(scriptText);
      await screenshot(page, `gerador-vsl-${viewport.width}`);
      await expectAccessible(page, 'gerador de VSL com roteiro');

      // Product creator: Save survives a reload; Export is the Markdown with the member's text.
      await openTab('criador-produtos', 'Informações básicas');
      await page.getByLabel('Nome do produto', { exact: true }).fill('Método *Seca*');
      await page.getByLabel('Tipo', { exact: true }).selectOption('Curso Online');
      await page.getByLabel('Preço (R$)', { exact: true }).fill('297');
      await page.getByLabel('Nome do módulo', { exact: true }).fill('Boas-vindas');
      await page.getByRole('button', { name: 'Adicionar Módulo' }).click();
      await page
        .getByRole('group', { name: 'Módulo 2' })
        .getByLabel('Nome do módulo', { exact: true })
        .fill('Cardápio');
      await page.getByRole('button', { name: 'Adicionar Bônus' }).click();
      await page.getByLabel('Nome do bônus', { exact: true }).fill('Grupo VIP');
      await page.getByLabel('Valor (R$)', { exact: true }).fill('47');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.getByText('Produto salvo!').waitFor();
      state.watching = false;
      await page.reload();
      await page.getByLabel('Nome do bônus', { exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      state.watching = true;
      expect(await page.getByLabel('Nome do produto', { exact: true }).inputValue()).toBe('Método *Seca*');
      expect(
        await page
          .getByRole('group', { name: 'Módulo 2' })
          .getByLabel('Nome do módulo', { exact: true })
          .inputValue(),
      ).toBe('Cardápio');
      const productMd = await downloadOf(page, 'Exportar');
      expect(productMd.name).toBe('produto-metodo-seca.md');
      const productText = productMd.data.toString('utf8');
      expect(productText).toContain('# Método \\*Seca\\*\n');
      expect(productText).toContain('### Módulo 2: Cardápio');
      expect(productText).toContain('### Bônus 1: Grupo VIP\n\n- **Valor:** R$ 47,00');
      await screenshot(page, `criador-produtos-${viewport.width}`);
      await expectAccessible(page, 'criador de produtos');
      await page.getByRole('button', { name: 'Visualizar' }).click();
      await page.getByRole('dialog', { name: 'Prévia do produto' }).waitFor();
      await expectAccessible(page, 'criador de produtos: prévia');
      await page.keyboard.press('Escape');

      // Upsell creator: the discount follows the prices; Save survives a reload; Export is the Markdown.
      await openTab('criador-upsells', 'Produto principal');
      await page.getByLabel('Nome do produto principal', { exact: true }).fill('Método Seca');
      await page.getByLabel('Nome do upsell', { exact: true }).fill('Mentoria VIP');
      await page.getByLabel('Preço original (R$)', { exact: true }).fill('997');
      await page.getByLabel('Preço do upsell (R$)', { exact: true }).fill('497');
      await page.getByRole('status', { name: 'Desconto' }).getByText('50%').waitFor();
      await page.getByLabel('Benefício 1 do upsell 1', { exact: true }).fill('4 encontros ao vivo');
      await page.getByLabel('Urgência', { exact: true }).selectOption('Oferta única');
      await page.getByRole('button', { name: 'Salvar' }).click();
      await page.getByText('Estratégia salva!').waitFor();
      state.watching = false;
      await page.reload();
      await page.getByLabel('Nome do upsell', { exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      state.watching = true;
      expect(await page.getByLabel('Nome do upsell', { exact: true }).inputValue()).toBe('Mentoria VIP');
      expect(await page.getByRole('status', { name: 'Desconto' }).textContent()).toBe('50%');
      const upsellMd = await downloadOf(page, 'Exportar');
      expect(upsellMd.name).toBe('upsells-metodo-seca.md');
      const upsellText = upsellMd.data.toString('utf8');
      expect(upsellText).toContain('### Upsell 1: Mentoria VIP');
      expect(upsellText).toContain('- **Desconto:** 50%');
      expect(upsellText).toContain('- 4 encontros ao vivo');
      await screenshot(page, `criador-upsells-${viewport.width}`);
      await expectAccessible(page, 'criador de upsells');

      state.watching = false;
      expect(state.requests).toEqual([]);
      await context.close();
    }, 150_000);
  }
});
