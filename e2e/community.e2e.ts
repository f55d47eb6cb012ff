import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './axe';
import {
  api,
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
const DESKTOP = { width: 1440, height: 900 };
const run = Date.now().toString(36);

// A real image (the server decodes every upload): a 48x48 PNG.
const PNG = await sharp({
  create: { width: 48, height: 48, channels: 3, background: { r: 250, g: 204, b: 21 } },
})
  .png()
  .toBuffer();

/** Uploads a post image through POST /api/uploads/post-image; returns its stored URL. */
async function uploadPostImage(page: Page): Promise<string> {
  const url = await page.evaluate(async (bytes) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'imagem.png');
    const res = await fetch('/api/uploads/post-image', { method: 'POST', body: form });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
    return (await res.json()).url as string;
  }, Array.from(PNG));
  expect(url).toMatch(/^\/uploads\/posts\/[a-f0-9]{32}\.png$/);
  return url;
}

async function signIn(page: Page, email: string) {
  await loginThroughForm(page, email, 'segredo123');
  await page.getByText('Login realizado com sucesso!').first().waitFor();
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * Arms a page against the XSS corpus: every way a payload could run sets a flag (window.__xss, alert,
 * confirm, prompt, print, a dialog) and every request that leaves for another host than the app's loopback
 * server, or uses another scheme than http(s)/data/blob, is recorded.
 */
async function armXssTraps(page: Page) {
  const traps = { dialogs: [] as string[], foreign: [] as string[] };
  page.on('dialog', (dialog) => {
    traps.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => {});
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    const allowedScheme = ['http:', 'https:', 'data:', 'blob:'].includes(url.protocol);
    const local = url.protocol === 'data:' || url.protocol === 'blob:' || LOOPBACK.has(url.hostname);
    if (!allowedScheme || !local) traps.foreign.push(request.url());
  });
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    w.__xss = 0;
    const hit = () => {
      w.__xss = (w.__xss as number) + 1;
    };
    w.alert = hit;
    w.confirm = () => {
      hit();
      return false;
    };
    w.prompt = () => {
      hit();
      return null;
    };
    w.print = hit;
  });
  return traps;
}

/** Hostile text: tags, event handlers, javascript:/data: links, and one legitimate https link. */
const XSS_TEXT = [
  '<script>window.__xss=(window.__xss||0)+1</script>',
  '<img src=x onerror="window.__xss=(window.__xss||0)+1">',
  '<svg/onload=alert(1)>',
  '<a href="javascript:alert(1)">clique</a>',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  '<iframe src="https://evil.example/frame"></iframe>',
  '"><img src=https://evil.example/pixel.gif>',
  'javascript://https://evil.example/%0Aalert(1)',
  'veja https://exemplo.com.br/guia.',
].join(' \n');

/** [IMAGE:] markers that are not this app's stored post images, broken ones, and lookalikes. */
const FOREIGN_MARKERS = [
  '[IMAGE:https://evil.example/foto.png]',
  '[IMAGE://evil.example/foto.png]',
  '[IMAGE:javascript:alert(1)]',
  '[IMAGE:data:image/svg+xml,<svg onload=alert(1)>]',
  '[IMAGE:/uploads/posts/../../etc/passwd]',
  '[IMAGE:/uploads/avatars/00000000000000000000000000000000.png]',
  '[IMAGE:http://127.0.0.1.evil.example/uploads/posts/00000000000000000000000000000000.png]',
  '[IMAGE:/uploads/posts/00000000000000000000000000000000.png" onerror="alert(1)]',
  '[IMAGE:]',
  '[IMAGE:https://evil.example/sem-fim.png',
  '[IMAGE https://evil.example/sem-dois-pontos.png]',
].join('\n');

