import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { encryptText } from '../src/client/features/text-encryptor/encrypt-text';
import { expectAccessible } from './axe';
import { baseUrl, createMember, loginThroughForm, newPage, screenshot, setupBrowser } from './helpers';

/**
 * Issue #14, the browser-only tools, as a member uses them at 1440 and 390 px: encrypt a text and copy it,
 * strip a photo's metadata and download the clean copy, check two images in the hider, keep library rows
 * across a reload, and see the cloaker breaker 'EM BREVE'. None of them calls the server: while the tools
 * run, the page asks nothing of /api and nothing of any other origin. Every state passes axe.
 */
const browser = setupBrowser();

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

let memberEmail = '';
let photo: Buffer;
let secondImage: Buffer;

beforeAll(async () => {
  const { context, page } = await newPage(browser());
  memberEmail = await createMember(page, 'Bruna Ferramentas');
  await context.close();
  photo = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#c02860' } })
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15', Artist: 'Bruna Ferramentas' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '23/1 33/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '46/1 38/1 0/1',
      },
    })
    .jpeg()
    .toBuffer();
  secondImage = await sharp({ create: { width: 30, height: 30, channels: 3, background: '#22c55e' } })
    .png()
    .toBuffer();
});

/**
 * What the page requests while a tool is in use (between a tab having settled and the next navigation): any
 * other origin, and any /api call but the notification poll, which the dashboard header makes on its own.
 */
