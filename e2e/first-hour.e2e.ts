import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import {
  api,
  baseUrl,
  createMember,
  E2E_ADMIN,
  loginThroughForm,
  newPage,
  screenshot,
  sendLastlinkEvent,
  settle,
  setupBrowser,
  uniqueEmail,
  waitForMail,
} from './helpers';

const browser = setupBrowser();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
/** A date as the app shows it (formatDate: pt-BR, in the browser's time zone, which may be UTC at 21:00 in São Paulo). */
const shownDay = (page: Page, at: Date) =>
  page.evaluate(
    (iso) =>
      new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(
        new Date(iso),
      ),
    at.toISOString(),
  );

describe('buying, from the landing page', () => {
  for (const [viewport, locale] of [
    [DESKTOP, 'pt-BR'],
    [PHONE, 'en-US'],
  ] as const) {
    it(`shows what the club holds, the plans with their prices and a buy button (${viewport.width} px, ${locale})`, async () => {
      const context = await browser().newContext({ baseURL: baseUrl(), viewport, locale });
      const page = await context.newPage();
      await page.goto('/home');
      await page.getByRole('heading', { name: 'O que tem no Clube Escala' }).waitFor();
      const plans = page.locator('#planos');
      await plans.getByRole('heading', { name: 'Mentoria Mensal' }).waitFor();
      // Prices from the configuration (defaults 97,00 and 497,00), in pt-BR whatever the browser's language.
      await expect.poll(() => plans.textContent()).toMatch(/R\$\s97,00/);
      expect(await plans.textContent()).toMatch(/R\$\s497,00/);
      expect(await plans.textContent()).toMatch(/Equivale a R\$\s82,83 por mês/);
      const monthly = plans.getByRole('link', { name: 'Assinar Mentoria Mensal' });
      expect(await monthly.getAttribute('href')).toBe('/clube?plano=mensal');
      expect(await plans.getByRole('link', { name: 'Assinar Mentoria Semestral' }).getAttribute('href')).toBe(
        '/clube?plano=semestral',
      );
      // The spec's headline and button stay.
      await page.getByRole('heading', { name: /Descubra URLs Ativas e/ }).waitFor();
      expect(await page.getByRole('link', { name: 'Começar Agora' }).getAttribute('href')).toBe('/register');
      // Nothing wider than the screen (a phone must not scroll sideways).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await plans.scrollIntoViewIfNeeded();
      await screenshot(page, `landing-planos-${viewport.width}`);
      await expectAccessible(page, 'landing com planos');
      await context.close();
    });
  }
});

/** Signs a member in on a new page; returns the page and its context. */
async function signedIn(email: string, viewport = DESKTOP) {
  const { context, page } = await newPage(browser(), viewport);
  await loginThroughForm(page, email, 'segredo123');
  await page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
  return { context, page };
}