/** The page shows the corpus as text and nothing of it as markup. */
async function expectInert(page: Page, traps: Awaited<ReturnType<typeof armXssTraps>>, where: string) {
  await page.waitForTimeout(500); // let any error/load handler that slipped through fire
  expect(await page.evaluate(() => (window as unknown as { __xss: number }).__xss), where).toBe(0);
  expect(traps.dialogs, where).toEqual([]);
  expect(traps.foreign, where).toEqual([]);
  const markup = await page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return ['sem <main>'];
    const bad: string[] = [];
    for (const el of main.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames())
        if (attr.toLowerCase().startsWith('on')) bad.push(`${el.tagName} ${attr}`);
      if (['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED'].includes(el.tagName.toUpperCase())) bad.push(el.tagName);
      // The app's own SVGs are lucide icons (aria-hidden, class lucide); a hostile one would be neither.
      if (el.tagName.toLowerCase() === 'svg' && !el.classList.contains('lucide')) bad.push('svg');
    }
    for (const a of main.querySelectorAll('a[href]')) {
      const href = (a as HTMLAnchorElement).href;
      if (!/^https?:\/\//.test(href)) bad.push(`a ${href}`);
    }
    for (const img of main.querySelectorAll('img')) {
      const src = img.getAttribute('src') ?? '';
      if (!src.startsWith('/uploads/')) bad.push(`img ${src}`);
    }
    return bad;
  });
  expect(markup, where).toEqual([]);
}

describe('community: hostile text renders inert', () => {
  it('an XSS corpus as title, description, comment, reply and [IMAGE:] marker runs nothing and fetches nothing foreign', async () => {
    const { context, page } = await newPage(browser());
    const traps = await armXssTraps(page);
    const email = await createMember(page, `Eva <img src=x onerror=alert(1)> ${run}`);
    await signIn(page, email);

    const title = `<script>window.__xss=1</script><img src=x onerror=alert(1)> título ${run}`;
    const community = await api(page, 'POST', '/api/community/posts', {
      title,
      description: XSS_TEXT,
      nicho: 'Outros',
      formato: 'VSL',
      categoria: 'Marketing Direto',
    });
    expect(community.status).toBe(201);
    const communityId = community.body.id as string;

    const own = await uploadPostImage(page);
    const promotion = await api(page, 'POST', '/api/divulgacao/posts', {
      title: `<b onmouseover=alert(1)>divulgação</b> ${run}`,
      description: `${XSS_TEXT}\n\n[IMAGE:${own}]\n\n${FOREIGN_MARKERS}`,
      nicho: 'Serviço',
      formato: 'Texto',
      categoria: 'Vendedor',
    });
    expect(promotion.status).toBe(201);
    const promotionId = promotion.body.id as string;
    // The server kept this app's own image and dropped every foreign marker on save.
    const saved = promotion.body.description as string;
    expect(saved).toContain(`[IMAGE:${own}]`);
    expect(saved).not.toContain('evil.example/foto.png');
    expect(saved).not.toContain('[IMAGE:javascript:');
    expect(saved).not.toContain('[IMAGE:data:');
    expect(saved).not.toContain('etc/passwd');
    expect(saved).not.toContain('/uploads/avatars/');

    for (const postId of [communityId, promotionId]) {
      const top = await api(page, 'POST', `/api/posts/${postId}/comments`, { content: XSS_TEXT });
      expect(top.status).toBe(201);
      const reply = await api(page, 'POST', `/api/posts/${postId}/comments`, {
        content: `[IMAGE:https://evil.example/r.png] ${XSS_TEXT}`,
        parentId: top.body.id,
      });
      expect(reply.status).toBe(201);
    }

    for (const [tab, postTitle] of [
      ['comunidade', title],
      ['divulgacao', promotion.body.title as string],
    ] as const) {
      await page.goto(`/dashboard?tab=${tab}`);
      await settle(page);
      const card = page.getByRole('article', { name: postTitle });
      await card.waitFor();
      // The payloads are visible as the text they are.
      await card.getByRole('heading', { name: postTitle }).waitFor();
      await card.getByRole('button', { name: 'ver mais' }).click();
      await card.getByText('<svg/onload=alert(1)>', { exact: false }).first().waitFor();
      // Links only for http(s): the guide is a link, javascript: and data: are not.
      await card.getByRole('link', { name: 'https://exemplo.com.br/guia' }).first().waitFor();
      expect(await card.getByRole('link', { name: /javascript|data:/i }).count()).toBe(0);
      if (tab === 'divulgacao') {
        // This app's own image renders; nothing else does.
        await card.locator(`img[src="${own}"]`).waitFor();
        expect(await card.locator('img').count()).toBe(1);
      }
      await card.getByRole('button', { name: /^Comentários/ }).click();
      const panel = card.getByRole('region', { name: 'Comentários' });
      await panel.getByRole('button', { name: 'Ver respostas (1)' }).click();
      await panel.getByText('[IMAGE:https://evil.example/r.png]', { exact: false }).waitFor();
      // The author's hostile name is plain text too.
      await card
        .getByRole('button', { name: `Ver perfil de Eva <img src=x onerror=alert(1)> ${run}` })
        .first()
        .waitFor();
      await screenshot(page, `xss-${tab}`);
      await expectInert(page, traps, tab);
    }
    await context.close();
  });
});

