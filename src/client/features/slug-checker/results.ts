import type { SlugResult } from '../../../shared/schemas/slug-checker';
import { CSV_BOM, toCsv } from '../../lib/csv';

/** The result tabs of spec 01 ("Slug checker tab"): all, valid (200), redirects (300-399), errors (404 or 0). */
export const RESULT_FILTERS = ['all', 'valid', 'redirects', 'errors'] as const;
export type ResultFilter = (typeof RESULT_FILTERS)[number];

export const RESULT_FILTER_LABELS: Record<ResultFilter, string> = {
  all: 'Todos',
  valid: 'Válidos',
  redirects: 'Redirecionamentos',
  errors: 'Erros',
};

/** Spec 01 §9: ten results shown until 'Carregar Mais'. */
export const RESULTS_PAGE_SIZE = 10;

export const isRedirect = (r: SlugResult) => r.status >= 300 && r.status < 400 && !r.softNotFound;
/** 404, a failed request (0), or an answer that imitates the site's "not found" page (soft-404). */
export const isError = (r: SlugResult) => r.status === 404 || r.status === 0 || r.softNotFound;

const MATCHES: Record<ResultFilter, (r: SlugResult) => boolean> = {
  all: () => true,
  // The server's isValid: a 2xx that is not a soft-404 (the count matches the scan's validUrls).
  valid: (r) => r.isValid,
  redirects: isRedirect,
  errors: isError,
};

export function filterResults(results: readonly SlugResult[], filter: ResultFilter): SlugResult[] {
  return results.filter(MATCHES[filter]);
}

export function countResults(results: readonly SlugResult[]): Record<ResultFilter, number> {
  const counts = { all: results.length, valid: 0, redirects: 0, errors: 0 };
  for (const r of results) {
    if (MATCHES.valid(r)) counts.valid++;
    if (MATCHES.redirects(r)) counts.redirects++;
    if (MATCHES.errors(r)) counts.errors++;
  }
  return counts;
}

/** Spec 01 §9: the CSV columns, in order. */
export const CSV_COLUMNS = [
  'URL',
  'Slug',
  'Status',
  'Status Text',
  'Valid',
  'Response Time',
  'Redirect URL',
] as const;

/** The CSV of these results (spec §9 columns; Valid 'Sim'/'Não', Response Time in ms), with a BOM for Excel. */
export function resultsToCsv(results: readonly SlugResult[]): string {
  return (
    CSV_BOM +
    toCsv([
      CSV_COLUMNS,
      ...results.map((r) => [
        r.url,
        r.slug,
        r.status,
        r.statusText,
        r.isValid ? 'Sim' : 'Não',
        r.responseTime,
        r.redirectUrl ?? '',
      ]),
    ])
  );
}

const FILE_SUFFIX: Record<ResultFilter, string> = {
  all: '',
  valid: 'validos',
  redirects: 'redirecionamentos',
  errors: 'erros',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec §9: the file name holds the domain and the date, e.g. `slugs_loja.com.br_2025-03-14.csv`
 * (`..._validos.csv` and so on when one tab is exported). */
export function csvFileName(domain: string, date: Date, filter: ResultFilter = 'all'): string {
  const safeDomain = domain.replace(/[^A-Za-z0-9.-]+/g, '_').replace(/^[._]+|[._]+$/g, '') || 'dominio';
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const suffix = filter === 'all' ? '' : `_${FILE_SUFFIX[filter]}`;
  return `slugs_${safeDomain}_${day}${suffix}.csv`;
}

const rank = (r: SlugResult) => (r.isValid ? 0 : isRedirect(r) ? 1 : isError(r) ? 3 : 2);

/**
 * The order results are listed and exported in: found pages first, then redirects, then other answers (403,
 * 500...), then 404s, failures and soft-404s; the server's order within each group.
 */
export function orderResults(results: readonly SlugResult[]): SlugResult[] {
  return results.slice().sort((a, b) => rank(a) - rank(b));
}
