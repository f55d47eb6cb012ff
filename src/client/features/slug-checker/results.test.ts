import { describe, expect, it } from 'vitest';
import { countResults, csvFileName, filterResults, orderResults } from './results';
import { makeResult, sampleResults } from './test-fixtures';

describe('result tabs', () => {
  it('sorts soft-404s into the errors, never into valid or redirects; a 403 only in all', () => {
    const results = sampleResults();
    expect(countResults(results)).toEqual({ all: 24, valid: 12, redirects: 3, errors: 8 });
    expect(filterResults(results, 'redirects').map((r) => r.slug)).toEqual(['checkout', 'membros', 'pix']);
    expect(filterResults(results, 'errors').map((r) => r.slug)).toContain('painel');
    const tabsOf403 = (['valid', 'redirects', 'errors'] as const).filter((f) =>
      filterResults(results, f).some((r) => r.slug === 'wp-admin'),
    );
    expect(tabsOf403).toEqual([]);
  });

  it('lists found pages first, then redirects, other answers, and errors last', () => {
    const ordered = orderResults([
      makeResult('a', 404),
      makeResult('b', 403),
      makeResult('c', 302),
      makeResult('d', 200),
      makeResult('e', 200, { softNotFound: true }),
      makeResult('f', 200),
    ]);
    expect(ordered.map((r) => r.slug)).toEqual(['d', 'f', 'c', 'b', 'a', 'e']);
  });
});

describe('csvFileName', () => {
  it('carries the domain (safe for a file name) and the date', () => {
    const date = new Date(2025, 2, 4, 23, 59);
    expect(csvFileName('loja.com.br', date)).toBe('slugs_loja.com.br_2025-03-04.csv');
    expect(csvFileName('127.0.0.1:3000', date, 'valid')).toBe('slugs_127.0.0.1_3000_2025-03-04_validos.csv');
    expect(csvFileName('../../etc', date)).toBe('slugs_etc_2025-03-04.csv');
  });
});