describe('community: two members', () => {
  it('A publishes, B likes and comments, A replies, B replies to the reply; the ranking orders them', async () => {
    const a = await newPage(browser());
    const b = await newPage(browser());
    const nameA = `Ana Autora ${run}`;
    const nameB = `Bruno Leitor ${run}`;
    const emailA = await createMember(a.page, nameA);
    const emailB = await createMember(b.page, nameB);
    await signIn(a.page, emailA);
    await signIn(b.page, emailB);

    // A publishes from the feed's 'Publicar' and lands back on the tab's own URL.
    const title = `Escalei com VSL ${run}`;
    await a.page.goto('/dashboard?tab=comunidade');
    await a.page.getByRole('heading', { level: 1, name: 'Comunidade' }).waitFor();
    await a.page.getByRole('button', { name: 'Publicar' }).click();
    await a.page.waitForURL('**/publicar-post');
    await a.page.getByLabel(/^Título/).fill(title);
    await a.page
      .getByLabel(/^Descrição/)
      .fill('Resultado do mês: ROAS 3 com tráfego frio. Detalhes em https://exemplo.com.br/vsl');
    await a.page.getByLabel(/^Nicho/).selectOption('Renda Extra');
    await a.page.getByLabel(/^Formato/).selectOption('VSL');
    await a.page.getByLabel(/^Categoria/).selectOption('Marketing Direto');
    await a.page.getByRole('button', { name: 'Publicar' }).click();
    await a.page.waitForURL((url) => url.pathname === '/dashboard' && url.search === '?tab=comunidade');
    const cardA = a.page.getByRole('article', { name: title });
    await cardA.waitFor();

    // B likes and comments.
    await b.page.goto('/dashboard?tab=comunidade');
    const cardB = b.page.getByRole('article', { name: title });
    await cardB.getByRole('button', { name: /^Curtir post/ }).click();
    await cardB.getByRole('button', { name: /^Descurtir post 1$/ }).waitFor();
    await cardB.getByRole('button', { name: /^Comentários/ }).click();
    const panelB = cardB.getByRole('region', { name: 'Comentários' });
    await panelB.getByLabel('Escreva um comentário').fill('Qual foi o CPA?');
    await panelB.getByRole('button', { name: 'Comentar' }).click();
    // (getByText alone would find the text in the textarea itself: React keeps a controlled textarea's
    // defaultValue, its text content, equal to what was typed. The form empties when the server has answered.)
    await expect.poll(() => panelB.getByLabel('Escreva um comentário').inputValue()).toBe('');
    await panelB.getByText('Qual foi o CPA?').waitFor();
    // Just written: 'agora', the exact time kept in the title.
    const written = panelB.locator('time').first();
    expect(await written.evaluate((t) => t.firstChild?.textContent)).toBe('agora');
    expect(await written.getAttribute('title')).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);

    // A replies to B's comment.
    await a.page.reload();
    await cardA.getByRole('button', { name: /^Comentários 1$/ }).click();
    const panelA = cardA.getByRole('region', { name: 'Comentários' });
    await panelA.getByText('Qual foi o CPA?').waitFor();
    await panelA.getByRole('button', { name: 'Responder' }).click();
    await panelA.getByLabel(`Responder a ${nameB}`).fill('R$ 42 no primeiro dia.');
    await panelA.getByRole('button', { name: 'Responder' }).last().click();
    // The reply form closes when the server has answered.
    await panelA.getByLabel(`Responder a ${nameB}`).waitFor({ state: 'detached' });
    await panelA.getByText('R$ 42 no primeiro dia.').waitFor();

    // B answers A's reply: a reply to a reply attaches to the top-level comment. (B's list is read until it has
    // A's reply, so a slow answer is no failure.)
    const commentsPath = `/api/posts/${await postIdOf(b.page, title)}/comments`;
    type Comment = { id: string; parentId: string | null; content: string };
    let comments: Comment[] = [];
    await expect
      .poll(
        async () => {
          comments = (await b.page.evaluate(
            async (path) => (await fetch(path)).json(),
            commentsPath,
          )) as Comment[];
          return comments.map((c) => c.content);
        },
        { timeout: 10_000 },
      )
      .toContain('R$ 42 no primeiro dia.');
    const top = comments.find((c) => c.content === 'Qual foi o CPA?');
    const replyA = comments.find((c) => c.content === 'R$ 42 no primeiro dia.');
    expect(top?.parentId).toBeNull();
    expect(replyA?.parentId).toBe(top?.id);
    const replyB = await api(b.page, 'POST', `/api/posts/${await postIdOf(b.page, title)}/comments`, {
      content: 'Obrigado, Ana!',
      parentId: replyA?.id,
    });
    expect(replyB.status).toBe(201);
    expect(replyB.body.parentId).toBe(top?.id);

    await b.page.reload();
    await cardB.getByRole('button', { name: /^Comentários 3$/ }).click();
    await panelB.getByRole('button', { name: 'Ver respostas (2)' }).click();
    const replies = panelB.getByRole('list', { name: 'Respostas' });
    await replies.getByText('R$ 42 no primeiro dia.').waitFor();
    await replies.getByText('Obrigado, Ana!').waitFor();
    await screenshot(b.page, 'community-thread');
    await expectAccessible(b.page, 'comunidade com respostas');
    await panelB.getByRole('button', { name: 'Ocultar' }).click();
    await replies.waitFor({ state: 'detached' });
    await panelB.getByRole('button', { name: 'Ver respostas (2)' }).waitFor();

    // The comment author's profile opens from the comment (1440 and 390 px, axe on the modal).
    await panelB.getByRole('button', { name: `Ver perfil de ${nameB}` }).click();
    let dialog = b.page.getByRole('dialog', { name: 'Perfil do membro' });
    await dialog.getByText(nameB).waitFor();
    await dialog.getByText('Membro desde').waitFor();
    await settle(b.page);
    await screenshot(b.page, 'profile-modal-1440');
    await expectAccessible(b.page, 'perfil do membro (comentário)');
    await dialog.getByRole('button', { name: 'Fechar' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    // Ranking: A receives 2 likes from B (her own like gives nothing), B receives 1 from A.
    const second = await api(a.page, 'POST', '/api/community/posts', {
      title: `Segundo post ${run}`,
      description: 'Mais um resultado.',
      nicho: 'Outros',
      formato: 'Quiz',
      categoria: 'E-Commerce',
    });
    const fromB = await api(b.page, 'POST', '/api/community/posts', {
      title: `Post do Bruno ${run}`,
      description: 'Dúvida sobre criativos.',
      nicho: 'Outros',
      formato: 'VSL',
      categoria: 'E-Commerce',
    });
    expect([second.status, fromB.status]).toEqual([201, 201]);
    expect((await api(b.page, 'POST', `/api/posts/${second.body.id}/like`)).body.liked).toBe(true);
    expect((await api(a.page, 'POST', `/api/posts/${fromB.body.id}/like`)).body.liked).toBe(true);
    expect((await api(a.page, 'POST', `/api/posts/${second.body.id}/like`)).body.liked).toBe(true);

    // A and B are accounts of today: their likes count only once the administrator confirms them (the ranking's
    // new-account rule, modules/community/like-fairness.ts).
    const admin = await newPage(browser());
    await loginThroughForm(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
    const month = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
    })
      .format(new Date())
      .slice(0, 7);
    for (const page of [a.page, b.page]) {
      const userId = (await api(page, 'GET', '/api/auth/user')).body.id;
      const decided = await api(admin.page, 'POST', '/api/admin/ranking/review/overrides', {
        month,
        userId,
        decision: 'count',
      });
      expect(decided.status).toBe(200);
    }
    await admin.context.close();

    await a.page.goto('/dashboard?tab=ranking');
    await a.page.getByRole('heading', { level: 1, name: 'Ranking do Mês' }).waitFor();
    const podium = a.page.getByRole('list', { name: 'Pódio' });
    await podium.waitFor();
    // Places in order: the podium's items (1, 2, 3 in the DOM), then 'Outros Colocados' (when members of the
    // other browser tests also received likes this month).
    const others = a.page.getByRole('region', { name: 'Outros Colocados' }).getByRole('listitem');
    const ranked = [
      ...(await podium.getByRole('listitem').allInnerTexts()),
      ...(await others.allInnerTexts()),
    ].map((t) => t.replace(/\s+/g, ' '));
    const placeA = ranked.findIndex((t) => t.includes(nameA));
    const placeB = ranked.findIndex((t) => t.includes(nameB));
    expect(placeA, ranked.join(' | ')).toBeGreaterThanOrEqual(0);
    expect(placeB, ranked.join(' | ')).toBe(placeA + 1);
    expect(ranked[placeA]).toContain('2 curtidas');
    expect(ranked[placeB]).toContain('1 curtida');
    await screenshot(a.page, 'ranking-1440');
    await expectAccessible(a.page, 'ranking');

    // The profile opens from a ranking entry; its points are the likes received from others.
    await a.page.getByRole('button', { name: `Ver perfil de ${nameB}` }).click();
    dialog = a.page.getByRole('dialog', { name: 'Perfil do membro' });
    await dialog.getByText(nameB).waitFor();
    expect(await dialog.locator('dt:text-is("Pontos") + dd').textContent()).toBe('1');
    await dialog.getByRole('button', { name: 'Fechar' }).last().click();

    // Phones: the ranking, the profile modal from a ranking entry and from a post author.
    await a.page.setViewportSize(PHONE);
    await a.page.reload();
    await podium.waitFor();
    await screenshot(a.page, 'ranking-390');
    await expectAccessible(a.page, 'ranking');
    await a.page.getByRole('button', { name: `Ver perfil de ${nameA}` }).click();
    await dialog.getByText(nameA).waitFor();
    await settle(a.page);
    await screenshot(a.page, 'profile-modal-390');
    await expectAccessible(a.page, 'perfil do membro (ranking)');
    await a.context.close();
    await b.context.close();
  });
});