describe("the member's plan and password on /perfil", () => {
  it('shows the plan and its dates from the webhooks, and changes the password, ending the other sessions', async () => {
    const setup = await newPage(browser());
    const email = await createMember(setup.page, 'Paula Plano');
    await setup.context.close();
    const renewal = new Date(Date.now() + 30 * 86_400_000);
    expect(
      (
        await sendLastlinkEvent('Recurrent_Payment', email, 'Paula Plano', {
          nextBilling: renewal.toISOString(),
        })
      ).status,
    ).toBe(200);

    const phone = await signedIn(email, PHONE);
    const other = await signedIn(email);
    await phone.page.goto('/perfil');
    const card = phone.page
      .locator('section, div')
      .filter({ has: phone.page.getByRole('heading', { name: 'Assinatura' }) })
      .last();
    await card.getByText('Mentoria Mensal').waitFor();
    await card
      .getByText(await shownDay(phone.page, new Date()))
      .first()
      .waitFor();
    await card.getByText(await shownDay(phone.page, renewal)).waitFor();
    await settle(phone.page);
    await screenshot(phone.page, 'perfil-390');
    await expectAccessible(phone.page, 'perfil com assinatura');

    await phone.page.getByRole('button', { name: 'Alterar senha' }).click();
    await phone.page.getByLabel('Senha atual').fill('senha-errada');
    await phone.page.getByLabel('Nova senha', { exact: true }).fill('nova-senha-456');
    await phone.page.getByLabel('Confirmar nova senha').fill('nova-senha-456');
    await phone.page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await phone.page.getByText('Senha atual incorreta').waitFor();
    await expectAccessible(phone.page, 'alterar senha com erro');
    await phone.page.getByLabel('Senha atual').fill('segredo123');
    await phone.page.getByRole('button', { name: 'Salvar nova senha' }).click();
    await phone.page.getByText('Senha alterada', { exact: true }).first().waitFor();

    // This phone stays signed in; the other browser's session ended.
    await phone.page.reload();
    await phone.page.getByRole('heading', { name: 'Meu Perfil' }).waitFor();
    await other.page.goto('/dashboard');
    await other.page.waitForURL('**/login');
    await loginThroughForm(other.page, email, 'segredo123');
    await other.page
      .getByText(/incorret|inválid/i)
      .first()
      .waitFor();
    await loginThroughForm(other.page, email, 'nova-senha-456');
    await other.page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
    const mail = await waitForMail(email, (text) => text.includes('Sua senha foi alterada'));
    expect(mail).toContain('/forgot-password');
    await phone.context.close();
    await other.context.close();
  });

  it('shows when the checkout ended the subscription, instead of a renewal', async () => {
    const setup = await newPage(browser());
    const email = await createMember(setup.page, 'Carla Cancelada');
    await setup.context.close();
    // Cancelled after the purchase createMember sent (dated now); the date the card shows is this CanceledDate.
    const canceledOn = new Date(Date.now() + 1000);
    expect(
      (
        await sendLastlinkEvent('Subscription_Canceled', email, 'Carla Cancelada', {
          subscription: { Id: 'sub-e2e', CanceledDate: canceledOn.toISOString() },
        })
      ).status,
    ).toBe(200);
    // The cancellation ended the account; the administrator reactivates it (the purchase stays ended).
    const admin = await newPage(browser());
    await loginThroughForm(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
    const found = await api(admin.page, 'GET', `/api/admin/users?search=${encodeURIComponent(email)}`);
    const [user] = found.body.items as Array<{ id: string; status: string }>;
    expect(user?.status).toBe('Cancelado');
    expect(
      (await api(admin.page, 'PATCH', `/api/admin/users/${user?.id}/status`, { status: 'Ativo' })).status,
    ).toBe(200);
    await admin.context.close();

    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await signedIn(email, viewport);
      await page.goto('/perfil');
      const card = page
        .locator('section, div')
        .filter({ has: page.getByRole('heading', { name: 'Assinatura' }) })
        .last();
      await card.getByText('Assinatura cancelada em').waitFor();
      // The date under its own label ('Membro desde' shows today's date too).
      const ended = card
        .locator('div')
        .filter({ has: page.getByText('Assinatura cancelada em') })
        .last();
      expect(await ended.locator('dd').textContent()).toContain(await shownDay(page, canceledOn));
      await card.getByText(/Sem renovação: o acesso pela assinatura terminou nessa data/).waitFor();
      expect(await card.getByText('Próxima renovação').count()).toBe(0);
      await card.scrollIntoViewIfNeeded();
      await settle(page);
      await screenshot(page, `perfil-cancelada-${viewport.width}`);
      await expectAccessible(page, 'perfil com assinatura cancelada');
      await context.close();
    }
  });
});

describe('a purchase of a product nobody mapped', () => {
  it("reaches the administrator's bell, is flagged in the history and is mapped from there", async () => {
    const productId = `prod-anual-${Date.now().toString(36)}`;
    const buyer = uniqueEmail('anual');
    const product = { Id: productId, Name: 'Clube Escala - Plano Anual' };
    expect(
      (await sendLastlinkEvent('Purchase_Order_Confirmed', buyer, 'Bruno Anual', { product })).status,
    ).toBe(200);

    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await newPage(browser(), viewport);
      await loginThroughForm(page, E2E_ADMIN.email, E2E_ADMIN.password);
      await page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
      await page.getByRole('button', { name: /^Notificações/ }).click();
      const bell = page.getByRole('dialog');
      const notice = bell.getByRole('listitem').filter({ hasText: productId }).first();
      await notice.getByText('Compra de produto sem mapeamento').waitFor();
      expect(await notice.textContent()).toContain('Clube Escala - Plano Anual');
      expect(await notice.textContent()).toContain(buyer);
      await expectAccessible(page, 'sino do administrador');
      await notice.getByRole('link', { name: 'Abrir' }).click();
      await page.waitForURL('**/admin?tab=webhooks');
      const row = page.getByRole('row').filter({ hasText: productId });
      await row.getByText('Produto sem mapeamento').waitFor();
      await row.getByText('Clube Escala - Plano Anual').waitFor();
      await settle(page);
      await screenshot(page, `admin-webhooks-sem-mapeamento-${viewport.width}`);
      await expectAccessible(page, 'histórico com produto sem mapeamento');
      if (viewport === PHONE) {
        await row.getByRole('button', { name: `Mapear o produto ${productId}` }).click();
        await expect.poll(() => page.getByLabel('ID do produto').inputValue()).toBe(productId);
        await page.getByLabel('Plano').selectOption('mentoria-semestral');
        await page.getByRole('button', { name: 'Adicionar' }).click();
        await page.getByText('1 compra anterior deste produto passou para o plano do mapeamento.').waitFor();
      }
      await context.close();
    }
  });
});

