import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RankingEntry } from '../../../../shared/schemas/community';
import { createFetchStub, json, renderWithProviders } from '../../../testing/render-with-providers';
import { currentMonthLabel, timeLeft } from './ranking-countdown';
import RankingTab, { PRIZES } from './ranking-tab';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** The months the picker offers: only the current one (the picker stays hidden) unless a test says otherwise. */
const ONLY_CURRENT = { 'GET /api/ranking/months': () => json(200, { months: ['2026-11'] }) };

const entry = (position: number): RankingEntry => ({
  id: `u${position}`,
  position,
  name: `Membro ${position}`,
  avatar: null,
  instagram: position === 1 ? 'primeiro' : null,
  monthlyLikes: 100 - position,
});

describe('RankingTab', () => {
  it('shows the podium, places 4 to 10 as Outros Colocados, the prizes and the São Paulo month', async () => {
    // 30 Nov 2026, 23:59:50 in São Paulo (UTC-3) is already 1 Dec in UTC.
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-12-01T02:59:50.000Z') });
    const stub = createFetchStub({
      ...ONLY_CURRENT,
      'GET /api/ranking/monthly': () =>
        json(
          200,
          Array.from({ length: 10 }, (_, i) => entry(i + 1)),
        ),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<RankingTab />);
    expect(screen.getByRole('status', { name: 'Carregando ranking' })).toBeTruthy();
    expect(screen.getByText('Novembro de 2026')).toBeTruthy();
    expect(screen.getByRole('timer').getAttribute('aria-label')).toBe(
      '0 dias, 0 horas, 0 minutos e 10 segundos',
    );
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.getByRole('timer').getAttribute('aria-label')).toMatch(/e [0-7] segundos$/);

    const podium = await screen.findByRole('list', { name: 'Pódio' });
    const places = within(podium).getAllByRole('listitem');
    expect(places).toHaveLength(3);
    expect(within(places[0]).getByText('Membro 1')).toBeTruthy();
    expect(within(places[0]).getByText('@primeiro')).toBeTruthy();
    expect(within(places[0]).getByText('99 curtidas')).toBeTruthy();
    // The prize never breaks between 'R$' and the amount: a no-break space, inside a nowrap span.
    const prize = within(places[0]).getByText('R$\u00a02.000,00', { normalizer: (t) => t });
    expect(prize.className).toContain('whitespace-nowrap');
    expect(prize.parentElement?.textContent).toBe('Prêmio: R$\u00a02.000,00');
    expect(PRIZES).toEqual(['R$\u00a02.000,00', 'R$\u00a01.000,00', 'R$\u00a0500,00']);
    const others = screen.getByRole('region', { name: 'Outros Colocados' });
    const rows = within(others).getAllByRole('listitem');
    expect(rows).toHaveLength(7);
    expect(within(rows[0]).getByText('4º')).toBeTruthy();
    expect(within(rows[6]).getByText('Membro 10')).toBeTruthy();
    expect(screen.getAllByText(/R\$ 1\.000,00/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/R\$ 500,00/).length).toBeGreaterThan(0);
    expect(stub.unexpected).toEqual([]);
  });

  it('opens the profile modal from the podium and from the other places', async () => {
    const stub = createFetchStub({
      ...ONLY_CURRENT,
      'GET /api/ranking/monthly': () =>
        json(
          200,
          Array.from({ length: 5 }, (_, i) => entry(i + 1)),
        ),
      'GET /api/user/u1/profile': () =>
        json(200, {
          name: 'Membro 1',
          avatar: null,
          uniqueId: 'ESC-0101',
          instagram: 'primeiro',
          totalLikesReceived: 250,
          memberSince: '2025-05-05T12:00:00.000Z',
        }),
      'GET /api/user/u5/profile': () =>
        json(200, {
          name: 'Membro 5',
          avatar: null,
          uniqueId: 'ESC-0105',
          instagram: null,
          totalLikesReceived: 12,
          memberSince: '2026-02-05T12:00:00.000Z',
        }),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<RankingTab />);
    const podium = await screen.findByRole('list', { name: 'Pódio' });
    fireEvent.click(within(podium).getByRole('button', { name: 'Ver perfil de Membro 1' }));
    let dialog = await screen.findByRole('dialog', { name: 'Perfil do membro' });
    expect(await within(dialog).findByText('ESC-0101')).toBeTruthy();
    expect(within(dialog).getByText('250')).toBeTruthy();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Fechar' })[1]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const others = screen.getByRole('region', { name: 'Outros Colocados' });
    fireEvent.click(within(others).getByRole('button', { name: 'Ver perfil de Membro 5' }));
    dialog = await screen.findByRole('dialog', { name: 'Perfil do membro' });
    expect(await within(dialog).findByText('ESC-0105')).toBeTruthy();
    expect(stub.unexpected).toEqual([]);
  });

  it('shows the empty state', async () => {
    const stub = createFetchStub({ ...ONLY_CURRENT, 'GET /api/ranking/monthly': () => json(200, []) });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<RankingTab />);
    expect(await screen.findByText('Nenhum ranking disponível ainda.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Pódio' })).toBeNull();
    await waitFor(() => expect(stub.calls.map((c) => c.path)).toContain('/api/ranking/months'));
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(stub.unexpected).toEqual([]);
  });

  it("shows an earlier month's frozen ranking with its heading and no countdown, and comes back", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-20T15:00:00.000Z') });
    const stub = createFetchStub({
      'GET /api/ranking/months': () => json(200, { months: ['2026-11', '2026-10', '2026-09'] }),
      'GET /api/ranking/monthly': () => json(200, [entry(1)]),
      'GET /api/ranking/monthly?month=2026-10': () =>
        json(
          200,
          Array.from({ length: 4 }, (_, i) => ({ ...entry(i + 1), name: `Outubro ${i + 1}` })),
        ),
      'GET /api/ranking/monthly?month=2026-09': () => json(200, []),
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderWithProviders(<RankingTab />);
    const select = await screen.findByRole('combobox', { name: 'Mês do ranking' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Novembro de 2026 (em andamento)', 'Outubro de 2026', 'Setembro de 2026']);
    expect(screen.getByRole('timer')).toBeTruthy();

    fireEvent.change(select, { target: { value: '2026-10' } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Ranking de outubro de 2026' })).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Como funciona' })).toBeNull();
    const podium = await screen.findByRole('list', { name: 'Pódio' });
    expect(within(podium).getByText('Outubro 1')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Outros Colocados' })).getByText('Outubro 4'),
    ).toBeTruthy();

    fireEvent.change(select, { target: { value: '2026-09' } });
    expect(await screen.findByText('Ninguém entrou no ranking de setembro de 2026.')).toBeTruthy();

    fireEvent.change(select, { target: { value: '2026-11' } });
    expect(await screen.findByRole('timer')).toBeTruthy();
    expect(within(await screen.findByRole('list', { name: 'Pódio' })).getByText('Membro 1')).toBeTruthy();
    expect(stub.unexpected).toEqual([]);
  });

  it('counts down to the first instant of next month in São Paulo', () => {
    const now = new Date('2026-11-30T12:00:00.000Z'); // 09:00 in São Paulo
    expect(timeLeft(now, new Date('2026-12-01T03:00:00.000Z'))).toEqual({
      days: 0,
      hours: 15,
      minutes: 0,
      seconds: 0,
    });
    expect(timeLeft(now, new Date('2026-11-01T03:00:00.000Z')).seconds).toBe(0);
    expect(currentMonthLabel(new Date('2026-12-01T02:00:00.000Z'))).toBe('Novembro de 2026');
    expect(currentMonthLabel(new Date('2026-12-01T03:00:00.000Z'))).toBe('Dezembro de 2026');
  });
});
