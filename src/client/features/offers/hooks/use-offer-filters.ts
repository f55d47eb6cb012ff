import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { CATALOGUE_FILTER_PARAMS } from '../../../../shared/first-screen';
import {
  CATALOGUE_SORTS,
  OFFER_FORMATS,
  OFFER_LANGUAGES,
  OFFER_MOMENTUMS,
  OFFER_NICHES,
  OFFER_STATUSES,
  TICKET_RANGES,
} from '../../../../shared/offer-constants';
import type { OfferFilters } from '../api/keys';

/** The URL parameters the catalogue owns (same names as GET /api/offers): its filters and the loaded page. */
export const FILTER_PARAMS = [...CATALOGUE_FILTER_PARAMS, 'page'] as const;
export type FilterParam = (typeof CATALOGUE_FILTER_PARAMS)[number];

/** Reload with `?page=9999` must not fire thousands of requests. */
const MAX_URL_PAGE = 50;

function pick<T extends string>(allowed: readonly T[], value: string | null): T | undefined {
  return allowed.find((option) => option === value);
}

/**
 * The catalogue's filters, sort and loaded page count, kept in the query string so reload and back keep
 * them. Unknown values in the URL are ignored; any change goes back to page 1 and replaces the history
 * entry (back leaves the catalogue instead of stepping through filters).
 */
export function useOfferFilters() {
  const [params, setParams] = useSearchParams();

  const filters = useMemo<OfferFilters>(
    () => ({
      search: params.get('search')?.trim().slice(0, 200) || undefined,
      status: pick(OFFER_STATUSES, params.get('status')),
      niche: pick(OFFER_NICHES, params.get('niche')),
      format: pick(OFFER_FORMATS, params.get('format')),
      language: pick(OFFER_LANGUAGES, params.get('language')),
      ticket: pick(TICKET_RANGES, params.get('ticket')),
      momentum: pick(OFFER_MOMENTUMS, params.get('momentum')),
      sort: pick(CATALOGUE_SORTS, params.get('sort')) ?? 'recent',
    }),
    [params],
  );
  const page = Math.min(MAX_URL_PAGE, Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const hasFilters = Boolean(
    filters.search ||
      filters.status ||
      filters.niche ||
      filters.format ||
      filters.language ||
      filters.ticket ||
      filters.momentum,
  );

  const setFilter = useCallback(
    (key: FilterParam, value: string) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value && !(key === 'sort' && value === 'recent')) next.set(key, value);
          else next.delete(key);
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const clearFilters = useCallback(() => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const key of FILTER_PARAMS) if (key !== 'sort') next.delete(key);
        return next;
      },
      { replace: true },
    );
  }, [setParams]);

  const setPage = useCallback(
    (value: number) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value > 1) next.set('page', String(Math.min(MAX_URL_PAGE, value)));
          else next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return { filters, page, hasFilters, setFilter, clearFilters, setPage };
}