describe('community: mentions', () => {
  it("B mentions A in a comment through the picker; A's bell tells her and opens the post", async () => {
    const a = await newPage(browser(), PHONE);
    const b = await newPage(browser(), PHONE);
    const nameA = `Zuleica Quixabeira ${run}`;
    const nameB = `Tadeu Menciona ${run}`;
    await signIn(a.page, await createMember(a.page, nameA));
    await signIn(b.page, await createMember(b.page, nameB));
    const title = `Post para mencionar ${run}`;
    const created = await api(a.page, 'POST', '/api/community/posts', {
      title,
      description: 'Quem já testou?',
      nicho: 'Outros',
      formato: 'Quiz',
      categoria: 'E-Commerce',
    });
    expect(created.status).toBe(201);

    // B types @ and the name, picks A from the list with the keyboard, and comments.
    await b.page.goto('/dashboard?tab=comunidade');
    const card = b.page.getByRole('article', { name: title });
    await card.getByRole('button', { name: /^Comentários/ }).click();
    const field = card.getByLabel('Escreva um comentário');
    await field.click();
    await field.pressSequentially('Olha isso @Zuleica Quixab');
    const option = b.page.getByRole('option', { name: nameA });
    await option.waitFor();
    await settle(b.page);
    await screenshot(b.page, 'mention-picker-390');
    await expectAccessible(b.page, 'seletor de menção 390');
    await option.click();
    expect(await field.inputValue()).toBe(`Olha isso @${nameA} `);
    await card.getByRole('button', { name: 'Comentar' }).click();
    await expect.poll(() => field.inputValue()).toBe('');
    await card
      .getByRole('region', { name: 'Comentários' })
      .getByRole('button', { name: `@${nameA}` })
      .waitFor();

    // A's bell: one mention (no 'comment' as well), opening the post with the comment.
    await a.page.goto('/dashboard?tab=comunidade');
    await a.page.getByRole('button', { name: /^Notificações/ }).click();
    const bell = a.page.getByRole('dialog', { name: 'Notificações' });
    await bell.getByText(`${nameB} mencionou você`).waitFor();
    await bell.getByText(`Olha isso @${nameA}`).waitFor();
    expect(await bell.getByText(`${nameB} comentou no seu post`).count()).toBe(0);
    await expectAccessible(a.page, 'sino com menção 390');
    await bell.getByRole('link', { name: 'Abrir' }).first().click();
    await a.page.waitForURL((url) => url.searchParams.has('comment'));
    const opened = a.page.getByRole('region', { name: 'Publicação aberta' });
    await opened.getByRole('button', { name: `@${nameA}` }).click();
    await a.page.getByRole('dialog', { name: 'Perfil do membro' }).getByText(nameA).waitFor();
    await a.context.close();
    await b.context.close();
  });
});

