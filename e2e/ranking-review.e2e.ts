import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { LIKE_EXCLUSION_LABELS, LIKE_EXCLUSION_REASONS } from '../src/shared/like-exclusion';
import { saoPauloMonthKey, saoPauloMonthOf } from '../src/shared/sao-paulo-month';
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
import { embeddedCluster, withClient } from './server-process';

const browser = setupBrowser();
const PHONE = { width: 390, height: 844 };
const run = Date.now().toString(36);
const STAR = `Estrela ${run}`;
const VETERAN = `Veterana ${run}`;
const NOVICE = `Novata ${run}`;
const TWIN = `Gêmea ${run}`;

const CURRENT = saoPauloMonthKey();
const PREVIOUS = (() => {
  const [year, month] = CURRENT.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
})();
const monthName = (key: string) =>
  new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${key}-15T12:00:00Z`),
  );
/** The 15th of the previous São Paulo month, noon there. */
const IN_PREVIOUS = new Date(saoPauloMonthOf(PREVIOUS).start.getTime() + 14 * 86_400_000 + 15 * 3_600_000);

/** No element reaches past the viewport unless a scroller of its own clips it: the page never scrolls sideways. */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    const clipped = (el: Element | null): boolean =>
      !!el && (/(auto|scroll|hidden|clip)/.test(getComputedStyle(el).overflowX) || clipped(el.parentElement));
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !clipped(el.parentElement))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)}`);
  });

/**
 * The month's likes, through SQL as only time and other members would make them: the star's posts are liked this
 * month by a veteran (counted), a new account (excluded: 'new-account') and a second account of the star's own
 * browser (excluded: 'same-device'); last month the veteran liked the star twice and the star liked the veteran once.
 */
async function seedLikes() {
  const cluster = await embeddedCluster(inject('dataDir'));
  await withClient(cluster.url, async (client) => {
    const ids = new Map<string, string>();
    for (const name of [STAR, VETERAN, NOVICE, TWIN]) {
      const { rows } = await client.query<{ id: string }>('select id from users where name = $1', [name]);
      expect(rows, name).toHaveLength(1);
      ids.set(name, rows[0]!.id);
    }
    const id = (name: string) => ids.get(name) as string;
    // Accounts of three months ago; the new one stays of today.
    await client.query(`update users set created_at = now() - interval '90 days' where id = any($1)`, [
      [id(STAR), id(VETERAN), id(TWIN)],
    ]);
    const post = async (author: string, at: Date) => {
      const { rows } = await client.query<{ id: string }>(
        `insert into posts (kind, user_id, title, description, nicho, formato, categoria, created_at)
         values ('community', $1, 'Como escalei a minha oferta', 'Resultados do mês.', 'Renda Extra', 'VSL',
           'E-Commerce', $2) returning id`,
        [author, at],
      );
      return rows[0]!.id;
    };
    const like = (postId: string, liker: string, at: Date) =>
      client.query('insert into post_likes (post_id, user_id, created_at) values ($1, $2, $3)', [
        postId,
        liker,
        at,
      ]);
    const now = new Date();
    const earlier = new Date(Math.max(saoPauloMonthOf(CURRENT).start.getTime(), now.getTime() - 3_600_000));
    const thisMonth = [
      await post(id(STAR), earlier),
      await post(id(STAR), earlier),
      await post(id(STAR), earlier),
    ];
    for (const p of thisMonth) await like(p, id(VETERAN), now);
    for (const p of thisMonth.slice(0, 2)) await like(p, id(NOVICE), now);
    await like(thisMonth[0]!, id(TWIN), now);
    const lastMonth = [await post(id(STAR), IN_PREVIOUS), await post(id(STAR), IN_PREVIOUS)];
    for (const p of lastMonth) await like(p, id(VETERAN), IN_PREVIOUS);
    await like(await post(id(VETERAN), IN_PREVIOUS), id(STAR), IN_PREVIOUS);
  });
}

