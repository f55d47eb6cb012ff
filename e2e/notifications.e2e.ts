import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import {
  api,
  createMember,
  loginThroughForm,
  newPage,
  screenshot,
  settle,
  setupBrowser,
  waitForMail,
} from './helpers';

const browser = setupBrowser();

describe('notices by e-mail', () => {
  it("a comment reaches the author's inbox within seconds; its link stops that kind signed out; /perfil shows and changes the choices", async () => {
    const title = `Funil de teste ${Date.now().toString(36)}`;
    const ana = await newPage(browser());
    const anaEmail = await createMember(ana.page, 'Ana Autora');
    await loginThroughForm(ana.page, anaEmail, 'segredo123');
    await ana.page.getByText('Login realizado com sucesso!').first().waitFor();
    const post = await api(ana.page, 'POST', '/api/community/posts', {
      title,
      description: 'Como montei o funil',
      nicho: 'Renda Extra',
      formato: 'VSL',
      categoria: 'E-Commerce',
    });
    expect(post.status).toBe(201);

    const bruno = await newPage(browser());
    const brunoEmail = await createMember(bruno.page, 'Bruno Leitor');
    await loginThroughForm(bruno.page, brunoEmail, 'segredo123');
    await bruno.page.getByText('Login realizado com sucesso!').first().waitFor();
    const sentAt = Date.now();
    expect(
      (await api(bruno.page, 'POST', `/api/posts/${post.body.id}/comments`, { content: 'Muito bom!' }))
        .status,
    ).toBe(201);

    // The outbox runs every 5 s on the server: the first e-mail of a burst leaves at once.
    const mail = await waitForMail(anaEmail, (text) => text.includes('Bruno Leitor comentou no seu post'));
    expect(Date.now() - sentAt).toBeLessThan(15_000);
    expect(mail).toContain(title);
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const link = mail.match(/https?:\/\/\S+\/descadastrar\?token=[^\s"<]+/)?.[0];
    expect(link).toBeTruthy();

    // Signed out, on a phone with an English interface: the page asks, then stops that kind.
    const visitor = await newPage(browser(), { width: 390, height: 844 }, { locale: 'en-US' });
    await visitor.page.goto(new URL(link ?? '').pathname + new URL(link ?? '').search);
    await visitor.page.getByRole('heading', { name: 'Parar estes e-mails?' }).waitFor();
    await visitor.page.getByText('"Comentários nos meus posts"').waitFor();
    await screenshot(visitor.page, 'descadastrar-390');
    await expectAccessible(visitor.page, 'descadastrar');
    await visitor.page.getByRole('button', { name: 'Parar estes e-mails' }).click();
    await visitor.page.getByRole('heading', { name: 'E-mails desligados' }).waitFor();
    await expectAccessible(visitor.page, 'descadastrado');

    // The author's /perfil says so, and changes another kind for good.
    await ana.page.goto('/perfil#notificacoes');
    await settle(ana.page);
    const comments = ana.page.getByLabel('E-mail: Comentários nos meus posts');
    await expect.poll(() => comments.inputValue()).toBe('off');
    await ana.page.getByLabel('E-mail: Curtidas nos meus posts e comentários').selectOption('immediate');
    await ana.page.getByText('Preferência salva').first().waitFor();
    await expect.poll(() => ana.page.locator('[data-sonner-toast]').count(), { timeout: 10_000 }).toBe(0);
    await screenshot(ana.page, 'perfil-notificacoes-1440');
    await expectAccessible(ana.page, 'perfil com notificações');
    await ana.page.reload();
    await settle(ana.page);
    await expect
      .poll(() => ana.page.getByLabel('E-mail: Curtidas nos meus posts e comentários').inputValue())
      .toBe('immediate');

    await ana.page.setViewportSize({ width: 390, height: 844 });
    await screenshot(ana.page, 'perfil-notificacoes-390');
    await expectAccessible(ana.page, 'perfil com notificações no celular');
    for (const { context } of [ana, bruno, visitor]) await context.close();
  });
});