const toolRequests: string[] = [];
let watching = false;
function watchRequests(page: Page) {
  const origin = new URL(baseUrl()).origin;
  page.on('request', (request) => {
    if (!watching) return;
    const url = new URL(request.url());
    if (url.protocol === 'blob:' || url.protocol === 'data:') return;
    if (url.origin !== origin) toolRequests.push(request.url());
    else if (url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/notifications'))
      toolRequests.push(`${request.method()} ${url.pathname}`);
  });
}

async function openTab(page: Page, id: string, heading: string) {
  watching = false;
  await page.goto(`/dashboard?tab=${id}`);
  await page.getByRole('heading', { name: heading }).first().waitFor();
  await page.waitForLoadState('networkidle');
  watching = true;
}

describe('the browser tools', () => {
  for (const viewport of VIEWPORTS) {
    it(`work in the browser without calling the server at ${viewport.width} px`, async () => {
      const { context, page } = await newPage(browser(), viewport);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
      watching = false;
      toolRequests.length = 0;
      watchRequests(page);
      await loginThroughForm(page, memberEmail, 'segredo123');
      await page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
      await page.waitForLoadState('networkidle');

      // Text encryptor.
      await openTab(page, 'criptografar-texto', 'Texto do anúncio');
      await page.getByRole('button', { name: 'Criptografar', exact: true }).click();
      await page.getByText('Por favor, digite algum texto para criptografar.').first().waitFor();
      const text = 'Ganhe R$ 500 por dia!';
      await page.getByLabel('Seu texto').fill(text);
      await page.getByText('21 caracteres de 10.000').waitFor();
      await page.getByRole('button', { name: 'Criptografar', exact: true }).click();
      await page.getByText('Texto criptografado com sucesso!').waitFor();
      expect(await page.getByLabel('Texto criptografado').inputValue()).toBe(encryptText(text));
      await page.getByRole('button', { name: 'Copiar', exact: true }).click();
      await page.getByText('Copiado!').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(encryptText(text));
      await screenshot(page, `criptografar-texto-${viewport.width}`);
      await expectAccessible(page, 'criptografar texto com resultado');

      // Creative masker: a JPEG with GPS, device and author goes in, a clean one comes out.
      await openTab(page, 'creative-masker', 'Remover metadados do criativo');
      await page.getByLabel('Arquivo do criativo').setInputFiles({
        name: 'pagina.html',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('<html><script>alert(1)</script></html>'),
      });
      await page.getByText('Escolha uma imagem JPG, PNG ou GIF ou um vídeo MP4 ou MPEG.').first().waitFor();
      await page
        .getByLabel('Arquivo do criativo')
        .setInputFiles({ name: 'criativo.jpg', mimeType: 'image/jpeg', buffer: photo });
      await page.getByRole('button', { name: 'Remover Metadados' }).click();
      await page.getByText('Localização (GPS)').waitFor();
      await page.getByText('Aparelho: Apple iPhone 15').waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Baixar Imagem Limpa' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('criativo-sem-metadados.jpg');
      const clean = await readFile(await download.path());
      const meta = await sharp(clean).metadata();
      expect(meta.exif).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([60, 40]);
      expect(clean.includes('iPhone')).toBe(false);
      expect(await sharp(clean).raw().toBuffer()).toEqual(await sharp(photo).raw().toBuffer());
      await screenshot(page, `creative-masker-${viewport.width}`);
      await expectAccessible(page, 'mascarar criativo concluído');

      // Creative hider: both images required, then checked; nothing hidden, only the main one downloadable.
      await openTab(page, 'image-masker', 'Escolha as duas imagens');
      await page.getByRole('button', { name: 'Verificar Imagens' }).click();
      await page.getByText('Imagens Obrigatórias').first().waitFor();
      await expectAccessible(page, 'ocultar criativo com erros');
      await page
        .getByLabel('Imagem principal')
        .setInputFiles({ name: 'a.jpg', mimeType: 'image/jpeg', buffer: photo });
      await page
        .getByLabel('Segunda imagem')
        .setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: secondImage });
      await page.getByRole('button', { name: 'Verificar Imagens' }).click();
      await page.getByText(/Nenhuma imagem foi escondida dentro da outra/).waitFor();
      expect(await page.getByRole('button', { name: /^Baixar/ }).allTextContents()).toEqual([
        'Baixar Imagem Principal',
      ]);
      await screenshot(page, `image-masker-${viewport.width}`);
      await expectAccessible(page, 'ocultar criativo concluído');

      // Library organizer: rows survive a reload.
      await openTab(page, 'organizador-bibliotecas', 'Suas bibliotecas');
      await page.getByRole('button', { name: 'Adicionar Linha' }).click();
      await page.getByLabel('Link da biblioteca, linha 1').fill('https://www.facebook.com/ads/library/?id=7');
      await page.getByLabel('Dia 1, linha 1').fill('14 anúncios');
      await page.getByRole('button', { name: 'Adicionar Linha' }).click();
      await page.getByLabel('Link da biblioteca, linha 2').fill('biblioteca sem link');
      await page.getByLabel('Dia 2, linha 2').click();
      await page.getByText('Link da biblioteca deve ser uma URL válida').waitFor();
      await expectAccessible(page, 'organizador com erro');
      watching = false;
      await page.reload();
      await page.getByLabel('Link da biblioteca, linha 1').waitFor();
      await page.waitForLoadState('networkidle');
      watching = true;
      expect(await page.getByLabel('Link da biblioteca, linha 1').inputValue()).toBe(
        'https://www.facebook.com/ads/library/?id=7',
      );
      expect(await page.getByLabel('Dia 1, linha 1').inputValue()).toBe('14 anúncios');
      expect(await page.getByLabel('Link da biblioteca, linha 2').inputValue()).toBe('biblioteca sem link');
      await screenshot(page, `organizador-bibliotecas-${viewport.width}`);
      await expectAccessible(page, 'organizador de bibliotecas');

      // Cloaker breaker: 'EM BREVE'.
      await openTab(page, 'quebrar-cloaker', 'Descobrir a página real');
      expect(await page.getByRole('button', { name: 'EM BREVE', exact: true }).isDisabled()).toBe(true);
      await screenshot(page, `quebrar-cloaker-${viewport.width}`);
      await expectAccessible(page, 'quebrar cloaker');

      watching = false;
      expect(toolRequests).toEqual([]);
      await context.close();
    });
  }
});
