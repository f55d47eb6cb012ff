import { useQuery } from '@tanstack/react-query';
import { saoPauloMonthKey } from '../../shared/sao-paulo-month';
import type { RankingMonthList } from '../../shared/schemas/community';
import { api } from './api-client';

/**
 * The months whose ranking can be opened, shared by the members' ranking and the administrator's review (two
 * features: the hook lives here).
 */
export const rankingMonthsKey = ['ranking', 'months'] as const;

/**
 * GET /api/ranking/months: newest first, the current São Paulo month first. Until it answers (or if it fails) the
 * list is just the current month, so the screen never waits on it.
 */
export function useRankingMonths(): string[] {
  const query = useQuery({
    queryKey: rankingMonthsKey,
    queryFn: () => api.get<RankingMonthList>('/api/ranking/months'),
    // A new month appears once a month: no need to ask again on every visit.
    staleTime: 10 * 60_000,
  });
  return query.data?.months.length ? query.data.months : [saoPauloMonthKey()];
}

const monthName = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-10' → 'outubro de 2026' (the calendar month named, with no time-zone shift). */
export function rankingMonthLabel(key: string): string {
  const [year, month] = key.split('-').map(Number) as [number, number];
  return monthName.format(new Date(Date.UTC(year, month - 1, 15)));
}

/** '2026-10' → 'Outubro de 2026' (the start of a sentence or an option). */
export function rankingMonthTitle(key: string): string {
  const label = rankingMonthLabel(key);
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** A month as the month selects list it: the open one says so ('Novembro de 2026 (em andamento)'). */
export function rankingMonthOption(key: string, current: string = saoPauloMonthKey()): string {
  return key === current ? `${rankingMonthTitle(key)} (em andamento)` : rankingMonthTitle(key);
}
