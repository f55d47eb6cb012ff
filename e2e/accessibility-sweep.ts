import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_TABS } from '../src/client/features/dashboard/tabs';
import { expectAccessible } from './axe';
import {
  baseUrl,
  createMember,
  E2E_ADMIN,
  loginThroughForm,
  newPage,
  screenshot,
  settle,
  setupBrowser,
} from './helpers';
import { type LoopbackShop, startLoopbackShop } from './loopback-shop';
import { expectSupportBubbleClear } from './support-bubble';

/**
 * Every screen that exists today, signed out, as a member and as the administrator, at one width: axe-core finds
 * no serious or critical violation and the console shows no CSP violation. accessibility-desktop.e2e.ts (1440 px)
 * and accessibility-phone.e2e.ts (390 px) each run it, so the two widths run side by side in the browser suite.
 */

/** Dashboard tabs with their own screen; every other tab that is not 'Em breve' shows 'Em construção'. */
const BUILT_TABS = [
  'ofertas-escaladas',
  'favoritos',
  'subir-oferta',
  'slug-checker',
  'comunidade',
  'ranking',
  'divulgacao',
  'criptografar-texto',
  'creative-masker',
  'image-masker',
  'organizador-bibliotecas',
  'quebrar-cloaker',
  'clonador',
  'otimizador-campanhas',
  'validador-criativo',
  'calls-ao-vivo',
  'mapa-iniciante',
  'fabrica-criativos',
  'gerador-vsl',
  'criador-produtos',
  'criador-upsells',
];
const UNDER_CONSTRUCTION_TABS = DASHBOARD_TABS.filter(
  (tab) => !tab.comingSoon && !BUILT_TABS.includes(tab.id),
).map((tab) => tab.id);
const ADMIN_TABS = [
  'escaladas',
  'dashboard',
  'ranking',
  'usuarios',
  'banners',
  'notificacoes',
  'webhooks',
  'calls',
  'mapa-iniciante',
  'ofertas-usuarios',
  'producao',
];

