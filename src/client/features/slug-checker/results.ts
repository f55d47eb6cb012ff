import type { SlugResult } from '../../../shared/schemas/slug-checker';
import { toSpreadsheetCsv } from '../../lib/csv';

/**
 * The result tabs: all, valid (200), redirects (300-399), and "errors"
 * split in two: pages that do not exist (an ordinary 404 or a soft-404) and real failures (no answer, 5xx, any
 * other 4xx). A scan of ~1.370 slugs finds mostly 404s; listed as errors they buried the failures worth a look.
 */
export const RESULT_FILTERS = ['all', 'valid', 'redirects', 'notFound', 'errors'] as const;
export type ResultFilter = (typeof RESULT_FILTERS)[number];

export const RESULT_FILTER_LABELS: Record<ResultFilter, string> = {
  all: 'Todos',
  valid: 'Válidos',
  redirects: 'Redirecionamentos',
  notFound: 'Não encontradas (404)',
  errors: 'Erros',
};

/** The tab the results open on: the pages found are what a member scans for. */
export const DEFAULT_RESULT_FILTER: ResultFilter = 'valid';

/** Ten results shown until 'Carregar Mais'. */
export const RESULTS_PAGE_SIZE = 10;

export const isRedirect = (r: SlugResult) => r.status >= 300 && r.status < 400 && !r.softNotFound;
/** The page does not exist: a 404, or an answer that imitates the site's "not found" page (soft-404). */
export const isNotFound = (r: SlugResult) => r.status === 404 || r.softNotFound;
/** A real failure: no answer (0: refused, timeout, DNS...), a 5xx, or a 4xx other than 404 (403, 410, 429...). */
export const isError = (r: SlugResult) => !isNotFound(r) && (r.status === 0 || r.status >= 400);

const MATCHES: Record<ResultFilter, (r: SlugResult) => boolean> = {
  all: () => true,
  // The server's isValid: a 2xx that is not a soft-404 (the count matches the scan's validUrls).
  valid: (r) => r.isValid,
  redirects: isRedirect,
  notFound: isNotFound,
  errors: isError,
};

export function filterResults(results: readonly SlugResult[], filter: ResultFilter): SlugResult[] {
  return results.filter(MATCHES[filter]);
}

export function countResults(results: readonly SlugResult[]): Record<ResultFilter, number> {
  const counts = { all: results.length, valid: 0, redirects: 0, notFound: 0, errors: 0 };
  for (const r of results) {
    for (const f of RESULT_FILTERS) if (f !== 'all' && MATCHES[f](r)) counts[f]++;
  }
  return counts;
}

/** The CSV columns, in order. */
export const CSV_COLUMNS = [
  'URL',
  'Slug',
  'Status',
  'Status Text',
  'Valid',
  'Response Time',
  'Redirect URL',
] as const;

/** The CSV of these results (the columns above; Valid 'Sim'/'Não', Response Time in ms), for Excel in pt-BR. */
export function resultsToCsv(results: readonly SlugResult[]): string {
  return toSpreadsheetCsv([
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
  ]);
}

const FILE_SUFFIX: Record<ResultFilter, string> = {
  all: '',
  valid: 'validos',
  redirects: 'redirecionamentos',
  notFound: 'nao-encontradas',
  errors: 'erros',
};

const pad = (n: number) => String(n).padStart(2, '0');

/** The file name holds the domain and the date, e.g. `slugs_loja.com.br_2025-03-14.csv`
 * (`..._validos.csv` and so on when one tab is exported). */
export function csvFileName(domain: string, date: Date, filter: ResultFilter = 'all'): string {
  const safeDomain = domain.replace(/[^A-Za-z0-9.-]+/g, '_').replace(/^[._]+|[._]+$/g, '') || 'dominio';
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const suffix = filter === 'all' ? '' : `_${FILE_SUFFIX[filter]}`;
  return `slugs_${safeDomain}_${day}${suffix}.csv`;
}

const rank = (r: SlugResult) => (r.isValid ? 0 : isRedirect(r) ? 1 : isNotFound(r) ? 3 : 2);

/**
 * The order results are listed and exported in: found pages first, then redirects, then failures and other
 * answers (403, 500, no answer...), then 404s and soft-404s; the server's order within each group.
 */
export function orderResults(results: readonly SlugResult[]): SlugResult[] {
  return results.slice().sort((a, b) => rank(a) - rank(b));
}
