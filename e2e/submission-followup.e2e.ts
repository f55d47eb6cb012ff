import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import {
  createMember,
  E2E_ADMIN,
  loginThroughForm,
  newPage,
  screenshot,
  settle,
  setupBrowser,
} from './helpers';

const browser = setupBrowser();
const PHONE = { width: 390, height: 844 };
const run = Date.now().toString(36);

// A real image (the server decodes every upload): a 64x64 PNG.
const PNG = await sharp({
  create: { width: 64, height: 64, channels: 3, background: { r: 59, g: 130, b: 246 } },
})
  .png()
  .toBuffer();

/** A second submission sent through the API, as the form would (this test is not about the form twice). */
async function submitThroughApi(page: Page, productTitle: string): Promise<string> {
  return page.evaluate(
    async ({ bytes, productTitle }) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'criativo.png');
      const upload = await fetch('/api/uploads/creative', { method: 'POST', body: form });
      if (upload.status !== 201) throw new Error(`upload: ${upload.status}`);
      const { url } = await upload.json();
      const res = await fetch('/api/user-offers', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          creative: url,
          creativeType: 'image',
          productTitle,
          advertiserLink: 'https://capsula.exemplo.com',
          creativeLink: 'https://capsula.exemplo.com/criativo',
          libraryLink: 'https://capsula.exemplo.com/biblioteca',
          siteLink: 'https://capsula.exemplo.com/vsl',
          status: 'validando',
          format: 'VSL',
          language: 'Português',
          niche: 'Saúde',
          ads: 12,
          roas: 1.2,
          ticket: 97,
        }),
      });
      if (res.status !== 201) throw new Error(`submit: ${res.status} ${await res.text()}`);
      return (await res.json()).id as string;
    },
    { bytes: Array.from(PNG), productTitle },
  );
}

const minhasOfertas = (page: Page) => page.getByRole('region', { name: 'Minhas ofertas' });
const submissionItem = (page: Page, title: string) =>
  minhasOfertas(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title }) });