/**
 * The first card that starts on screen: its id and its distance from the top of the window, by layout (a hovered
 * card is lifted 2 px by a transform).
 */
const firstCardOnScreen = (page: Page) =>
  page.evaluate(() => {
    for (const card of document.querySelectorAll<HTMLElement>('article[data-scroll-anchor]')) {
      let top = -scrollY;
      for (let node: HTMLElement | null = card; node; node = node.offsetParent as HTMLElement | null) {
        top += node.offsetTop;
      }
      if (top >= 0) return { id: card.dataset.scrollAnchor as string, top: Math.round(top) };
    }
    return null;
  });

/** Waits until the window has not moved for 500 ms (a smooth wheel scroll has ended). */
async function settledScroll(page: Page) {
  let last = -1;
  await expect
    .poll(
      async () => {
        const y = await page.evaluate(() => scrollY);
        const still = y === last;
        last = y;
        return still;
      },
      { interval: 500, timeout: 10_000 },
    )
    .toBe(true);
}

describe('on a phone, the catalogue keeps its place', () => {
  it("an offer opens at its top; 'Voltar' and the browser's Back return to the same cards and loaded pages", async () => {
    const setup = await newPage(browser());
    const email = await createMember(setup.page, 'Rafa Rolagem');
    await setup.context.close();
    const { context, page } = await signedIn(email, PHONE);
    await page.locator('article').first().waitFor();
    await page.getByRole('button', { name: 'Carregar mais' }).scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Carregar mais' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.locator('article').count()).toBeGreaterThan(24);
    const loaded = await page.locator('article').count();

    for (const back of ['Voltar', 'browser'] as const) {
      // Scrolled to a card of the second page.
      await page.locator('article').nth(27).scrollIntoViewIfNeeded();
      await page.mouse.wheel(0, -120);
      // The wheel scrolls smoothly: on a loaded machine it is still moving after a few hundred ms.
      await settledScroll(page);
      const before = await firstCardOnScreen(page);
      expect(before).not.toBeNull();
      expect(await page.evaluate(() => scrollY)).toBeGreaterThan(2000);
      // Tapped where it is: a Playwright click may first scroll the page to reach an unobstructed point.
      await page.locator(`article[data-scroll-anchor="${before?.id}"] h2 a`).dispatchEvent('click');
      await page.waitForURL(`**/detalhes-oferta/${before?.id}`);
      await page.getByRole('button', { name: 'Voltar' }).waitFor();
      // A new screen opens at its top.
      expect(await page.evaluate(() => scrollY)).toBe(0);
      if (back === 'Voltar') await page.getByRole('button', { name: 'Voltar' }).click();
      else await page.goBack();
      await page.waitForURL(/dashboard.*page=2/);
      await expect
        .poll(() => firstCardOnScreen(page), { timeout: 15_000, message: `de volta pelo ${back}` })
        .toEqual(before);
      expect(await page.locator('article').count()).toBe(loaded);
    }

    // Another tab is a new screen: it opens at its top.
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page
      .getByRole('button', { name: /Comunidade/ })
      .first()
      .click();
    await page.getByRole('heading', { name: 'Comunidade', level: 1 }).waitFor();
    expect(await page.evaluate(() => scrollY)).toBe(0);
    await context.close();
  });
});