export function accessibilitySweep(viewport: { width: number; height: number }): () => Browser {
  const browser = setupBrowser();

  let memberEmail = '';
  let offerId = '';
  let userOfferId = '';
  /** A shop on 127.0.0.1 the slug checker scans (the e2e server allows private targets). */
  let shop: LoopbackShop;

  afterAll(async () => {
    await shop?.close();
  });

  beforeAll(async () => {
    shop = await startLoopbackShop();
    const { context, page } = await newPage(browser());
    memberEmail = await createMember(page, 'Ana Acessível');
    const headers = { origin: baseUrl() };
    const login = await page.request.post('/api/auth/login', {
      data: { email: memberEmail, password: 'segredo123' },
      headers,
    });
    expect(login.status()).toBe(200);
    const offers = await (await page.request.get('/api/offers')).json();
    offerId = offers.items[0].id;
    // A real image (the server decodes uploads): 64x64 green PNG.
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 34, g: 197, b: 94 } },
    })
      .png()
      .toBuffer();
    const upload = await page.request.post('/api/uploads/creative', {
      headers,
      multipart: { file: { name: 'criativo.png', mimeType: 'image/png', buffer: png } },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const { url } = await upload.json();
    const submitted = await page.request.post('/api/user-offers', {
      headers,
      data: {
        creative: url,
        creativeType: 'image',
        productTitle: 'Oferta Acessível E2E',
        advertiserLink: 'https://anunciante-e2e.com.br',
        creativeLink: 'https://anunciante-e2e.com.br/criativo',
        libraryLink: 'https://anunciante-e2e.com.br/biblioteca',
        siteLink: 'https://anunciante-e2e.com.br/vsl',
        status: 'escalando',
        format: 'VSL',
        language: 'Português',
        niche: 'Renda Extra',
        ads: 80,
        roas: 2.4,
        ticket: 147,
      },
    });
    expect(submitted.status(), await submitted.text()).toBe(201);
    userOfferId = (await submitted.json()).id;
    await context.close();
  });

  async function visit(page: Page, path: string, name: string) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await settle(page);
    await expectAccessible(page, name);
  }

  async function openTab(page: Page, id: string) {
    // By its address (a stored tab could be overwritten by a dashboard still mounting from the login).
    await page.goto(`/dashboard?tab=${id}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe(id);
    await settle(page);
  }

  describe(`accessibility at ${viewport.width} px`, () => {
    it('the public screens', async () => {
      const { context, page } = await newPage(browser(), viewport);
      await visit(page, '/home', 'landing');
      await visit(page, '/login', 'login');
      // The form's error state: messages and aria-invalid fields.
      await page.getByRole('button', { name: 'Entrar' }).click();
      await page
        .getByText(/e-?mail/i)
        .nth(1)
        .waitFor();
      await expectAccessible(page, 'login com erros');
      await visit(page, '/register', 'cadastro');
      await visit(page, '/forgot-password', 'recuperar senha');
      await visit(page, '/redefinir-senha?token=x', 'redefinir senha');
      await page.goto('/verificar-email?uid=00000000-0000-0000-0000-000000000000&token=123456');
      await page.waitForFunction(() => !document.body.textContent?.includes('Verificando seu e-mail'));
      await settle(page);
      await expectAccessible(page, 'verificar e-mail (link inválido)');
      await visit(page, '/pagina-que-nao-existe', 'não encontrada');
      await context.close();
    });

    it('the member screens', async () => {
      const { context, page } = await newPage(browser(), viewport);
      await loginThroughForm(page, memberEmail, 'segredo123');
      await page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
      await page.locator('article').first().waitFor();
      await settle(page);
      await expectAccessible(page, 'catálogo');
      // On a phone the help bubble must never cover a control of any screen, at any scroll position.
      const phone = viewport.width < 768;
      if (phone) await expectSupportBubbleClear(page, 'catálogo');

      for (const tab of BUILT_TABS.slice(1)) {
        await openTab(page, tab);
        await expectAccessible(page, `aba ${tab}`);
        if (phone) await expectSupportBubbleClear(page, `aba ${tab}`);
      }
      // The slug checker with results: a scan of the local shop (R$ 1,00 of the welcome credit at each width).
      await openTab(page, 'slug-checker');
      await page.getByLabel('Domínio').fill(shop.origin);
      await page.getByRole('button', { name: 'Verificar Slugs' }).click();
      await page.getByText('Verificação Completa').first().waitFor({ timeout: 60_000 });
      await page.getByRole('tab', { name: /^Redirecionamentos/ }).click();
      await page.getByRole('tabpanel').getByRole('listitem').first().waitFor();
      await settle(page);
      await screenshot(page, `slug-checker-${viewport.width}`);
      await expectAccessible(page, 'aba slug-checker com resultados');
      // Each 'Em construção' tab once (the panel is the same component at both widths).
      for (const tab of viewport.width > 1000
        ? UNDER_CONSTRUCTION_TABS
        : UNDER_CONSTRUCTION_TABS.slice(0, 1)) {
        await openTab(page, tab);
        await expectAccessible(page, `aba ${tab}`);
      }
      await openTab(page, 'ofertas-escaladas');
      await page.getByRole('button', { name: /menu do perfil/i }).click();
      await page.getByRole('menuitem', { name: 'Sair da Conta' }).waitFor();
      await expectAccessible(page, 'menu do perfil');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /^Notificações/ }).click();
      await page.getByRole('dialog').waitFor();
      await expectAccessible(page, 'notificações');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Ajuda e suporte' }).click();
      await page.getByRole('menu').waitFor();
      await expectAccessible(page, 'menu de suporte');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: /Cores dos anúncios/ }).click();
      await page.getByRole('dialog').waitFor();
      await expectAccessible(page, 'legenda dos anúncios');
      await page.keyboard.press('Escape');

      await visit(page, `/detalhes-oferta/${offerId}`, 'detalhe da oferta');
      await page.getByRole('button', { name: 'Report Status' }).click();
      await page.getByRole('dialog').waitFor();
      await expectAccessible(page, 'votar status');
      await page.keyboard.press('Escape');

      await visit(page, '/adicionar-oferta', 'adicionar oferta');
      await visit(page, '/perfil', 'perfil');
      // The PIX modal (sandbox): the form, its errors, then the charge with the QR code.
      await page.getByRole('button', { name: 'Adicionar Saldo' }).click();
      const pix = page.getByRole('dialog', { name: 'Adicionar Saldo' });
      await pix.waitFor();
      await expectAccessible(page, 'PIX: formulário');
      await pix.getByRole('button', { name: 'Gerar PIX' }).click();
      await pix.getByText('CPF deve ter no mínimo 11 dígitos').waitFor();
      await expectAccessible(page, 'PIX: formulário com erros');
      await pix.getByLabel('CPF').fill('529.982.247-25');
      await pix.getByRole('button', { name: 'Gerar PIX' }).click();
      await pix.getByRole('button', { name: 'Concluir' }).waitFor();
      await pix.getByRole('img', { name: /QR Code do PIX/ }).waitFor();
      await expectAccessible(page, 'PIX: cobrança');
      await page.keyboard.press('Escape');
      await context.close();
      // Every built tab (twenty since #10), a live scan and the menus: far longer than one screen's default, and
      // a busy CI machine can double it.
    }, 360_000);

    it('the administrator screens', async () => {
      const { context, page } = await newPage(browser(), viewport);
      await loginThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
      for (const tab of ADMIN_TABS) {
        await visit(page, tab === 'dashboard' ? '/admin' : `/admin?tab=${tab}`, `admin: ${tab}`);
      }
      await visit(page, `/admin/editar-oferta/${offerId}`, 'editar oferta');
      await visit(page, `/admin/editar-oferta-usuario/${userOfferId}`, 'editar oferta de membro');
      await visit(page, '/nova-oferta', 'nova oferta');
      await context.close();
      // Every admin tab and three edit screens, each checked by axe.
    }, 240_000);
  });

  return browser;
}