const starRow = (page: Page) => page.getByRole('row').filter({ hasText: STAR });

describe('the ranking review and the ranking history', () => {
  it('the administrator reviews, overrides and resets; the member sees counted likes and past months', async () => {
    // The star and her second account sign up in one browser (same device); the others each in their own.
    const star = await newPage(browser());
    const starEmail = await createMember(star.page, STAR);
    await createMember(star.page, TWIN);
    for (const name of [VETERAN, NOVICE]) {
      const other = await newPage(browser());
      await createMember(other.page, name);
      await other.context.close();
    }
    await seedLikes();

    // ---- The administrator's review at 1440 px.
    const admin = await newPage(browser());
    await loginThroughForm(admin.page, E2E_ADMIN.email, E2E_ADMIN.password);
    await admin.page.getByRole('heading', { name: 'Ofertas Escaladas' }).first().waitFor();
    await admin.page.goto('/admin?tab=ranking');
    expect(
      await admin.page.getByRole('tab', { name: 'Ranking', exact: true }).getAttribute('aria-selected'),
    ).toBe('true');
    await admin.page.getByRole('heading', { name: 'Revisão do ranking' }).waitFor();
    const row = starRow(admin.page);
    await row.waitFor();
    const cells = async () =>
      (await row.getByRole('cell').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    let [name, counted, excluded, decision] = await cells();
    expect([name, counted, decision]).toEqual([STAR, '3', 'Regras']);
    expect(excluded).toContain('Conta criada há menos de 7 dias 2');
    expect(excluded).toContain('Mesmo dispositivo do autor 1');
    await settle(admin.page);
    await screenshot(admin.page, 'admin-ranking-1440');
    await expectAccessible(admin.page, 'admin: Ranking (1440)');

    // Count all of them, then hand them back to the rules.
    await row.getByRole('button', { name: `Contar todas as curtidas de ${STAR}` }).click();
    await admin.page.getByText('Decisão registrada.').first().waitFor();
    await expect.poll(async () => (await cells()).slice(1, 4)).toEqual(['6', 'Nenhuma', 'Contar todas']);
    await row.getByRole('button', { name: `Voltar às regras nas curtidas de ${STAR}` }).click();
    await admin.page.getByText('Decisão removida: as regras decidem.').first().waitFor();
    await expect.poll(async () => (await cells())[3]).toBe('Regras');
    [name, counted, excluded, decision] = await cells();
    expect([counted, decision]).toEqual(['3', 'Regras']);
    expect(excluded).toContain('Conta criada há menos de 7 dias 2');

    // ---- At 390 px: one card per member, nothing wider than the screen.
    await admin.page.setViewportSize(PHONE);
    const card = admin.page
      .getByRole('list', { name: `Curtidas de ${monthName(CURRENT)}` })
      .getByRole('listitem')
      .filter({ has: admin.page.getByRole('heading', { name: STAR }) });
    await card.waitFor();
    const cardText = async () => ((await card.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(await cardText()).toContain('Contadas3');
    expect(await cardText()).toContain('Conta criada há menos de 7 dias2');
    expect(await card.getByRole('button').count()).toBe(3);
    await settle(admin.page);
    await expect.poll(() => overflowing(admin.page), { timeout: 5_000 }).toEqual([]);
    await screenshot(admin.page, 'admin-ranking-390');
    await expectAccessible(admin.page, 'admin: Ranking (390)');

    // A closed month: read-only, frozen.
    await admin.page.getByRole('combobox', { name: 'Mês' }).selectOption(PREVIOUS);
    await admin.page.getByText(`Mês encerrado: o ranking de ${monthName(PREVIOUS)} está congelado`).waitFor();
    const closedCard = admin.page
      .getByRole('list', { name: `Curtidas de ${monthName(PREVIOUS)}` })
      .getByRole('listitem')
      .filter({ has: admin.page.getByRole('heading', { name: STAR }) });
    await expect
      .poll(async () => ((await closedCard.textContent()) ?? '').replace(/\s+/g, ' '))
      .toContain('Contadas2');
    expect(
      await admin.page.getByRole('button', { name: /Contar todas|Excluir todas|Voltar às regras/ }).count(),
    ).toBe(0);
    await screenshot(admin.page, 'admin-ranking-closed-390');
    await expectAccessible(admin.page, 'admin: Ranking, mês encerrado (390)');

    // ---- The owner's overview ('Visão geral') at 390 and 1440 px.
    await admin.page.goto('/admin?tab=dashboard');
    await admin.page.getByRole('heading', { name: 'Números do clube' }).waitFor();
    await admin.page.getByText('Total de usuários', { exact: true }).waitFor();
    await admin.page.getByRole('img', { name: 'Membros pagantes' }).waitFor();
    await settle(admin.page);
    await expect.poll(() => overflowing(admin.page), { timeout: 5_000 }).toEqual([]);
    await screenshot(admin.page, 'admin-overview-390');
    await expectAccessible(admin.page, 'admin: Visão geral (390)');
    await admin.page.setViewportSize({ width: 1440, height: 900 });
    await settle(admin.page);
    await admin.page.getByRole('heading', { name: 'Churn por mês' }).waitFor();
    await screenshot(admin.page, 'admin-overview-1440');
    await expectAccessible(admin.page, 'admin: Visão geral (1440)');
    await admin.context.close();

    // ---- The member: counted likes only, and last month's frozen ranking.
    await loginThroughForm(star.page, starEmail, 'segredo123');
    await star.page.getByText('Login realizado com sucesso!').first().waitFor();
    await star.page.goto('/dashboard?tab=ranking');
    await star.page.getByRole('heading', { level: 1, name: 'Ranking do Mês' }).waitFor();
    const places = async () =>
      (
        await star.page
          .getByRole('list', { name: 'Pódio' })
          .or(star.page.getByRole('region', { name: 'Outros Colocados' }))
          .getByRole('listitem')
          .allInnerTexts()
      ).map((t) => t.replace(/\s+/g, ' '));
    await star.page.getByRole('list', { name: 'Pódio' }).waitFor();
    await expect.poll(async () => (await places()).find((t) => t.includes(STAR))).toContain('3 curtidas');
    await star.page.getByRole('timer').waitFor();
    // Nothing says a like was excluded, nor why.
    const text = (await star.page.locator('body').textContent()) ?? '';
    for (const hidden of [...Object.values(LIKE_EXCLUSION_LABELS), ...LIKE_EXCLUSION_REASONS, 'xcluí']) {
      expect(text).not.toContain(hidden);
    }

    const picker = star.page.getByRole('combobox', { name: 'Mês do ranking' });
    await picker.selectOption(PREVIOUS);
    await star.page.getByRole('heading', { level: 2, name: `Ranking de ${monthName(PREVIOUS)}` }).waitFor();
    expect(await star.page.getByRole('timer').count()).toBe(0);
    await expect.poll(async () => (await places()).find((t) => t.includes(STAR))).toContain('2 curtidas');
    expect((await places()).find((t) => t.includes(VETERAN))).toContain('1 curtida');
    await settle(star.page);
    await screenshot(star.page, 'member-ranking-previous-1440');
    await expectAccessible(star.page, 'ranking: mês anterior (1440)');
    await star.page.setViewportSize(PHONE);
    await settle(star.page);
    await expect.poll(() => overflowing(star.page), { timeout: 5_000 }).toEqual([]);
    await screenshot(star.page, 'member-ranking-previous-390');
    await expectAccessible(star.page, 'ranking: mês anterior (390)');
    // Back to the current month: the countdown returns.
    await picker.selectOption(CURRENT);
    await star.page.getByRole('timer').waitFor();
    await settle(star.page);
    await screenshot(star.page, 'member-ranking-current-390');
    await expectAccessible(star.page, 'ranking: mês atual (390)');
    await star.context.close();
  });
});
