import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_TABS } from '../src/client/features/dashboard/tabs';
import { expectAccessible } from './axe';
import { createMember, loginThroughForm, newPage, screenshot, settle, setupBrowser } from './helpers';

/**
 * Issue #21, the smaller items, in the browser: tab titles whole on a phone, feed filters never cut, prizes never
 * split from their 'R$', relative times with the exact time kept, the demo community and its ranking, and the
 * catalogue's first paint without an empty banner box or a layout shift.
 */
const browser = setupBrowser();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

async function member(viewport: { width: number; height: number }, name: string) {
  const opened = await newPage(browser(), viewport);
  const email = await createMember(opened.page, name);
  await loginThroughForm(opened.page, email, 'segredo123');
  await opened.page.getByText('Login realizado com sucesso!').first().waitFor();
  return opened;
}

async function openTab(page: Page, id: string, title: string) {
  await page.goto(`/dashboard?tab=${id}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

describe('the dashboard header on a phone', () => {
  it('shows every one of the 21 tab titles whole at 390 px', async () => {
    const { context, page } = await member(PHONE, 'Tina Títulos');
    expect(DASHBOARD_TABS).toHaveLength(21);
    const cut: string[] = [];
    for (const tab of DASHBOARD_TABS) {
      await openTab(page, tab.id, tab.title);
      const box = await page.locator('header h1').evaluate((h1) => {
        const frame = h1.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(h1);
        const lines = [...range.getClientRects()];
        const bell = document.querySelector('header button[aria-label*="otifica"]')?.getBoundingClientRect();
        return {
          text: h1.textContent,
          inside: lines.every((r) => r.left >= frame.left - 1 && r.right <= frame.right + 1),
          onScreen: lines.every((r) => r.left >= 0 && r.right <= window.innerWidth),
          clearOfActions: !bell || frame.right <= bell.left,
          overflow: h1.scrollWidth > h1.clientWidth + 1,
          ellipsis: getComputedStyle(h1).textOverflow === 'ellipsis',
          lines: new Set(lines.map((r) => Math.round(r.top))).size,
        };
      });
      expect(box.text).toBe(tab.title);
      if (!box.inside || !box.onScreen || !box.clearOfActions || box.overflow || box.ellipsis)
        cut.push(`${tab.title} ${JSON.stringify(box)}`);
      if (tab.id === 'otimizador-campanhas') {
        await screenshot(page, 'titulo-otimizador-390');
        await expectAccessible(page, 'título longo no celular');
      }
    }
    expect(cut).toEqual([]);
    await context.close();
  }, 180_000);
});

describe('feed filters', () => {
  /** Every select of the feed's filter bar whose widest option does not fit in it. */
  async function cutSelects(page: Page): Promise<string[]> {
    return page.evaluate(() => {
      const canvas = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      const bar = document.querySelector('input[type="search"]')?.closest('.rounded-xl');
      const out: string[] = [];
      for (const select of bar?.querySelectorAll('select') ?? []) {
        const style = getComputedStyle(select);
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room =
          select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        for (const option of select.options) {
          const width = canvas.measureText(option.text).width;
          if (width > room + 0.5)
            out.push(`${select.getAttribute('aria-label')}: '${option.text}' ${width.toFixed(0)}>${room}`);
        }
      }
      return out;
    });
  }

  it('show their labels and values whole on Comunidade and Divulgação at 1440, 1280, 1024 and 390 px', async () => {
    const { context, page } = await member(DESKTOP, 'Fabio Filtros');
    for (const [id, title] of [
      ['comunidade', 'Comunidade'],
      ['divulgacao', 'Divulgação'],
    ] as const) {
      for (const width of [1440, 1280, 1024, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await openTab(page, id, title);
        await page.locator('select').first().waitFor();
        expect(await cutSelects(page), `${title} a ${width}px`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        if (width === 1440 || width === 390) {
          await settle(page);
          await screenshot(page, `filtros-${id}-${width}`);
          await expectAccessible(page, `${title} (${width})`);
        }
      }
    }
    await context.close();
  }, 120_000);
});

describe('the demo community and the ranking', () => {
  it("a new club's community has demo posts with comments and replies; the ranking a podium and 'Outros Colocados'", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await member(viewport, `Diana Demo ${viewport.width}`);
      await openTab(page, 'comunidade', 'Comunidade');
      const welcome = page.getByRole('article', { name: /Boas-vindas à Comunidade/ });
      await welcome.waitFor();
      await welcome.getByText(/exemplos de demonstração/).waitFor();
      const quiz = page.getByRole('article', { name: /Quiz de 7 perguntas/ });
      await quiz.getByRole('button', { name: /^Comentários 5$/ }).click();
      const panel = quiz.getByRole('region', { name: 'Comentários' });
      await panel.getByRole('button', { name: 'Ver respostas (2)' }).click();
      await panel
        .getByRole('list', { name: 'Respostas' })
        .getByText(/Na mesma página/)
        .waitFor();
      await settle(page);
      await screenshot(page, `comunidade-demo-${viewport.width}`);
      await expectAccessible(page, `comunidade de demonstração (${viewport.width})`);

      await openTab(page, 'divulgacao', 'Divulgação');
      await page.getByRole('article', { name: /Criativos UGC e estáticos/ }).waitFor();
      await screenshot(page, `divulgacao-demo-${viewport.width}`);

      await openTab(page, 'ranking', 'Ranking do Mês');
      const podium = page.getByRole('list', { name: 'Pódio' });
      await podium.getByText('Juliana Costa').waitFor();
      expect(await podium.getByRole('listitem').count()).toBe(3);
      const others = page.getByRole('region', { name: 'Outros Colocados' });
      await others.getByText('Carlos Eduardo Mendes').waitFor();
      await settle(page);
      await screenshot(page, `ranking-demo-${viewport.width}`);
      await expectAccessible(page, `ranking de demonstração (${viewport.width})`);
      await context.close();
    }
  }, 120_000);

  it('prize amounts never break between "R$" and the number, at any width', async () => {
    const { context, page } = await member(DESKTOP, 'Priscila Prêmios');
    await openTab(page, 'ranking', 'Ranking do Mês');
    await page.getByRole('list', { name: 'Pódio' }).waitFor();
    for (const width of [1440, 1024, 768, 390, 320]) {
      await page.setViewportSize({ width, height: 900 });
      const prizes = await page.locator('span.whitespace-nowrap', { hasText: /^R\$/ }).evaluateAll((spans) =>
        spans.map((span) => ({
          text: span.textContent ?? '',
          lines: new Set([...span.getClientRects()].map((r) => Math.round(r.top))).size,
        })),
      );
      // Three in the explainer and three on the podium.
      expect(prizes.length, `${width}px`).toBe(6);
      for (const prize of prizes) {
        expect(prize.text, `${width}px`).toMatch(/^R\$\u00a0/);
        expect(prize.lines, `${prize.text} a ${width}px`).toBe(1);
      }
    }
    await context.close();
  });
});

describe('relative times', () => {
  it("a new post and comment read 'agora', the demo posts 'há … min'; the exact time stays in datetime and title", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await member(viewport, `Rita Relativa ${viewport.width}`);
      const title = `Agora mesmo ${viewport.width} ${Date.now().toString(36)}`;
      const created = await page.evaluate(async (postTitle) => {
        const res = await fetch('/api/community/posts', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            title: postTitle,
            description: 'Teste de horário.',
            nicho: 'Outros',
            formato: 'VSL',
            categoria: 'Marketing Direto',
          }),
        });
        const post = await res.json();
        await fetch(`/api/posts/${post.id}/comments`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ content: 'Comentário de agora.' }),
        });
        return post;
      }, title);
      await openTab(page, 'comunidade', 'Comunidade');
      const card = page.getByRole('article', { name: title });
      const time = card.locator('header time');
      await expect.poll(() => time.evaluate((t) => t.firstChild?.textContent)).toBe('agora');
      expect(await time.getAttribute('datetime')).toBe(created.createdAt);
      expect(await time.getAttribute('title')).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
      await card.getByRole('button', { name: /^Comentários 1$/ }).click();
      const comment = card.getByRole('region', { name: 'Comentários' }).locator('time').first();
      await expect.poll(() => comment.evaluate((t) => t.firstChild?.textContent)).toBe('agora');
      expect(await comment.getAttribute('title')).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
      await screenshot(page, `tempo-relativo-${viewport.width}`);
      // The demo posts (found by their nicho, which no other browser test uses): minutes, hours, days, a date.
      const timesOf = async (nicho: string) => {
        await page.getByRole('combobox', { name: 'Nicho' }).selectOption(nicho);
        // The previous list stays on screen while the filtered one loads: wait for the cards of this nicho.
        await expect
          .poll(() =>
            page
              .getByRole('article')
              .evaluateAll(
                (cards, n) => cards.length > 0 && cards.every((c) => c.textContent?.includes(n)),
                nicho,
              ),
          )
          .toBe(true);
        return page
          .locator('article header time')
          .evaluateAll((times) => times.map((t) => t.firstChild?.textContent ?? ''));
      };
      const slimming = await timesOf('Emagrecimento');
      expect(slimming, 'Emagrecimento').toContainEqual(expect.stringMatching(/^há \d+ (min|h)$/));
      expect(slimming, 'Emagrecimento').toContainEqual(expect.stringMatching(/^há \d dias$/));
      const health = await timesOf('Saúde');
      expect(health, 'Saúde').toContainEqual(expect.stringMatching(/^(há \d+ h|ontem)$/));
      expect(await timesOf('Espiritualidade'), 'Espiritualidade').toEqual([
        expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      ]);
      await expectAccessible(page, `tempos relativos (${viewport.width})`);
      await context.close();
    }
  });
});

/** Layout shifts from the page's start (buffered): installed before any script of the page runs. */
const WATCH_SHIFTS = `window.__cls = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
}).observe({ type: 'layout-shift', buffered: true });`;

describe("the catalogue's first paint", () => {
  it('paints no banner box before the banner is known, none for a club without one, and nothing moves', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page } = await member(viewport, `Bruna Banner ${viewport.width}`);
      await page.locator('article').first().waitFor();
      await page.addInitScript(WATCH_SHIFTS);

      // The banner's answer 1 s late: nothing of the tab before it (painted, it would move down), then all at once.
      await page.route('**/api/banners/active', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await route.continue();
      });
      await page.goto('/dashboard');
      await page.getByRole('status', { name: 'Carregando ofertas' }).waitFor();
      expect(await page.getByTestId('active-banner').count()).toBe(0);
      expect(await page.getByRole('searchbox', { name: 'Buscar ofertas' }).count()).toBe(0);
      await page.getByTestId('active-banner').locator('img').waitFor();
      await page.locator('article img').first().waitFor();
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.getByTestId('active-banner').locator('img.animate-pulse').count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
      await screenshot(page, `catalogo-banner-${viewport.width}`);
      await expectAccessible(page, `catálogo com banner (${viewport.width})`);

      // A club without an active banner: no box for one, nothing moves.
      await page.unrouteAll({ behavior: 'wait' });
      await page.route('**/api/banners/active', (route) => route.fulfill({ json: { banner: null } }));
      await page.goto('/dashboard');
      await page.locator('article img').first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('active-banner').count()).toBe(0);
      expect(await page.getByRole('img', { name: 'Banner promocional' }).count()).toBe(0);
      expect(await page.evaluate(() => (window as unknown as { __cls: number }).__cls)).toBe(0);
      await screenshot(page, `catalogo-sem-banner-${viewport.width}`);
      await expectAccessible(page, `catálogo sem banner (${viewport.width})`);
      await context.close();
    }
  });
});