describe('a member follows their submissions through review', () => {
  it("submits with advertiser and ad text, sees 'Em análise'; the administrator approves one and refuses one with a reason; the bell and 'Minhas ofertas' say so; the card shows the typed advertiser", async () => {
    const approvedTitle = `Método Escala E2E ${run}`;
    const refusedTitle = `Cápsula Milagrosa E2E ${run}`;
    const advertiser = `Vida Leve Naturais ${run}`;
    const adText = `Seque 7 kg em 21 dias sem academia. Código ${run}.`;
    const reason = 'Promessa de saúde sem comprovação: a Meta não aceita esse anúncio.';

    // ---- The member: an empty list, then a submission through the form.
    const member = await newPage(browser());
    const email = await createMember(member.page, 'Paula Acompanhamento');
    await loginThroughForm(member.page, email, 'segredo123');
    await member.page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
    await member.page.goto('/dashboard?tab=subir-oferta');
    await minhasOfertas(member.page)
      .getByText(/Você ainda não enviou nenhuma oferta/)
      .waitFor();
    expect(
      await member.page.getByText('Esses pontos não entram no ranking mensal', { exact: false }).count(),
    ).toBe(1);
    await expectAccessible(member.page, 'Subir Oferta vazia 1440');

    await member.page
      .getByTestId('creative-input')
      .setInputFiles({ name: 'criativo.png', mimeType: 'image/png', buffer: PNG });
    await member.page.getByRole('button', { name: 'Trocar arquivo' }).waitFor();
    await member.page.getByLabel(/^Título da oferta/).fill(approvedTitle);
    await member.page.getByLabel(/^Anunciante/).fill(advertiser);
    await member.page.getByLabel(/^Texto do anúncio/).fill(adText);
    await member.page.getByLabel(/^Status/).selectOption('escalando');
    await member.page.getByLabel(/^Formato/).selectOption('VSL');
    await member.page.getByLabel(/^Idioma/).selectOption('Português');
    await member.page.getByLabel(/^Nicho/).selectOption('Emagrecimento');
    await member.page.getByLabel(/^Link do anunciante/).fill('https://facebook.com/vidaleve');
    await member.page.getByLabel(/^Link do criativo/).fill('https://facebook.com/ads/library/?id=1');
    await member.page.getByLabel(/^Link da biblioteca/).fill('https://facebook.com/ads/library/?id=2');
    await member.page.getByLabel(/^Link do site/).fill('https://vidaleve.exemplo.com');
    await member.page.getByRole('button', { name: 'Enviar para revisão' }).click();
    await member.page.getByText('Oferta enviada com sucesso!').first().waitFor();
    const sent = submissionItem(member.page, approvedTitle);
    await sent.getByText('Em análise').waitFor();
    await sent.getByText('Aguardando a revisão de um administrador.').waitFor();
    const refusedId = await submitThroughApi(member.page, refusedTitle);
    const stillPendingTitle = `Ainda em análise E2E ${run}`;
    await submitThroughApi(member.page, stillPendingTitle);

    // ---- The administrator approves one and refuses the other with a reason.
    const admin = await newPage(browser());
    await loginThroughForm(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
    await admin.page.goto('/admin?tab=ofertas-usuarios');
    const approvedCard = admin.page.getByRole('article', { name: approvedTitle });
    await approvedCard.getByText(advertiser).waitFor();
    // The edit screen carries what the member typed.
    await approvedCard.getByRole('button', { name: 'Editar' }).click();
    await admin.page.getByLabel(/^Anunciante/).waitFor();
    expect(await admin.page.getByLabel(/^Anunciante/).inputValue()).toBe(advertiser);
    expect(await admin.page.getByLabel(/^Texto do anúncio/).inputValue()).toBe(adText);
    await settle(admin.page);
    await screenshot(admin.page, 'admin-edit-submission-1440');
    await expectAccessible(admin.page, 'edição da oferta do membro 1440');
    await admin.page.getByRole('button', { name: 'Cancelar' }).click();
    await admin.page.waitForURL(/tab=ofertas-usuarios/);
    await approvedCard.getByRole('button', { name: 'Aprovar' }).click();
    await admin.page.getByText('Oferta aprovada').first().waitFor();
    await approvedCard.waitFor({ state: 'detached' });

    await admin.page
      .getByRole('article', { name: refusedTitle })
      .getByRole('button', { name: 'Recusar' })
      .click();
    const dialog = admin.page.getByRole('dialog', { name: 'Recusar oferta' });
    await dialog.getByText('Tem certeza que deseja recusar esta oferta?').waitFor();
    await dialog.getByLabel('Motivo').fill(reason);
    await screenshot(admin.page, 'admin-refuse-dialog-1440');
    await expectAccessible(admin.page, 'diálogo de recusa 1440');
    await dialog.getByRole('button', { name: 'Recusar' }).click();
    await admin.page.getByText('Oferta rejeitada').first().waitFor();
    await admin.page.getByRole('article', { name: refusedTitle }).waitFor({ state: 'detached' });
    // A refused submission's edit address shows the decision, not a form.
    await admin.page.goto(`/admin/editar-oferta-usuario/${refusedId}`);
    await admin.page.getByRole('heading', { name: 'Esta oferta foi recusada' }).waitFor();
    await admin.page.getByText(`Motivo: ${reason}`).waitFor();
    expect(await admin.page.getByRole('button', { name: 'Salvar Alterações' }).count()).toBe(0);
    await screenshot(admin.page, 'admin-refused-submission-1440');
    await expectAccessible(admin.page, 'oferta do membro recusada 1440');

    // ---- The member: two notices in the bell; 'Abrir' leads to Subir Oferta.
    await member.page.goto('/dashboard?tab=ofertas-escaladas');
    await member.page.getByRole('button', { name: 'Notificações (2 não lidas)' }).click();
    const bell = member.page.getByRole('dialog', { name: 'Notificações' });
    await bell.getByText(`Sua oferta "${refusedTitle}" foi recusada.`, { exact: false }).waitFor();
    expect(await bell.getByText(`Motivo: ${reason}`, { exact: false }).count()).toBe(1);
    await bell
      .getByText(
        `Sua oferta "${approvedTitle}" foi aprovada e já está no catálogo de Ofertas Escaladas. Você ganhou 10 pontos.`,
      )
      .waitFor();
    await screenshot(member.page, 'bell-submission-notices-1440');
    await expectAccessible(member.page, 'sino com os avisos 1440');
    await bell.getByRole('link', { name: 'Abrir' }).first().click();
    await member.page.waitForURL((url) => url.searchParams.get('tab') === 'subir-oferta');
    await member.page.getByRole('heading', { name: 'Subir Oferta', level: 1 }).waitFor();

    // ---- 'Minhas ofertas': approved with its catalogue link, refused with the reason.
    const approved = submissionItem(member.page, approvedTitle);
    const refused = submissionItem(member.page, refusedTitle);
    await approved.getByText('Aprovada', { exact: true }).waitFor();
    await refused.getByText('Recusada', { exact: true }).waitFor();
    await refused.getByText(reason).waitFor();
    await settle(member.page);
    await screenshot(member.page, 'minhas-ofertas-1440');
    await expectAccessible(member.page, 'Minhas ofertas 1440');

    await approved.getByRole('link', { name: 'Ver no catálogo' }).click();
    await member.page.waitForURL(/\/detalhes-oferta\//);
    await member.page.getByRole('heading', { name: approvedTitle }).waitFor();
    await member.page.getByText(advertiser, { exact: true }).first().waitFor();
    await member.page.getByText(adText).waitFor();

    // The catalogue card names the typed advertiser, and the catalogue search finds the ad text.
    await member.page.goto('/dashboard?tab=ofertas-escaladas');
    await member.page.getByLabel('Buscar ofertas').fill(`Código ${run}`);
    const card = member.page
      .getByRole('article')
      .filter({ has: member.page.getByRole('link', { name: approvedTitle }) });
    await card.getByText(advertiser, { exact: true }).waitFor();
    const me = await member.page.evaluate(async () => (await fetch('/api/auth/user')).json());
    expect(me.points).toBe(10);

    // ---- At 390 px: the list, the bell and the refusal dialog.
    await member.page.setViewportSize(PHONE);
    await member.page.goto('/dashboard?tab=subir-oferta');
    await submissionItem(member.page, refusedTitle).getByText(reason).waitFor();
    await settle(member.page);
    await screenshot(member.page, 'minhas-ofertas-390');
    await expectAccessible(member.page, 'Minhas ofertas 390');
    await member.page.getByRole('button', { name: /^Notificações/ }).click();
    await member.page.getByRole('dialog', { name: 'Notificações' }).getByText('Oferta recusada').waitFor();
    await screenshot(member.page, 'bell-submission-notices-390');
    await expectAccessible(member.page, 'sino com os avisos 390');

    await admin.page.setViewportSize(PHONE);
    await admin.page.goto(`/admin/editar-oferta-usuario/${refusedId}`);
    await admin.page.getByRole('heading', { name: 'Esta oferta foi recusada' }).waitFor();
    await screenshot(admin.page, 'admin-refused-submission-390');
    await expectAccessible(admin.page, 'oferta do membro recusada 390');
    await admin.page.goto('/admin?tab=ofertas-usuarios');
    await admin.page
      .getByRole('article', { name: stillPendingTitle })
      .getByRole('button', { name: 'Recusar' })
      .click();
    await admin.page.getByRole('dialog', { name: 'Recusar oferta' }).getByLabel('Motivo').waitFor();
    await screenshot(admin.page, 'admin-refuse-dialog-390');
    await expectAccessible(admin.page, 'diálogo de recusa 390');
    await admin.page
      .getByRole('dialog', { name: 'Recusar oferta' })
      .getByRole('button', { name: 'Cancelar' })
      .click();
    await admin.page
      .getByRole('article', { name: stillPendingTitle })
      .getByRole('button', { name: 'Editar' })
      .click();
    await admin.page.getByLabel(/^Texto do anúncio/).waitFor();
    await settle(admin.page);
    await screenshot(admin.page, 'admin-edit-submission-390');
    await expectAccessible(admin.page, 'edição da oferta do membro 390');

    await member.context.close();
    await admin.context.close();
  });
});