/** The id of the (unique) community post titled `title`, through the feed's own search. */
async function postIdOf(page: Page, title: string): Promise<string> {
  const answer = await api(page, 'GET', `/api/community/posts?search=${encodeURIComponent(title)}`);
  const items = answer.body.items as Array<{ id: string; title: string }>;
  const found = items.find((p) => p.title === title);
  if (!found) throw new Error(`post ${title} não encontrado`);
  return found.id;
}

describe('community: publishing pages', () => {
  it.each([DESKTOP, PHONE])('pass axe at $width px and return to their tab URL', async (viewport) => {
    const { context, page } = await newPage(browser(), viewport);
    const email = await createMember(page, `Paula Publica ${run}`);
    await signIn(page, email);
    for (const [path, tab, heading] of [
      ['/publicar-post', 'comunidade', 'Nova Publicação'],
      ['/publicar-divulgacao', 'divulgacao', 'Nova Divulgação'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await settle(page);
      await screenshot(page, `${tab}-publish-${viewport.width}`);
      await expectAccessible(page, heading);
      // The required fields are marked before 'Publicar' fails: '*' after the label, aria-required on the control.
      const required = await page.locator('form label').evaluateAll((labels) =>
        labels
          .filter((label) => label.nextElementSibling?.textContent === '*')
          .map((label) => {
            const control = document.getElementById((label as HTMLLabelElement).htmlFor);
            return `${label.textContent}:${control?.getAttribute('aria-required')}`;
          }),
      );
      expect(required).toEqual(
        tab === 'comunidade'
          ? ['Título:true', 'Descrição:true', 'Nicho:true', 'Formato:true', 'Categoria:true']
          : ['Título:true', 'Categoria:true', 'Formato:true', 'Tipo:true'],
      );
      await page.getByText('Campos marcados com * são obrigatórios.').waitFor();
      // The form's error state.
      await page.getByRole('button', { name: 'Publicar' }).click();
      await page.getByText('Por favor, preencha todos os campos obrigatórios.').first().waitFor();
      await expectAccessible(page, `${heading} com erros`);
      await page.getByRole('button', { name: 'Cancelar' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard' && url.search === `?tab=${tab}`);
      await page.getByRole('button', { name: 'Publicar' }).waitFor();
    }
    // Choosing a tab puts it in the URL; Back returns to the previous tab; a reload keeps the tab.
    if (viewport.width > 1000) {
      await page.getByRole('navigation').getByRole('button', { name: 'Ranking' }).click();
      await page.getByRole('heading', { level: 1, name: 'Ranking do Mês' }).waitFor();
      expect(new URL(page.url()).search).toBe('?tab=ranking');
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Divulgação' }).waitFor();
      expect(new URL(page.url()).search).toBe('?tab=divulgacao');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Divulgação' }).waitFor();
    }
    // A shared link to a tab opens it; an unknown tab opens the default one.
    await page.goto('/dashboard?tab=ranking');
    await page.getByRole('heading', { level: 1, name: 'Ranking do Mês' }).waitFor();
    await page.goto('/dashboard?tab=nao-existe');
    await page.getByRole('heading', { level: 1, name: 'Ofertas Escaladas' }).waitFor();
    expect(new URL(page.url()).search).toBe('?tab=ofertas-escaladas');
    await context.close();
  });
});
